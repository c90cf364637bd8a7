import { describe, expect, it } from 'vitest';

import { calendarColumns, type CalendarRecords } from '../../api/calendar';
import type { CalendarDef, ScreenMeta } from '../../api/schema';
import { COLOURS, recordItems } from './calendar-events';

// A register put on the calendar by its `[calendar]` alone: not the milestones the product ships, so that nothing
// here passes for naming their columns.
const visits: ScreenMeta = {
  route: '/site/visits',
  entry: 'site_visit',
  title: 'Site visits',
  primary_key: 'id',
  writable: false,
  actions: { create: false, update: false, delete: false, export: false },
  default_sort: [],
  phone_columns: [],
  list_columns: [],
  sections: [],
  lookups: [{ entry: 'package', primary_key: 'id', display_columns: ['id', 'c_code'] }],
  rules: [],
  columns: [
    { name: 'id', type: 'bigint', label: 'ID' },
    { name: 'd_visit', type: 'date', label: 'Visit' },
    { name: 'c_subject', type: 'text', label: 'Subject' },
    { name: 'n_package', type: 'bigint', label: 'Package', lookup: { entry: 'package', display: 'c_code' } },
    { name: 'c_state', type: 'text', label: 'State', enum: ['Open', 'Closed', 'Late'] },
    { name: 'n_late', type: 'integer', label: 'Late (days)' },
  ],
  calendar: null,
};

const calendar: CalendarDef = {
  date: 'd_visit',
  title: 'c_subject',
  detail: ['n_package', 'c_state'],
  late_days: 'n_late',
  state: { column: 'c_state', done: ['Closed'], overdue: ['Late'] },
};
const onCalendar: ScreenMeta = { ...visits, calendar };

const records: CalendarRecords = {
  rows: [
    { id: 7, d_visit: '2026-06-01', c_subject: 'Pier P12', n_package: 4, c_state: 'Closed', n_late: 0 },
    { id: 8, d_visit: '2026-06-15', c_subject: 'Pier P13', n_package: 4, c_state: 'Late', n_late: 12 },
    { id: 9, d_visit: '2026-06-20', c_subject: 'Pier P14', n_package: 5, c_state: 'Open', n_late: -3 },
    { id: 10, d_visit: null, c_subject: 'Not planned yet', n_package: 4, c_state: 'Open', n_late: 0 },
  ],
  names: new Map([['n_package', new Map([['4', 'C1-V01']])]]),
};

describe('the calendar read by a register’s [calendar]', () => {
  it('reads the key and each named column once', () => {
    expect(calendarColumns('id', calendar)).toEqual([
      'id',
      'd_visit',
      'c_subject',
      'n_package',
      'c_state',
      'n_late',
    ]);
  });

  it('puts each dated record on its day, named, detailed, coloured by its state', () => {
    const items = recordItems(records, onCalendar);
    // The undated record has no day.
    expect(items.map((item) => [item.id, item.title, item.start])).toEqual([
      ['milestone-7', '◆ Pier P12', '2026-06-01'],
      ['milestone-8', '◆ Pier P13', '2026-06-15'],
      ['milestone-9', '◆ Pier P14', '2026-06-20'],
    ]);
    // A look-up by its name (a key without one as itself); zero days late says nothing.
    expect(items.map((item) => item.extendedProps.detail)).toEqual([
      'C1-V01 · Closed',
      'C1-V01 · Late · 12 days late against the baseline',
      '5 · Open · 3 days early against the baseline',
    ]);
    expect(items.map((item) => item.backgroundColor)).toEqual([
      COLOURS.achieved,
      COLOURS.overdue,
      COLOURS.milestone,
    ]);
    expect(items.map((item) => item.extendedProps.overdue)).toEqual([false, true, false]);
    // Without `opens`, an item opens its register's route.
    expect(items[0]?.extendedProps.url).toBe('/site/visits');
    expect(
      recordItems(records, { ...visits, calendar: { ...calendar, opens: '/dataentry/timeline' } })[0]
        ?.extendedProps.url,
    ).toBe('/dataentry/timeline');
  });

  it('shows nothing of a register without [calendar]', () => {
    expect(recordItems(records, visits)).toEqual([]);
  });
});
