import { describe, expect, it } from 'vitest';

import { columnSearch } from './filter-model';

describe('column filters', () => {
  it('sends each column its own filter text, choices and typed text alike', () => {
    expect(
      columnSearch(['c_code', 'n_corridor', 'c_name', 'id'], {
        c_code: { filterType: 'text', type: 'contains', filter: " O'Brien " },
        n_corridor: { filterType: 'text', type: 'equals', filter: '2' },
        c_name: undefined,
      }),
    ).toEqual(["O'Brien", '2', '', '']);
  });

  it('writes no SQL: quotes and keywords travel as typed', () => {
    expect(
      columnSearch(['c_name'], { c_name: { filterType: 'text', type: 'contains', filter: "x' OR 1=1 --" } }),
    ).toEqual(["x' OR 1=1 --"]);
  });
});
