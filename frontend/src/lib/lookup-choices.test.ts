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
      { value: '1', label: 'C1 — Blue Line' },
      { value: '2', label: 'C2 — Green Line' },
      { value: '3', label: 'C3' },
    ]);
    expect(choices.names.get('2')).toBe('Green Line');
    expect(choices.names.get('3')).toBe('3');
    expect(choices.names.has('X')).toBe(false);
  });
});

describe('a lookup whose display column is not among the display columns', () => {
  it('still names its options by it', () => {
    const users = { entry: 'v_user_list', primary_key: 'id', display_columns: ['id'] };
    expect(toLookupChoices([{ id: 7, name: 'Asha' }], users, 'name').options).toEqual([
      { value: '7', label: 'Asha' },
    ]);
  });
});
