// The notices and confirmations of docs/console.md §5 and §8.
export * from './notices';
