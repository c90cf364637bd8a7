/**
 * The Set Reminder form's values (docs/console.md §3, §5): the zod schema, a blank form for the current page, an
 * alert as the form edits it, and the payload of the create and update calls.
 */
import dayjs from 'dayjs';
import { z } from 'zod';

import type { ReminderAlert, UserListEntry } from '../../api/console';
import type { ReminderPayload } from '../../api/reminders';
import { formatAlertDate } from '../../lib/format';
import { translate } from '../../lib/i18n';

/** The checks; their messages are written when a check fails, in the language of that moment. */
export const reminderSchema = z.object({
  c_url: z.string().min(1, { error: () => translate('URL is needed') }),
  c_title: z
    .string()
    .trim()
    .min(1, { error: () => translate('Title is needed') })
    .max(200, { error: () => translate('At most {{max}} characters', { max: 200 }) }),
  c_detailed_action_plan: z
    .string()
    .max(4000, { error: () => translate('At most {{max}} characters', { max: 4000 }) }),
  d_scheduled_date_time: z.date({ error: () => translate('Date is needed') }),
});

export type ReminderValues = z.infer<typeof reminderSchema>;

/** A new alert about the page at `url` (docs/console.md §5: the URL is the current page's), due today. */
export function blankReminder(url: string, today = new Date()): ReminderValues {
  return { c_url: url, c_title: '', c_detailed_action_plan: '', d_scheduled_date_time: today };
}

export function reminderFromAlert(alert: ReminderAlert): ReminderValues {
  return {
    c_url: alert.c_url ?? '',
    c_title: alert.c_title ?? '',
    c_detailed_action_plan: alert.c_detailed_action_plan ?? '',
    d_scheduled_date_time: dayjs(alert.d_scheduled_date_time).toDate(),
  };
}

export function reminderPayload(
  values: ReminderValues,
  userId: number,
  recipients: readonly UserListEntry[],
): ReminderPayload {
  return {
    c_title: values.c_title,
    c_url: values.c_url,
    c_detailed_action_plan: values.c_detailed_action_plan,
    d_scheduled_date_time: formatAlertDate(values.d_scheduled_date_time),
    n_user_id: userId,
    forwarded_alert_ids: recipients.map((r) => r.id),
    selectedAlerts: [...recipients],
  };
}
