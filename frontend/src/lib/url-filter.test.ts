import { describe, expect, it } from 'vitest';

import { filteredRoute, filterModelOf, urlFiltersOf } from './url-filter';

describe('urlFiltersOf', () => {
  it('reads each filter of the address', () => {
    expect(urlFiltersOf('?filter=n_package:3&filter=c_state:Shared&record=4')).toEqual([
      { column: 'n_package', value: '3' },
      { column: 'c_state', value: 'Shared' },
    ]);
  });

  it('keeps colons in the value and leaves out malformed filters', () => {
    expect(urlFiltersOf('?filter=c_note:a:b&filter=nocolon&filter=:3&filter=Bad-Col:1&filter=n_x:')).toEqual([
      { column: 'c_note', value: 'a:b' },
    ]);
  });

  it('is empty without filters', () => {
    expect(urlFiltersOf('')).toEqual([]);
  });
});

describe('filteredRoute', () => {
  it('round-trips through urlFiltersOf', () => {
    const filters = [
      { column: 'c_title', value: 'Pier & cap: P1' },
      { column: 'c_state', value: 'Open' },
    ];
    const href = filteredRoute('/dms/dms', filters);
    expect(href.startsWith('/dms/dms?filter=')).toBe(true);
    expect(urlFiltersOf(href.slice(href.indexOf('?')))).toEqual(filters);
  });

  it('is the route itself without filters', () => {
    expect(filteredRoute('/dms/dms', [])).toBe('/dms/dms');
  });
});

describe('filterModelOf', () => {
  it('filters the columns the list shows, as a picked choice', () => {
    expect(
      filterModelOf(
        [
          { column: 'n_package', value: '3' },
          { column: 'c_secret', value: 'x' },
        ],
        ['n_package', 'c_title'],
      ),
    ).toEqual({ n_package: { filterType: 'text', type: 'equals', filter: '3' } });
  });
});
