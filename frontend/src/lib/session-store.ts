/**
 * The signed-in session as docs/console.md §3 keeps it in browser storage: key `user` ({id, name, accessToken}) and
 * key `navjson` (the navigation items). Signed in means the user record exists (docs/console.md §4). It lives below
 * the API client and every feature, so the client reads the token here and no layer reaches up for it.
 */
import type { NavItemInput } from './navigation';

export const USER_KEY = 'user';
export const NAVIGATION_KEY = 'navjson';

export interface StoredUser {
  id: number;
  name: string;
  accessToken: string;
}

const listeners = new Set<() => void>();
let cachedText: string | null | undefined;
let cachedUser: StoredUser | null = null;

/** The stored user, parsed once per change of its text (a stable value for React). */
export function readUser(): StoredUser | null {
  const text = localStorage.getItem(USER_KEY);
  if (text === cachedText) return cachedUser;
  cachedText = text;
  cachedUser = parseUser(text);
  return cachedUser;
}

export function parseUser(text: string | null): StoredUser | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<StoredUser>;
    if (
      typeof value.id === 'number' &&
      typeof value.name === 'string' &&
      typeof value.accessToken === 'string'
    ) {
      return { id: value.id, name: value.name, accessToken: value.accessToken };
    }
  } catch {
    // Unreadable storage counts as signed out.
  }
  return null;
}

let cachedNavigationText: string | null | undefined;
let cachedNavigation: NavItemInput[] = [];

/** The stored navigation, parsed once per change of its text (a stable value for React). */
export function readNavigation(): NavItemInput[] {
  const text = localStorage.getItem(NAVIGATION_KEY);
  if (text === cachedNavigationText) return cachedNavigation;
  cachedNavigationText = text;
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    cachedNavigation = Array.isArray(value) ? (value as NavItemInput[]) : [];
  } catch {
    cachedNavigation = [];
  }
  return cachedNavigation;
}

export function saveSession(user: StoredUser, navigation: readonly NavItemInput[]): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  localStorage.setItem(NAVIGATION_KEY, JSON.stringify(navigation));
  notify();
}

/** Stores the navigation the server answers, when it differs (a grant or revoke changes it). */
export function saveNavigation(navigation: readonly NavItemInput[]): void {
  const text = JSON.stringify(navigation);
  if (text === localStorage.getItem(NAVIGATION_KEY)) return;
  localStorage.setItem(NAVIGATION_KEY, text);
  notify();
}

export function clearSession(): void {
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(NAVIGATION_KEY);
  notify();
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** Calls `listener` when the session changes, in this tab or another (a sign-in or sign-out elsewhere). */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === USER_KEY || event.key === NAVIGATION_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
