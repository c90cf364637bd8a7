import { describe, expect, it } from 'vitest';

import { blankReminder, reminderFromAlert, reminderPayload, reminderSchema } from './reminder-schema';

describe('the Set Reminder form', () => {
  it('starts on the current page, due today, and needs a title', () => {
    const blank = blankReminder('/masters/station?package=2', new Date(2026, 10, 5));
    expect(blank.c_url).toBe('/masters/station?package=2');
    expect(reminderSchema.safeParse(blank).error?.issues[0]?.message).toBe('Title is needed');
  });

  it('sends the date as yyyy-MM-dd with the recipients as ids and as picked (duplicates kept)', () => {
    const priya = { id: 2, name: 'Priya Raman', email: 'priya@x.in' };
    const payload = reminderPayload(
      { ...blankReminder('/'), c_title: 'Pour', d_scheduled_date_time: new Date(2026, 10, 5) },
      1,
      [priya, priya],
    );
    expect(payload).toEqual({
      c_title: 'Pour',
      c_url: '/',
      c_detailed_action_plan: '',
      d_scheduled_date_time: '2026-11-05',
      n_user_id: 1,
      forwarded_alert_ids: [2, 2],
      selectedAlerts: [priya, priya],
    });
  });

  it('edits an alert as it is stored', () => {
    const values = reminderFromAlert({
      id: 7,
      c_url: '/x',
      c_title: 'T',
      c_detailed_action_plan: '',
      d_scheduled_date_time: '2026-11-28',
      n_user_id: 1,
      n_sent_status: 0,
      n_owner_id: 1,
    });
    expect(values.c_title).toBe('T');
    expect(values.d_scheduled_date_time.getDate()).toBe(28);
  });
});
