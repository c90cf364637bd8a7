import { describe, expect, it } from 'vitest';

import { lookupColumns, toLookupChoices } from './lookup-choices';

const corridors = { entry: 'corridor', primary_key: 'n_key', display_columns: ['n_key', 'c_code', 'c_name'] };

describe('lookup choices', () => {
  it('reads the key and the display columns', () => {
    expect(lookupColumns(corridors, 'c_name')).toEqual(['n_key', 'c_name', 'c_code']);
  });

  it('keys options by the entry primary key and names them by the display columns', () => {
    const choices = toLookupChoices(
      [
        { n_key: 2, c_code: 'C2', c_name: 'Green Line' },
        { n_key: 1, c_code: 'C1', c_name: 'Blue Line' },
        { n_key: 3, c_code: 'C3', c_name: null },
        { c_code: 'X', c_name: 'No key' },
      ],
      corridors,
      'c_name',
    );
    expect(choices.options).toEqual([
      { value: '3', label: '3 · C3' },
      { value: '1', label: 'Blue Line · C1' },
      { value: '2', label: 'Green Line · C2' },
    ]);
    expect(choices.names.get('2')).toBe('Green Line');
    expect(choices.names.has('X')).toBe(false);
  });
});
