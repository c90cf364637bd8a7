import { describe, expect, it } from 'vitest';

import { readSearchState, searchQuery, toggleFilter, updatedRange, writeSearchState } from './search-state';

const today = new Date(2026, 10, 26);

describe('search state in the address', () => {
  it('reads and writes the words, filters, sort and page', () => {
    const state = readSearchState('?q=bearing&package=1,2&state=Shared&page=3&sort=number');
    expect(state).toEqual({
      q: 'bearing',
      filters: { package: ['1', '2'], state: ['Shared'] },
      page: 3,
      sort: 'number',
    });
    expect(writeSearchState(state)).toBe('?q=bearing&package=1%2C2&state=Shared&sort=number&page=3');
  });

  it('ignores a bad page or sort and unknown parameters', () => {
    expect(readSearchState('?page=-2&sort=random&colour=red')).toEqual({
      q: '',
      filters: {},
      page: 1,
      sort: null,
    });
    expect(writeSearchState(readSearchState(''))).toBe('');
  });

  it('toggles a facet value and returns to the first page', () => {
    const state = readSearchState('?package=1&page=4');
    expect(toggleFilter(state, 'package', '2').filters.package).toEqual(['1', '2']);
    const off = toggleFilter(state, 'package', '1');
    expect(off.filters).toEqual({});
    expect(off.page).toBe(1);
  });
});

describe('searchQuery', () => {
  it('sends filters comma-separated and the updated facet as dates', () => {
    const state = readSearchState('?q=pier&discipline=3&updated=7d&page=2');
    expect(searchQuery(state, today)).toEqual({
      q: 'pier',
      discipline: '3',
      from: '2026-11-19',
      page: 2,
      size: 20,
    });
  });

  it('turns the updated buckets into the widest range', () => {
    expect(updatedRange(['7d', '30d'], today)).toEqual({ from: '2026-10-27' });
    expect(updatedRange(['older'], today)).toEqual({ to: '2025-11-25' });
    expect(updatedRange(['older', '7d'], today)).toEqual({});
    expect(updatedRange([], today)).toEqual({});
  });
});
