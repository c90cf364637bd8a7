// Whether the last call reached the gateway: the small offline indicator of the header reads this.
import { useSyncExternalStore } from 'react';

let offline = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  if (offline === value) return;
  offline = value;
  for (const listener of listeners) listener();
}

export const reportOffline = (): void => set(true);
export const reportOnline = (): void => set(false);

export function useOffline(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => offline,
  );
}
