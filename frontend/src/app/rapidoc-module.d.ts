// The package registers <rapi-doc> as a side effect and exports nothing the console uses.
declare module 'rapidoc';
