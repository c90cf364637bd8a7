/**
 * The signed-in session as SPEC §3 keeps it in browser storage: key `user` ({id, name, accessToken}) and key
 * `navjson` (the navigation items). Logged in means the user record exists (SPEC §4). Components subscribe with
 * `useSession`; the API client reads the token from here.
 */
import { useSyncExternalStore } from 'react';

import type { NavItemInput } from '../../lib/navigation';

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

export function readUser(): StoredUser | null {
  const text = localStorage.getItem(USER_KEY);
  if (text === cachedText) return cachedUser;
  cachedText = text;
  cachedUser = parseUser(text);
  return cachedUser;
}

function parseUser(text: string | null): StoredUser | null {
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

export function saveSession(user: StoredUser, navigation: NavItemInput[]): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  localStorage.setItem(NAVIGATION_KEY, JSON.stringify(navigation));
  notify();
}

export function saveNavigation(navigation: NavItemInput[]): void {
  localStorage.setItem(NAVIGATION_KEY, JSON.stringify(navigation));
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

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === USER_KEY || event.key === NAVIGATION_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): StoredUser | null {
  return useSyncExternalStore(subscribe, readUser, () => null);
}

/** The stored navigation items; re-renders when they are stored again. */
export function useStoredNavigation(): NavItemInput[] {
  return useSyncExternalStore(subscribe, readNavigation, () => []);
}
