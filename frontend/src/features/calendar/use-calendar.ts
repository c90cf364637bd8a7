/**
 * The calendar, headless: the items of the dates shown (reminders, due dates, milestones), which kinds are shown,
 * and creating an event as a reminder (asking §5's question first).
 */
import { useMemo, useState } from 'react';

import { useMe } from '../../api/auth';
import { type DateRange, useCalendarRecords } from '../../api/calendar';
import { usePendingList, useReminders } from '../../api/console';
import { useReminderChanges } from '../../api/reminders';
import { useScreen } from '../../api/screens';
import { useTranslation } from '../../lib/i18n';
import { confirm, CONFIRM_DELETE, CONFIRM_SAVE, noticeDeclined, noticeSuccess } from '../notices';
import {
  type CalendarKind,
  dueItems,
  type EventValues,
  recordItems,
  reminderItems,
  scheduledAt,
} from './calendar-events';

export function useCalendar() {
  const { i18n } = useTranslation();
  const me = useMe();
  const [range, setRange] = useState<DateRange | null>(null);
  const [hidden, setHidden] = useState<ReadonlySet<CalendarKind>>(new Set());
  const reminders = useReminders();
  const pending = usePendingList();
  // The register on the calendar is the one the registry gives this route, read by its `[calendar]`.
  const screen = useScreen('/calendar');
  const milestones = useCalendarRecords(screen.data, range);
  const changes = useReminderChanges();

  const items = useMemo(
    () =>
      [
        ...reminderItems(reminders.data ?? []),
        ...dueItems(pending.data ?? []),
        ...(milestones.data && screen.data ? recordItems(milestones.data, screen.data) : []),
      ].filter((item) => !hidden.has(item.extendedProps.kind)),
    // The items' details are written in the language: made again in another one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [reminders.data, pending.data, milestones.data, screen.data, hidden, i18n.language],
  );

  const toggle = (kind: CalendarKind) =>
    setHidden((before) => {
      const next = new Set(before);
      if (next.has(kind)) next.delete(kind);
      else next.add(kind);
      return next;
    });

  /** Saves the event as a reminder; whether it was saved. */
  const createEvent = async (values: EventValues): Promise<boolean> => {
    const user = me.data?.user;
    if (!user) return false;
    if (!(await confirm(CONFIRM_SAVE))) {
      noticeDeclined('Submitting Details');
      return false;
    }
    await changes.create.mutateAsync({
      c_title: values.title.trim(),
      c_detailed_action_plan: values.description.trim(),
      c_url: '/calendar',
      d_scheduled_date_time: scheduledAt(values),
      n_user_id: user.id,
      forwarded_alert_ids: [],
      selectedAlerts: [],
    });
    noticeSuccess('Submitted Successfully');
    return true;
  };

  const removeReminder = async (id: number): Promise<boolean> => {
    if (!(await confirm(CONFIRM_DELETE))) {
      noticeDeclined('Submitting Details');
      return false;
    }
    await changes.remove.mutateAsync(id);
    noticeSuccess('Deleted Successfully');
    return true;
  };

  return {
    items,
    hidden,
    toggle,
    setRange,
    // A register without `[calendar]` is never read: only a read under way is waited for.
    loading: reminders.isPending || pending.isPending || milestones.isLoading,
    failed: reminders.error ?? pending.error ?? milestones.error,
    createEvent,
    creating: changes.create.isPending,
    createError: changes.create.error,
    resetCreate: changes.create.reset,
    removeReminder,
  };
}
