import { describe, expect, it } from 'vitest';

import type { ScreenMeta } from '../api/schema';
import {
  countText,
  fixedCondition,
  lastRowOf,
  firstPageRequest,
  initialSortOf,
  isNarrowed,
  listColumnsOf,
  pageRequest,
  startingSortOf,
} from './list-request';

const station: ScreenMeta = {
  route: '/masters/station',
  entry: 'station',
  title: 'Station',
  primary_key: 'n_key',
  writable: true,
  actions: { create: true, update: true, delete: true, export: true },
  default_sort: [
    { column: 'n_corridor', direction: 'asc' },
    { column: 'n_sequence', direction: 'desc' },
  ],
  phone_columns: [],
  list_columns: ['c_code', 'c_name', 'n_corridor'],
  sections: [],
  lookups: [],
  rules: [],
  columns: [
    { name: 'n_key', type: 'bigint', label: 'Key' },
    { name: 'c_name', type: 'text', label: 'Name' },
    { name: 'c_code', type: 'text', label: 'Code' },
    {
      name: 'n_corridor',
      type: 'bigint',
      label: 'Corridor',
      lookup: { entry: 'corridor', display: 'c_name' },
    },
    { name: 'n_sequence', type: 'integer', label: 'Sequence' },
  ],
};

const page = { start: 0, length: 5, filters: {}, search: '' };

describe('list requests', () => {
  it('lists the columns in the registry order', () => {
    expect(listColumnsOf(station).map((c) => c.name)).toEqual(['c_code', 'c_name', 'n_corridor']);
  });

  it('starts in the default sort, naming the unshown key and sort columns after the list', () => {
    const request = pageRequest(station, { ...page, sort: [] });
    expect(request.columns.map((c) => c.data)).toEqual([
      'c_code',
      'c_name',
      'n_corridor',
      'n_key',
      'n_sequence',
    ]);
    expect(request.order).toEqual([
      { column: 2, dir: 'asc' },
      { column: 4, dir: 'desc' },
    ]);
    expect([...initialSortOf(station)]).toEqual([['n_corridor', { sort: 'asc', sortIndex: 0 }]]);
  });

  it('puts the user order first and keeps the default sort for ties', () => {
    const request = pageRequest(station, { ...page, sort: [{ column: 'n_sequence', direction: 'asc' }] });
    expect(request.order).toEqual([
      { column: 4, dir: 'asc' },
      { column: 2, dir: 'asc' },
    ]);
  });

  it('sends a descending default as descending (the audit log lists the newest first)', () => {
    const audit = { ...station, default_sort: [{ column: 'c_name', direction: 'desc' as const }] };
    expect(pageRequest(audit, { ...page, sort: [] }).order).toEqual([{ column: 1, dir: 'desc' }]);
    expect([...initialSortOf(audit)]).toEqual([['c_name', { sort: 'desc', sortIndex: 0 }]]);
  });

  it('sends filters as column search values and the search box as the global search', () => {
    const request = pageRequest(station, {
      ...page,
      sort: [],
      search: 'north',
      filters: { n_corridor: { filterType: 'text', type: 'equals', filter: '2' } },
    });
    expect(request.search).toBe('north');
    expect(request.columns[2]).toEqual({ data: 'n_corridor', search: '2' });
    expect(request).not.toHaveProperty('whrc');
  });

  it('keep to what the route fixes, with any view, and do not count it as narrowing the list', () => {
    const kind = { ...station, fixed: { c_kind: 'RFI witness', c_note: "it's" } };
    expect(fixedCondition(kind)).toBe("c_kind = 'RFI witness' AND c_note = 'it''s'");
    const plain = pageRequest(kind, { ...page, sort: [] });
    expect(plain.whrc).toBe(fixedCondition(kind));
    expect(isNarrowed(plain, fixedCondition(kind))).toBe(false);
    const mine = pageRequest(kind, { ...page, sort: [], whrc: 'n_owner = 7' });
    expect(mine.whrc).toBe(`${fixedCondition(kind)} AND n_owner = 7`);
    expect(isNarrowed(mine, fixedCondition(kind))).toBe(true);
  });
});

describe('the last row the grid may page to', () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i }));
  it('is the count when it is exact', () => {
    expect(lastRowOf({ recordsFiltered: 12, data: rows(5) }, 0, 5)).toBe(12);
  });
  it('is unknown while an estimated count has more pages, and found when a page comes back short', () => {
    expect(lastRowOf({ recordsFiltered: 22022, recordsFilteredEstimated: true, data: rows(5) }, 0, 5)).toBe(
      -1,
    );
    expect(
      lastRowOf({ recordsFiltered: 22022, recordsFilteredEstimated: true, data: rows(2) }, 16665, 5),
    ).toBe(16667);
  });
});

describe('the count line', () => {
  it('says loading, none yet, none matching, all, or how many match', () => {
    expect(countText(null, 'Station')).toBe('Loading…');
    expect(countText({ total: 0, filtered: 0, narrowed: false }, 'Station')).toBe('No Station records yet.');
    expect(countText({ total: 17, filtered: 0, narrowed: true }, 'Station')).toBe(
      'No records match the search or filters (0 of 17 records).',
    );
    expect(countText({ total: 17, filtered: 17, narrowed: false }, 'Station')).toBe('17 records');
    expect(countText({ total: 1, filtered: 1, narrowed: false }, 'Station')).toBe('1 record');
  });

  it('says how many of all the records a search or filter shows', () => {
    expect(countText({ total: 6, filtered: 2, narrowed: true }, 'Package')).toBe('2 of 6 records');
    expect(countText({ total: 6, filtered: 6, narrowed: true }, 'Package')).toBe('6 of 6 records');
    expect(
      countText(
        { total: 1000000, filtered: 21021, narrowed: true, totalEstimated: true, filteredEstimated: true },
        'Activity',
      ),
    ).toBe('about 21,021 of about 10,00,000 records');
    expect(
      countText({ total: 1000000, filtered: 1000000, narrowed: false, totalEstimated: true }, 'Activity'),
    ).toBe('about 10,00,000 records');
    expect(isNarrowed({ search: '', columns: [{ data: 'c_code', search: '' }] })).toBe(false);
    expect(isNarrowed({ search: ' ', columns: [{ data: 'c_code', search: 'C1' }] })).toBe(true);
    expect(isNarrowed({ search: 'chowk', columns: [] })).toBe(true);
  });
});

describe('the first page the grid reads', () => {
  it('is in the default order, or in the order the user left the list', () => {
    const first = firstPageRequest(station, startingSortOf(station, null));
    expect(first).toMatchObject({ start: 0, length: 50, search: '' });
    expect(first.order).toEqual(
      pageRequest(station, { ...page, sort: [{ column: 'n_corridor', direction: 'asc' }] }).order,
    );
    const saved = [
      { colId: 'c_name', sort: 'desc' as const, sortIndex: 0 },
      { colId: 'c_code', sort: null, sortIndex: null },
    ];
    expect([...startingSortOf(station, saved)]).toEqual([['c_name', { sort: 'desc', sortIndex: 0 }]]);
    expect([...startingSortOf(station, [{ colId: 'c_code', sort: null }])]).toEqual([]);
  });
});
