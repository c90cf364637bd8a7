// Reminder changes (docs/console.md §7): create, update, delete; the list is `useReminders`.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from './client';
import { reminderKeys, type UserListEntry } from './console';
import type { ReminderBody, ReminderReply } from './schema';

/** docs/console.md §3's create payload, every field given (the generated body type leaves them all optional). */
export type ReminderPayload = Required<
  Pick<ReminderBody, 'c_title' | 'c_url' | 'c_detailed_action_plan' | 'd_scheduled_date_time' | 'n_user_id'>
> & {
  forwarded_alert_ids: number[];
  selectedAlerts: UserListEntry[];
};

export function useReminderChanges() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: reminderKeys.all });
  const create = useMutation({
    mutationFn: (payload: ReminderPayload) =>
      request<ReminderReply>('/api/reminder/create', { method: 'POST', body: payload }),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, payload }: { id: number; payload: ReminderPayload }) =>
      request<ReminderReply>('/api/reminder/update', { method: 'PUT', query: { id }, body: payload }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      request<ReminderReply>('/api/reminder/delete', { method: 'POST', body: { id } }),
    onSuccess: refresh,
  });
  return { create, update, remove };
}
