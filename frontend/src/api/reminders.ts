// Reminder changes (SPEC §7): create, update, delete; the list is `useReminders`.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { Outcome } from './auth';
import { request } from './client';
import { reminderKeys, type UserListEntry } from './console';

/** SPEC §3's create payload. */
export interface ReminderPayload {
  c_title: string;
  c_url: string;
  c_detailed_action_plan: string;
  d_scheduled_date_time: string;
  n_user_id: number;
  forwarded_alert_ids: number[];
  selectedAlerts: UserListEntry[];
}

export interface ReminderReply extends Outcome {
  id: number;
}

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
