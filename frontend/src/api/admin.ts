// The administration API (`/api/admin/*`): user accounts and route permissions, with the users, routes and held
// permissions to choose from read through the records module (selectall). Never a password hash.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { request } from './client';
import * as records from './records';
import type { Actions, AdminReply, Copy, EntryRow, NewUser, Routes, UserChanges } from './schema';
import { screenKeys } from './screens';

export function useUserAdmin() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: screenKeys.table('users') }),
      queryClient.invalidateQueries({ queryKey: ['record', 'users'] }),
    ]);
  const create = useMutation({
    mutationFn: (user: NewUser) => request<AdminReply>('/api/admin/users', { method: 'POST', body: user }),
    onSuccess: refresh,
  });
  const edit = useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UserChanges }) =>
      request<AdminReply>(`/api/admin/users/${id}`, { method: 'PUT', body: changes }),
    onSuccess: refresh,
  });
  const setActive = useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      request<AdminReply>(`/api/admin/users/${id}/${active ? 'activate' : 'deactivate'}`, {
        method: 'POST',
        body: {},
      }),
    onSuccess: refresh,
  });
  const setPassword = useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) =>
      request<AdminReply>(`/api/admin/users/${id}/password`, { method: 'POST', body: { password } }),
    onSuccess: refresh,
  });
  return { create, edit, setActive, setPassword };
}

export function usePermissionAdmin() {
  const queryClient = useQueryClient();
  /** Reads the permissions again: once after a whole save (several grants and a revoke), not after each call,
   * so the editor is not reset half-way and the notice does not wait on the reads. */
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['permissions'] }),
      queryClient.invalidateQueries({ queryKey: ['auth', 'me'] }),
    ]);
  const grant = useMutation({
    mutationFn: (body: Routes) =>
      request<AdminReply>('/api/admin/permissions/grant', { method: 'POST', body }),
  });
  const revoke = useMutation({
    mutationFn: (body: Routes) =>
      request<AdminReply>('/api/admin/permissions/revoke', { method: 'POST', body }),
  });
  const copy = useMutation({
    mutationFn: (body: Copy) => request<AdminReply>('/api/admin/permissions/copy', { method: 'POST', body }),
  });
  return { grant, revoke, copy, refresh };
}

/** A navigation row that is a route (groups have none). */
export type NavigationRoute = Omit<EntryRow<'navigation', 'id' | 'c_title' | 'c_route'>, 'c_route'> & {
  c_route: string;
};

type NavigationRow = EntryRow<'navigation', 'id' | 'c_title' | 'c_route'>;

export type UserChoice = EntryRow<'v_user_list', 'id' | 'name' | 'email'>;

/** Active users (for choosing whose permissions to change). */
export function useUserChoices() {
  return useQuery({
    queryKey: ['permissions', 'users'],
    queryFn: ({ signal }) => records.selectAll<UserChoice>('v_user_list', { cols: 'id,name,email' }, signal),
  });
}

/** Every console route of the navigation master. */
export function useNavigationRoutes() {
  return useQuery({
    queryKey: ['permissions', 'navigation'],
    queryFn: async ({ signal }) => {
      const rows = await records.selectAll<NavigationRow>(
        'navigation',
        { cols: 'id,c_title,c_route' },
        signal,
      );
      return rows.filter(
        (row): row is NavigationRoute => typeof row.c_route === 'string' && row.c_route !== '',
      );
    },
  });
}

type HeldRow = EntryRow<
  'user_permission_nav',
  'n_nav_id' | 'n_create' | 'n_update' | 'n_delete' | 'n_export'
>;

/**
 * The routes `userId` holds, by navigation id, with what they may do on each beyond opening it (docs/console.md
 * §7's permission rows, a legacy `whrc` call).
 */
export function useUserRoutes(userId: number | null) {
  return useQuery({
    queryKey: ['permissions', 'held', userId],
    enabled: userId !== null,
    queryFn: async ({ signal }) => {
      const rows = await records.selectAll<HeldRow>(
        'user_permission_nav',
        { cols: 'n_nav_id,n_create,n_update,n_delete,n_export', whrc: `n_user_id = ${userId ?? 0}` },
        signal,
      );
      const held = new Map<number, Actions>();
      for (const row of rows) {
        if (row.n_nav_id === null) continue;
        held.set(row.n_nav_id, {
          create: row.n_create === 1,
          update: row.n_update === 1,
          delete: row.n_delete === 1,
          export: row.n_export === 1,
        });
      }
      return held;
    },
  });
}
