/** React's view of the session store: components and query hooks re-render when the user signs in or out. */
import { useSyncExternalStore } from 'react';

import type { NavItemInput } from './navigation';
import { readNavigation, readUser, type StoredUser, subscribeSession } from './session-store';

export function useSession(): StoredUser | null {
  return useSyncExternalStore(subscribeSession, readUser, () => null);
}

/** The stored navigation items; re-renders when they are stored again. */
export function useStoredNavigation(): NavItemInput[] {
  return useSyncExternalStore(subscribeSession, readNavigation, () => []);
}
