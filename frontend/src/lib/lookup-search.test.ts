import { describe, expect, it } from 'vitest';

import { containsPattern, keyLiteral, lookupFilter, lookupNamesFilter, searchColumns } from './lookup-search';

const packages = { entry: 'package', primary_key: 'id', display_columns: ['id', 'c_code', 'c_name'] };
const users = { entry: 'v_user_list', primary_key: 'id', display_columns: ['id', 'name', 'email'] };

describe('a look-up search', () => {
  it('looks in the text display columns only', () => {
    expect(searchColumns({ lookup: packages, display: 'c_code' })).toEqual(['c_code', 'c_name']);
    expect(searchColumns({ lookup: users, display: 'name' })).toEqual(['name', 'email']);
    const withNumbers = {
      entry: 'x',
      primary_key: 'n_key',
      display_columns: ['n_key', 'n_seq', 'd_on', 'c_name'],
    };
    expect(searchColumns({ lookup: withNumbers, display: 'c_name' })).toEqual(['c_name']);
  });

  it('filters by the typed text in any of them, any case, with wildcards and quotes taken literally', () => {
    expect(lookupFilter({ lookup: packages, display: 'c_code' }, { text: '  v01 ' })).toBe(
      "(c_code ILIKE '%v01%' OR c_name ILIKE '%v01%')",
    );
    expect(lookupFilter({ lookup: users, display: 'name' }, { text: "O'Brien 50%_x\\" })).toBe(
      "(name ILIKE '%O''Brien 50\\%\\_x\\\\%' OR email ILIKE '%O''Brien 50\\%\\_x\\\\%')",
    );
    expect(containsPattern('a%b')).toBe('%a\\%b%');
  });

  it('limits the rows to the allowed keys, and names one row by its key', () => {
    const mine = { lookup: packages, display: 'c_code', only: [4, 5] };
    expect(lookupFilter(mine)).toBe('id IN (4, 5)');
    expect(lookupFilter(mine, { text: 'C2' })).toBe(
      "id IN (4, 5) AND (c_code ILIKE '%C2%' OR c_name ILIKE '%C2%')",
    );
    expect(lookupFilter({ lookup: packages, display: 'c_code' }, { key: '7' })).toBe('id = 7');
    expect(lookupFilter({ ...mine, only: [] })).toBe(false);
    expect(lookupFilter({ lookup: packages, display: 'c_code' }, { text: '   ' })).toBeNull();
  });

  it("keeps to the look-up's where, and offers nothing while a followed value is being read", () => {
    const certified = { lookup: packages, display: 'c_code', where: "c_state = 'Certified'" };
    expect(lookupFilter(certified)).toBe("(c_state = 'Certified')");
    expect(lookupFilter({ ...certified, same: { n_contract: '3' } }, { text: 'x' })).toBe(
      "n_contract = 3 AND (c_state = 'Certified') AND (c_code ILIKE '%x%' OR c_name ILIKE '%x%')",
    );
    expect(lookupFilter({ lookup: packages, display: 'c_code', same: { n_contract: '' } })).toBeNull();
    expect(lookupFilter({ lookup: packages, display: 'c_code', same: { n_contract: null } })).toBe(false);
  });

  it('quotes keys that are not whole numbers', () => {
    expect(keyLiteral(12)).toBe('12');
    expect(keyLiteral("AB'C")).toBe("'AB''C'");
  });
});

describe('finding the rows texts name', () => {
  it('compares each text whole, any case, in every text display column, within the allowed keys', () => {
    expect(lookupNamesFilter({ lookup: packages, display: 'c_code' }, ['C1-V01', "O'Neil_%"])).toBe(
      "(c_code ILIKE 'C1-V01' OR c_code ILIKE 'O''Neil\\_\\%' OR c_name ILIKE 'C1-V01' OR c_name ILIKE 'O''Neil\\_\\%')",
    );
    expect(lookupNamesFilter({ lookup: packages, display: 'c_code', only: [4] }, ['C2'])).toBe(
      "id IN (4) AND (c_code ILIKE 'C2' OR c_name ILIKE 'C2')",
    );
    expect(lookupNamesFilter({ lookup: packages, display: 'c_code', only: [] }, ['C2'])).toBe(false);
    expect(lookupNamesFilter({ lookup: packages, display: 'c_code' }, [])).toBe(false);
  });
});
