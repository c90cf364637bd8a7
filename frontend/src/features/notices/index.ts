// The notices and confirmations of docs/console.md §5 and §8, the guard that asks before a changed form closes, and
// the one alert for data that could not be loaded.
export * from './notices';
export * from './discard-guard';
export * from './load-error';
