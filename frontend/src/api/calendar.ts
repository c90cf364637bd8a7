// The calendar's own read (docs/console.md, "Calendar"): the milestones of the user's packages between two dates,
// from the entry the registry gives the `/calendar` route (its package scope keeps each reader to their packages). Reminders and due
// dates come from the header's hooks (`useReminders`, `usePendingList`).
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import * as records from './records';
import type { EntryName, EntryRow } from './schema';

export type CalendarMilestone = EntryRow<
  'calendar_milestone',
  'id' | 'c_code' | 'c_name' | 'n_package' | 'd_forecast' | 'd_baseline' | 'n_slip_days' | 'c_status'
>;

/** The dates shown (`YYYY-MM-DD`, `to` excluded). */
export interface DateRange {
  from: string;
  to: string;
}

/** The milestones of `entry` (the `/calendar` screen's, from its metadata) within the dates shown. */
export function useCalendarMilestones(entry: string | undefined, range: DateRange | null) {
  return useQuery({
    queryKey: ['calendar', 'milestones', entry, range?.from, range?.to],
    enabled: range !== null && entry !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) =>
      records.selectAll<CalendarMilestone>(
        // The metadata's name of an entry the registry declares (the gateway refuses any other).
        (entry ?? '') as EntryName,
        {
          cols: 'id,c_code,c_name,n_package,d_forecast,d_baseline,n_slip_days,c_status',
          whrc: `d_forecast >= '${range?.from ?? ''}' AND d_forecast < '${range?.to ?? ''}' ORDER BY d_forecast`,
        },
        signal,
      ),
  });
}
