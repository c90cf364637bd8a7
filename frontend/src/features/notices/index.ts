// The notices and confirmations of docs/console.md §5 and §8, and the guard that asks before a changed form closes.
export * from './notices';
export * from './discard-guard';
