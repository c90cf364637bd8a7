/**
 * What the calendar shows, without React: the user's reminders (own and forwarded), the due dates of the records
 * waiting on them (the pending list: reviews, RFIs, NCRs …), and the records of the register the registry puts on
 * the calendar (`[calendar]`: the milestones of their packages); and the rules of
 * a new event, which becomes a reminder (docs/console.md §3 "Calendar event", §5: title and description at most 40
 * characters; the date not before today).
 */
import { z } from 'zod';

import type { CalendarRecords } from '../../api/calendar';
import type { ReminderAlert } from '../../api/console';
import type { PendingGroup, ScreenMeta } from '../../api/schema';
import { textOf } from '../../lib/format';
import { translate } from '../../lib/i18n';
import { formatCell } from '../screens/record-fields';

export type CalendarKind = 'reminder' | 'due' | 'milestone';

/** One thing on the calendar, as FullCalendar takes it (its `extendedProps` say what it is and where it leads). */
export interface CalendarItem {
  id: string;
  title: string;
  start: string;
  allDay: boolean;
  backgroundColor: string;
  borderColor: string;
  textColor: string;
  extendedProps: {
    kind: CalendarKind;
    /** The console address that opens it (a record, a register), or null. */
    url: string | null;
    detail: string;
    /** A reminder's id (it can be removed from here). */
    reminderId: number | null;
    /** A reminder already sent. */
    sent: boolean;
    overdue: boolean;
  };
}

/** The kinds' names in English: shown through `t()`. */
export const KIND_LABELS: Readonly<Record<CalendarKind, string>> = {
  reminder: 'Reminders',
  due: 'Due dates',
  milestone: 'Milestones',
};

/**
 * Colours of the kinds, under white text: the theme's readable shades (src/app/readable-colours.ts), each 4.5:1 or
 * more against white (WCAG 2.2 AA 1.4.3; calendar-events.test.ts): blue, orange and violet; red when overdue, grey
 * when a reminder was sent, green once a milestone is achieved.
 */
export const COLOURS = {
  reminder: '#1864ab',
  reminderSent: '#495057',
  due: '#b83d0d',
  overdue: '#c92a2a',
  milestone: '#6741d9',
  achieved: '#257535',
} as const;

function coloured(colour: string) {
  return { backgroundColor: colour, borderColor: colour, textColor: '#ffffff' };
}

/** A console address (same origin) from a stored URL, or null for one elsewhere. */
export function consoleAddress(
  url: string | null | undefined,
  origin = window.location.origin,
): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, origin);
    if (parsed.origin !== origin) return null;
    return parsed.pathname + parsed.search + parsed.hash;
  } catch {
    return null;
  }
}

export function reminderItems(reminders: readonly ReminderAlert[], origin?: string): CalendarItem[] {
  return reminders.flatMap((reminder) => {
    const at = reminder.d_scheduled_date_time;
    if (typeof at !== 'string' || at === '') return [];
    const sent = reminder.n_sent_status === 1;
    return [
      {
        id: `reminder-${reminder.id}`,
        title: String(reminder.c_title ?? ''),
        start: at,
        allDay: false,
        ...coloured(sent ? COLOURS.reminderSent : COLOURS.reminder),
        extendedProps: {
          kind: 'reminder',
          url: consoleAddress(typeof reminder.c_url === 'string' ? reminder.c_url : null, origin),
          detail: String(reminder.c_detailed_action_plan ?? ''),
          reminderId: Number(reminder.id),
          sent,
          overdue: false,
        },
      },
    ];
  });
}

export function dueItems(groups: readonly PendingGroup[]): CalendarItem[] {
  return groups.flatMap((group) =>
    group.data.flatMap((document) => {
      if (!document.due) return [];
      const name = [...new Set([document.c_doc_no, document.title].filter(Boolean))].join(' · ');
      const overdue = document.overdue === true;
      return [
        {
          id: `due-${document.id}`,
          title: name || group.title,
          start: document.due,
          allDay: true,
          ...coloured(overdue ? COLOURS.overdue : COLOURS.due),
          extendedProps: {
            kind: 'due',
            url: document.record_url ?? group.url ?? null,
            detail: `${group.title}${overdue ? ` · ${translate('overdue')}` : ''}${
              document.days_waiting != null
                ? ` · ${translate('waiting {{days}} days', { days: document.days_waiting })}`
                : ''
            }`,
            reminderId: null,
            sent: false,
            overdue,
          },
        },
      ];
    }),
  );
}

/**
 * The records of the calendar's register as items, by its `[calendar]` (metadata `calendar`): each on its date,
 * named by its title; its detail the `detail` columns as its list shows them, then how late it runs against its
 * baseline; green when its state is done, red when overdue. An item opens `opens`, else the register's route.
 */
export function recordItems(records: CalendarRecords, meta: ScreenMeta): CalendarItem[] {
  const calendar = meta.calendar;
  if (!calendar) return [];
  const columns = new Map(meta.columns.map((column) => [column.name, column]));
  const shown = (name: string, row: Record<string, unknown>) => {
    const column = columns.get(name);
    const value = row[name];
    return column
      ? formatCell(column, value, { primaryKey: meta.primary_key, names: records.names.get(name) })
      : textOf(value);
  };
  return records.rows.flatMap((row) => {
    const date = row[calendar.date];
    if (typeof date !== 'string' || date === '') return [];
    const state = calendar.state ? textOf(row[calendar.state.column]) : '';
    const done = calendar.state?.done?.includes(state) ?? false;
    const overdue = calendar.state?.overdue?.includes(state) ?? false;
    const late = calendar.late_days ? Number(row[calendar.late_days] ?? 0) : 0;
    const parts = (calendar.detail ?? []).map((name) => shown(name, row)).filter((part) => part !== '');
    if (late > 0) parts.push(translate('{{days}} days late against the baseline', { days: late }));
    if (late < 0) parts.push(translate('{{days}} days early against the baseline', { days: -late }));
    return [
      {
        id: `milestone-${textOf(row[meta.primary_key])}`,
        title: `◆ ${textOf(row[calendar.title])}`,
        start: date,
        allDay: true,
        ...coloured(done ? COLOURS.achieved : overdue ? COLOURS.overdue : COLOURS.milestone),
        extendedProps: {
          kind: 'milestone',
          url: calendar.opens ?? meta.route,
          detail: parts.join(' · '),
          reminderId: null,
          sent: false,
          overdue,
        },
      },
    ];
  });
}

/** docs/console.md §5, §9: an event's title and description are at most 40 characters. */
export const EVENT_TEXT_MAX = 40;

/** An event's checks, with their messages in the current language (made again when the form is drawn). */
export function eventSchema(today: string) {
  const atMost = translate('At most {{max}} characters', { max: EVENT_TEXT_MAX });
  return z.object({
    title: z.string().trim().min(1, translate('Give the event a title')).max(EVENT_TEXT_MAX, atMost),
    description: z.string().trim().min(1, translate('Say what is to be done')).max(EVENT_TEXT_MAX, atMost),
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, translate('Choose the date'))
      .refine((date) => date >= today, translate('The date cannot be before today')),
    time: z.string().regex(/^(\d{2}:\d{2})?$/, translate('A time such as 09:30')),
  });
}

export type EventValues = z.input<ReturnType<typeof eventSchema>>;

/** When the reminder is due: the date (at the reminder hour) or the date and time, as the gateway takes it. */
export function scheduledAt(values: Pick<EventValues, 'date' | 'time'>): string {
  return values.time ? `${values.date}T${values.time}:00` : values.date;
}
