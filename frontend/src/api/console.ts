// The header, ribbon, footer and strip calls of docs/console.md §7, as TanStack Query hooks. These are the legacy
// calls that keep their `whrc` filter text (§7 names them; selectall, through the records module); screens filter
// with structured parameters.
import { useQuery } from '@tanstack/react-query';

import { useSession } from '../lib/use-session';
import { request } from './client';
import * as records from './records';
import type { BannerMessage, EntryRow, PendingGroup } from './schema';

const REMINDER_COLUMNS = [
  'id',
  'c_url',
  'c_title',
  'c_detailed_action_plan',
  'd_scheduled_date_time',
  'n_user_id',
  'n_sent_status',
  'n_owner_id',
] as const;

export type ReminderAlert = EntryRow<'v_reminder', (typeof REMINDER_COLUMNS)[number]>;

export const reminderKeys = { all: ['reminders'] as const };

/** The user's reminder alerts (own and forwarded), latest first: the bell's count and the modal's list. */
export function useReminders() {
  const session = useSession();
  return useQuery({
    queryKey: [...reminderKeys.all, session?.id],
    enabled: session !== null,
    queryFn: ({ signal }) =>
      records.selectAll<ReminderAlert>(
        'v_reminder',
        {
          cols: REMINDER_COLUMNS.join(','),
          // Superadmins may read every row of the view: the bell shows the user's own alerts only, those still
          // to be sent first, soonest first.
          whrc: `n_user_id = ${session?.id ?? 0} ORDER BY n_sent_status ASC, d_scheduled_date_time ASC`,
        },
        signal,
      ),
    refetchInterval: 60_000,
  });
}

export type UserListEntry = EntryRow<'v_user_list', 'id' | 'name' | 'email'>;

/** Everyone a reminder can be forwarded to, without the user (docs/console.md §7 "user list excluding self"). */
export function useUserList() {
  const session = useSession();
  return useQuery({
    queryKey: ['users', 'list', session?.id],
    enabled: session !== null,
    queryFn: ({ signal }) =>
      records.selectAll<UserListEntry>(
        'v_user_list',
        { cols: 'id,name,email', whrc: `id <> ${session?.id ?? 0} ORDER BY name` },
        signal,
      ),
    staleTime: 5 * 60_000,
  });
}

/** The pending list's queries (a write that moves a record between people makes it read again). */
export const pendingKeys = { all: ['pending'] as const };

export function usePendingList() {
  const session = useSession();
  return useQuery({
    queryKey: [...pendingKeys.all, session?.id],
    enabled: session !== null,
    queryFn: ({ signal }) =>
      request<PendingGroup[]>('/api/custom/pendinglist', { query: { user_id: session?.id }, signal }),
    refetchInterval: 5 * 60_000,
  });
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
    // Keyed by the page, so the ribbon re-checks on every route change (docs/console.md §2).
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
      const rows = await records.selectAll<{ c_val: string }>(
        'settings',
        { cols: 'c_val', whrc: "c_module = 'SUPPORT_COMM'" },
        signal,
      );
      return rows[0]?.c_val ?? null;
    },
    staleTime: 10 * 60_000,
  });
}

export type PackageDetail = EntryRow<
  'v_package_detail',
  'n_project' | 'project' | 'n_phase' | 'phase' | 'n_corridor' | 'corridor' | 'n_package' | 'package'
>;

/** The package strip's row (docs/console.md §3): the first row of `v_package_detail` for the package, or none. */
export function usePackageDetail(packageId: number | null) {
  return useQuery({
    queryKey: ['package-detail', packageId],
    enabled: packageId !== null && packageId > 0,
    queryFn: async ({ signal }) => {
      const rows = await records.selectAll<PackageDetail>(
        'v_package_detail',
        // docs/console.md §7: every column of the view.
        { cols: '*', whrc: `n_package = ${packageId ?? 0}` },
        signal,
      );
      return rows[0] ?? null;
    },
  });
}
