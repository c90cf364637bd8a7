// Sign-in, the session's user and routes, and the account calls (SPEC §2, §4, §7).
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';

import { useEffect } from 'react';

import { NAVIGATION_KEY, saveNavigation, saveSession, useSession } from '../features/session/session';
import type { NavItemInput } from '../lib/navigation';
import { request } from './client';

export interface SignedIn {
  id: number;
  username: string;
  name: string;
  email: string;
  accessToken: string;
  roles: string[];
  expiresAt: string;
}

export interface Me {
  user: {
    id: number;
    username: string;
    name: string;
    email: string;
    mobile: string | null;
    designation: string | null;
    superadmin: boolean;
    /** The sign-in before this one (the footer's last activity). */
    previousLogin: string | null;
  };
  routes: string[];
  navigation: NavItemInput[];
}

/** SPEC §7's write replies. */
export interface Outcome {
  result: 'success' | 'failed';
  message: string;
}

export const meQuery = queryOptions({
  queryKey: ['auth', 'me'],
  queryFn: ({ signal }) => request<Me>('/api/auth/me', { signal }),
  staleTime: 60_000,
});

/** The signed-in user's profile, routes and navigation. */
export function useMe() {
  const session = useSession();
  return useQuery({ ...meQuery, enabled: session !== null });
}

/** Keeps `navjson` equal to the navigation the server answers (a grant or revoke changes it). */
export function useNavigationSync(): void {
  const navigation = useMe().data?.navigation;
  useEffect(() => {
    if (navigation && JSON.stringify(navigation) !== localStorage.getItem(NAVIGATION_KEY)) {
      saveNavigation(navigation);
    }
  }, [navigation]);
}

/** Signs in, then stores the user and the navigation as SPEC §3 says. */
export async function signIn(username: string, password: string): Promise<SignedIn> {
  const signed = await request<SignedIn>('/api/auth/signin', {
    method: 'POST',
    body: { username, password },
    keepSessionOn401: true,
  });
  // The token must be stored before /me can be asked.
  saveSession({ id: signed.id, name: signed.name, accessToken: signed.accessToken }, []);
  const me = await request<Me>('/api/auth/me');
  saveSession({ id: signed.id, name: signed.name, accessToken: signed.accessToken }, me.navigation);
  return signed;
}

export function useSignIn() {
  return useMutation({
    mutationFn: ({ username, password }: { username: string; password: string }) =>
      signIn(username, password),
  });
}

export function useLogout() {
  return useMutation({
    mutationFn: ({ userId, token }: { userId: number; token: string }) =>
      request<Outcome>('/api/auth/logout', { method: 'POST', body: { n_user_id: userId, c_token: token } }),
  });
}

export interface Registration {
  username: string;
  name: string;
  email: string;
  password: string;
  mobile?: string;
  designation?: string;
}

export function useRegister() {
  return useMutation({
    mutationFn: (registration: Registration) =>
      request<Outcome>('/api/auth/register', { method: 'POST', body: registration, keepSessionOn401: true }),
  });
}

export function useForgot() {
  return useMutation({
    mutationFn: (email: string) =>
      request<Outcome>('/api/auth/forgot', { method: 'POST', body: { email }, keepSessionOn401: true }),
  });
}

export function useReset() {
  return useMutation({
    mutationFn: ({ token, password }: { token: string; password: string }) =>
      request<Outcome>('/api/auth/reset', {
        method: 'POST',
        body: { token, password },
        keepSessionOn401: true,
      }),
  });
}

export function useUnlock() {
  return useMutation({
    mutationFn: (password: string) =>
      request<Outcome>('/api/auth/unlock', { method: 'POST', body: { password }, keepSessionOn401: true }),
  });
}
