// Document management screens (issue 31): search and the explorer (upload, revisions, compare).
export { DmsSearchScreen } from './search-screen';
export { DmsExplorerScreen } from './explorer-screen';
