// The administration API (`/api/admin/*`): user accounts and route permissions. Never a password hash.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { request } from './client';
import { screenKeys } from './screens';

export interface AdminReply {
  result: string;
  message: string;
  data?: Record<string, unknown>;
}

export interface NewUser {
  username: string;
  name: string;
  email: string;
  password: string;
  mobile: string | null;
  designation: string | null;
  active: boolean;
  superadmin: boolean;
}

export type UserChanges = Pick<NewUser, 'name' | 'email' | 'mobile' | 'designation' | 'superadmin'>;

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
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['permissions'] }),
      queryClient.invalidateQueries({ queryKey: ['auth', 'me'] }),
    ]);
  const grant = useMutation({
    mutationFn: (body: { n_user_id: number; routes: string[] }) =>
      request<AdminReply>('/api/admin/permissions/grant', { method: 'POST', body }),
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: (body: { n_user_id: number; routes: string[] }) =>
      request<AdminReply>('/api/admin/permissions/revoke', { method: 'POST', body }),
    onSuccess: refresh,
  });
  const copy = useMutation({
    mutationFn: (body: { from_user_id: number; to_user_id: number; replace: boolean }) =>
      request<AdminReply>('/api/admin/permissions/copy', { method: 'POST', body }),
    onSuccess: refresh,
  });
  return { grant, revoke, copy };
}

export interface NavigationRoute {
  id: number;
  c_title: string;
  c_route: string;
}

export interface UserChoice {
  id: number;
  name: string;
  email: string;
}

/** Active users (for choosing whose permissions to change). */
export function useUserChoices() {
  return useQuery({
    queryKey: ['permissions', 'users'],
    queryFn: ({ signal }) =>
      request<UserChoice[]>('/api/custom/selectall', {
        query: { t: 'v_user_list', cols: 'id,name,email' },
        signal,
      }),
  });
}

/** Every console route of the navigation master. */
export function useNavigationRoutes() {
  return useQuery({
    queryKey: ['permissions', 'navigation'],
    queryFn: async ({ signal }) => {
      const rows = await request<NavigationRoute[]>('/api/custom/selectall', {
        query: { t: 'navigation', cols: 'id,c_title,c_route' },
        signal,
      });
      return rows.filter((row) => typeof row.c_route === 'string' && row.c_route !== '');
    },
  });
}

/** The navigation ids of the routes `userId` holds. */
export function useUserRoutes(userId: number | null) {
  return useQuery({
    queryKey: ['permissions', 'held', userId],
    enabled: userId !== null,
    queryFn: async ({ signal }) => {
      const rows = await request<{ n_nav_id: number }[]>('/api/custom/selectall', {
        query: { t: 'user_permission_nav', cols: 'n_nav_id', whrc: `n_user_id = ${userId ?? 0}` },
        signal,
      });
      return new Set(rows.map((row) => row.n_nav_id));
    },
  });
}
