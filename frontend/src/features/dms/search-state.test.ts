import { describe, expect, it } from 'vitest';

import {
  chosenCount,
  facetGroups,
  readSearchState,
  searchQuery,
  toggleFilter,
  updatedRange,
  writeSearchState,
} from './search-state';

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

  it('reads any other parameter as a facet, before an answer names the facets', () => {
    // A facet the register declares tomorrow works today; one it lacks is the gateway's 400 to show.
    const state = readSearchState('?contract=C1&colour=red,blue&updated=7d&contract=C2,C1');
    expect(state.filters).toEqual({ contract: ['C1', 'C2'], colour: ['red', 'blue'], updated: ['7d'] });
    expect(writeSearchState(state)).toBe('?contract=C1%2CC2&colour=red%2Cblue&updated=7d');
    expect(readSearchState(writeSearchState(state))).toEqual(state);
    expect(chosenCount(state.filters)).toBe(5);
  });

  it("keeps the search's own parameters out of the facets and ignores a bad page or sort", () => {
    expect(readSearchState('?page=-2&sort=random&from=2026-01-01&to=2026-02-01&size=5&state=')).toEqual({
      q: '',
      filters: {},
      page: 1,
      sort: null,
    });
    expect(writeSearchState(readSearchState(''))).toBe('');
  });

  it('never lets a parameter name reach the prototype', () => {
    const state = readSearchState('?__proto__=x');
    expect(Object.getPrototypeOf(state.filters)).toBe(Object.prototype);
    expect(state.filters['__proto__']).toEqual(['x']);
  });

  it('toggles a facet value and returns to the first page', () => {
    const state = readSearchState('?package=1&page=4');
    expect(toggleFilter(state, 'package', '2').filters.package).toEqual(['1', '2']);
    expect(toggleFilter(state, 'contract', 'C1').filters).toEqual({ package: ['1'], contract: ['C1'] });
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

  it('sends a facet it does not know by its name', () => {
    expect(searchQuery(readSearchState('?contract=C1,C2'), today)).toEqual({
      contract: 'C1,C2',
      page: 1,
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

describe('facetGroups', () => {
  const headings = [
    { name: 'contract', title: 'Contract' },
    { name: 'package', title: 'Package' },
    { name: 'state', title: 'State' },
    { name: 'updated', title: 'Updated' },
  ];
  const facets = {
    package: [{ value: '4', label: 'C1-V01', count: 3 }],
    contract: [{ value: 'C1', label: 'C1', count: 2 }],
    state: [],
    updated: [{ value: '7d', label: 'Last 7 days', count: 3 }],
  };

  it("draws the answer's facets in its headings' order, with their headings", () => {
    expect(facetGroups(headings, facets, {})).toEqual([
      { name: 'contract', title: 'Contract', values: [{ value: 'C1', label: 'C1', count: 2 }] },
      { name: 'package', title: 'Package', values: [{ value: '4', label: 'C1-V01', count: 3 }] },
      { name: 'updated', title: 'Updated', values: [{ value: '7d', label: 'Last 7 days', count: 3 }] },
    ]);
  });

  it('keeps a chosen value the answer no longer lists, so it can be turned off', () => {
    const groups = facetGroups(headings, facets, { state: ['Archived'], package: ['4'] });
    expect(groups.map((group) => group.name)).toEqual(['contract', 'package', 'state', 'updated']);
    expect(groups.find((group) => group.name === 'state')?.values).toEqual([
      { value: 'Archived', label: 'Archived', count: 0 },
    ]);
    expect(groups.find((group) => group.name === 'package')?.values).toHaveLength(1);
  });

  it('draws nothing before the first answer', () => {
    expect(facetGroups(undefined, undefined, { package: ['4'] })).toEqual([]);
  });
});
