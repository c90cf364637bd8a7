// The header, ribbon, footer and strip calls of SPEC §7, as TanStack Query hooks.
import { useQuery } from '@tanstack/react-query';

import { useSession } from '../features/session/session';
import { request } from './client';

/** `GET /api/custom/selectall`: rows of a registry entry. */
export function selectAll<T>(t: string, cols: string, whrc = '', signal?: AbortSignal): Promise<T[]> {
  return request<T[]>('/api/custom/selectall', { query: { t, cols, whrc }, signal });
}

export interface ReminderAlert {
  id: number;
  c_url: string;
  c_title: string;
  c_detailed_action_plan: string | null;
  d_scheduled_date_time: string;
  n_user_id: number;
  n_sent_status: number;
  n_owner_id: number;
}

export const reminderKeys = { all: ['reminders'] as const };

/** The user's reminder alerts (own and forwarded), latest first: the bell's count and the modal's list. */
export function useReminders() {
  const session = useSession();
  return useQuery({
    queryKey: [...reminderKeys.all, session?.id],
    enabled: session !== null,
    queryFn: ({ signal }) =>
      selectAll<ReminderAlert>(
        'v_reminder',
        'id,c_url,c_title,c_detailed_action_plan,d_scheduled_date_time,n_user_id,n_sent_status,n_owner_id',
        // Superadmins may read every row of the view: the bell shows the user's own alerts only.
        `n_user_id = ${session?.id ?? 0} ORDER BY d_scheduled_date_time DESC`,
        signal,
      ),
    refetchInterval: 60_000,
  });
}

export interface UserListEntry {
  id: number;
  name: string;
  email: string;
}

/** Everyone a reminder can be forwarded to, without the user (SPEC §7 "user list excluding self"). */
export function useUserList() {
  const session = useSession();
  return useQuery({
    queryKey: ['users', 'list', session?.id],
    enabled: session !== null,
    queryFn: ({ signal }) =>
      selectAll<UserListEntry>(
        'v_user_list',
        'id,name,email',
        `id <> ${session?.id ?? 0} ORDER BY name`,
        signal,
      ),
    staleTime: 5 * 60_000,
  });
}

export interface PendingGroup {
  title: string;
  url: string | null;
  data: { id: string; c_doc_no: string | null }[];
}

export function usePendingList() {
  const session = useSession();
  return useQuery({
    queryKey: ['pending', session?.id],
    enabled: session !== null,
    queryFn: ({ signal }) =>
      request<PendingGroup[]>('/api/custom/pendinglist', { query: { user_id: session?.id }, signal }),
    refetchInterval: 5 * 60_000,
  });
}

export interface BannerMessage {
  id: number;
  c_val: string;
}

export function useBannerMessages() {
  const session = useSession();
  return useQuery({
    queryKey: ['banner'],
    enabled: session !== null,
    queryFn: ({ signal }) => request<BannerMessage[]>('/api/custom/cmnmsg', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The support-resources folder's file names (`GET /files`). */
export function useSupportFiles(pathname: string) {
  return useQuery({
    // Keyed by the page, so the ribbon re-checks on every route change (SPEC §2).
    queryKey: ['files', pathname],
    queryFn: ({ signal }) => request<string[]>('/files', { signal }),
    staleTime: 0,
  });
}

/** A page's manual and video names: the route with slashes as underscores (`/` is the dashboard's). */
export function supportFileStem(pathname: string): string {
  const route = pathname === '/' ? '/dashboard/analytics' : pathname;
  return route.replace(/^\/+|\/+$/g, '').replace(/\//g, '_');
}

/** The support contact (settings row SUPPORT_COMM) for the footer. */
export function useSupportContact() {
  const session = useSession();
  return useQuery({
    queryKey: ['settings', 'SUPPORT_COMM'],
    enabled: session !== null,
    queryFn: async ({ signal }) => {
      const rows = await selectAll<{ c_val: string }>(
        'settings',
        'c_val',
        "c_module = 'SUPPORT_COMM'",
        signal,
      );
      return rows[0]?.c_val ?? null;
    },
    staleTime: 10 * 60_000,
  });
}

export interface PackageDetail {
  n_project: number;
  project: string;
  n_phase: number;
  phase: string;
  n_corridor: number;
  corridor: string;
  n_package: number;
  package: string;
}

/** The package strip's row (SPEC §3): the first row of `v_package_detail` for the package, or none. */
export function usePackageDetail(packageId: number | null) {
  return useQuery({
    queryKey: ['package-detail', packageId],
    enabled: packageId !== null && packageId > 0,
    queryFn: async ({ signal }) => {
      const rows = await selectAll<PackageDetail>(
        'v_package_detail',
        '*',
        `n_package = ${packageId ?? 0}`,
        signal,
      );
      return rows[0] ?? null;
    },
  });
}
