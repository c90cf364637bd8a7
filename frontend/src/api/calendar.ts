// The calendar's own read (docs/console.md, "Calendar"): the records of the register the registry gives the
// `/calendar` route, between two dates, by the columns its `[calendar]` names (its package scope keeps each reader
// to their packages). Reminders and due dates come from the header's hooks (`useReminders`, `usePendingList`).
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { namesByColumn } from '../lib/page-names';
import * as records from './records';
import type { CalendarDef, ScreenMeta } from './schema';

/** The dates shown (`YYYY-MM-DD`, `to` excluded). */
export interface DateRange {
  from: string;
  to: string;
}

/** A record on the calendar: its columns, and the names of its look-up keys by column. */
export interface CalendarRecords {
  rows: Record<string, unknown>[];
  names: ReadonlyMap<string, ReadonlyMap<string, string>>;
}

/** The columns the calendar reads of its register: the key, then what `[calendar]` names. */
export function calendarColumns(primaryKey: string, calendar: CalendarDef): string[] {
  return [
    ...new Set(
      [
        primaryKey,
        calendar.date,
        calendar.title,
        ...(calendar.detail ?? []),
        calendar.late_days,
        calendar.state?.column,
      ].filter((name): name is string => typeof name === 'string'),
    ),
  ];
}

/** The records of `meta`'s register (the `/calendar` screen's, with its `[calendar]`) on the dates shown. */
export function useCalendarRecords(meta: ScreenMeta | undefined, range: DateRange | null) {
  const calendar = meta?.calendar ?? undefined;
  return useQuery({
    queryKey: ['calendar', 'records', meta?.entry, range?.from, range?.to],
    enabled: range !== null && meta !== undefined && calendar !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }): Promise<CalendarRecords> => {
      if (!meta || !calendar || !range) return { rows: [], names: new Map() };
      const columns = calendarColumns(meta.primary_key, calendar);
      const answer = await records.dataTable(
        {
          t: meta.entry,
          // The display text of look-up keys comes with the rows: no look-up list is read whole.
          names: true,
          start: 0,
          length: -1,
          columns: columns.map((data) => ({ data })),
          order: [{ column: columns.indexOf(calendar.date), dir: 'asc' }],
          whrc: `${calendar.date} >= '${range.from}' AND ${calendar.date} < '${range.to}'`,
        },
        signal,
      );
      return {
        rows: answer.data,
        names: namesByColumn(answer.names),
      };
    },
  });
}
