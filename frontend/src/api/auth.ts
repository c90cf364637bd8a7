// Sign-in, the session's user, routes and screen catalogue, and the account calls (docs/console.md §2, §4, §7).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { saveNavigation, saveSession } from '../lib/session-store';
import { useSession } from '../lib/use-session';
import { request } from './client';
import type { Me, Outcome, Register, SignedIn } from './schema';

export const meQuery = queryOptions({
  queryKey: ['auth', 'me'],
  queryFn: ({ signal }) => request<Me>('/api/auth/me', { signal }),
  staleTime: 60_000,
});

/** The signed-in user's profile, held routes, navigation and the console's screen catalogue. */
export function useMe() {
  const session = useSession();
  return useQuery({ ...meQuery, enabled: session !== null });
}

/** Keeps `navjson` equal to the navigation the server answers (a grant or revoke changes it). */
export function useNavigationSync(): void {
  const navigation = useMe().data?.navigation;
  useEffect(() => {
    if (navigation) saveNavigation(navigation);
  }, [navigation]);
}

/**
 * Signs in, then stores the user and the navigation as docs/console.md §3 says. A field form names its device
 * (`deviceId`): registered for the user, the session lasts for weeks (`deviceRegistered` in the answer).
 */
export async function signIn(username: string, password: string, deviceId?: string): Promise<SignedIn> {
  const signed = await request<SignedIn>('/api/auth/signin', {
    method: 'POST',
    body: deviceId === undefined ? { username, password } : { username, password, device_id: deviceId },
    keepSessionOn401: true,
  });
  const user = { id: signed.id, name: signed.name, accessToken: signed.accessToken };
  // The token must be stored before /me can be asked.
  saveSession(user, []);
  const me = await request<Me>('/api/auth/me');
  saveSession(user, me.navigation);
  return signed;
}

export function useSignIn() {
  return useMutation({
    mutationFn: ({
      username,
      password,
      deviceId,
    }: {
      username: string;
      password: string;
      deviceId?: string;
    }) => signIn(username, password, deviceId),
  });
}

export function useLogout() {
  return useMutation({
    mutationFn: ({ userId, token }: { userId: number; token: string }) =>
      request<Outcome>('/api/auth/logout', { method: 'POST', body: { n_user_id: userId, c_token: token } }),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (registration: Register) =>
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      request<Outcome>('/api/auth/unlock', { method: 'POST', body: { password }, keepSessionOn401: true }),
    // Read again before going back: no page of the lock screen watches the profile, and the remembered one
    // (locked) would send the user straight back to the lock screen.
    onSuccess: () => queryClient.refetchQueries({ queryKey: meQuery.queryKey, type: 'all' }),
  });
}

/** Locks the session on the server: until unlocked it answers only unlock, logout and who-am-I. */
export function useLock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request<Outcome>('/api/auth/lock', { method: 'POST', body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQuery.queryKey }),
  });
}

/**
 * The signed-in user's own mail choice (`PUT /api/auth/me/mail`): copies and due-date reminders as one digest a
 * day, or each as it happens. The profile is read again so the choice shown is the stored one.
 */
export function useMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mailDigest: boolean) =>
      request<Outcome>('/api/auth/me/mail', { method: 'PUT', body: { mail_digest: mailDigest } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQuery.queryKey }),
  });
}
