import { describe, expect, it } from 'vitest';

import type { ColumnDef, LookupMeta } from '../../api/schema';
import { lookupFilter } from '../../lib/lookup-search';
import { followedColumns, followedThrough, lookupSourcesOf } from './lookup-sources';

const lookups: LookupMeta[] = [
  { entry: 'package', primary_key: 'id', display_columns: ['id', 'c_code', 'c_name'] },
  { entry: 'v_user_list', primary_key: 'id', display_columns: ['id', 'name', 'email'] },
];
const columns: ColumnDef[] = [
  { name: 'n_package', type: 'bigint', label: 'Package', lookup: { entry: 'package', display: 'c_code' } },
  {
    name: 'n_engineer',
    type: 'bigint',
    label: 'Engineer',
    lookup: { entry: 'v_user_list', display: 'name' },
  },
  { name: 'n_other', type: 'bigint', label: 'Other', lookup: { entry: 'unknown', display: 'c_name' } },
  { name: 'c_subject', type: 'text', label: 'Subject' },
];

describe('what a look-up input picks from', () => {
  it('is the entry its column points at, named by the column’s display', () => {
    const sources = lookupSourcesOf(columns, lookups, null);
    expect([...sources.keys()]).toEqual(['n_package', 'n_engineer']);
    expect(sources.get('n_engineer')).toEqual({
      lookup: lookups[1],
      display: 'name',
      only: null,
      people: null,
    });
    expect(sources.get('n_package')?.only).toBeNull();
  });

  it('offers a user linked to packages only those packages', () => {
    const sources = lookupSourcesOf(columns, lookups, [4, 5]);
    expect(sources.get('n_package')?.only).toEqual([4, 5]);
    expect(sources.get('n_engineer')?.only).toBeNull();
  });

  it('offers only the people the register allows in a user column with a rule, for the record being edited', () => {
    const rules = { n_engineer: { routes: ['/contract-data-entry/rfi'], not_creator: true } };
    const forNew = lookupSourcesOf(columns, lookups, null, {
      entry: 'rfi',
      rules,
      record: null,
      package: '4',
    });
    expect(forNew.get('n_engineer')?.people).toEqual({
      entry: 'rfi',
      column: 'n_engineer',
      record: null,
      package: '4',
    });
    expect(forNew.get('n_package')?.people).toBeNull();
    const stored = lookupSourcesOf(columns, lookups, null, {
      entry: 'rfi',
      rules,
      record: '12',
      package: '',
    });
    expect(stored.get('n_engineer')?.people?.record).toBe('12');
  });
});

describe('a look-up following another field (`same`)', () => {
  const contract: LookupMeta = {
    entry: 'contract',
    primary_key: 'id',
    display_columns: ['id', 'c_contract_no'],
  };
  const withContract: ColumnDef[] = [
    ...columns,
    {
      name: 'n_contract',
      type: 'bigint',
      label: 'Contract',
      lookup: { entry: 'contract', display: 'c_contract_no', same: { n_package: 'n_package' } },
    },
  ];

  it('names the columns it follows once', () => {
    expect(followedColumns(withContract)).toEqual(['n_package']);
    expect(followedColumns(columns)).toEqual([]);
  });

  it('offers only the rows agreeing with the form’s value, and everything while that value is blank', () => {
    const chosen = lookupSourcesOf(withContract, [...lookups, contract], null, null, { n_package: '4' });
    const source = chosen.get('n_contract');
    expect(source?.same).toEqual({ n_package: '4' });
    expect(source && lookupFilter(source)).toBe('n_package = 4');
    expect(source && lookupFilter(source, { text: 'x' })).toBe(
      "n_package = 4 AND (c_contract_no ILIKE '%x%')",
    );
    const blank = lookupSourcesOf(withContract, [...lookups, contract], null, null, { n_package: '' });
    const open = blank.get('n_contract');
    expect(open && lookupFilter(open)).toBeNull();
  });
});

describe('a look-up following a column of another record (`same = { n_contract = "n_ipa.n_contract" }`)', () => {
  const ipa: LookupMeta = { entry: 'ipa', primary_key: 'id', display_columns: ['id', 'c_ipa_no'] };
  const boq: LookupMeta = { entry: 'boq_item', primary_key: 'id', display_columns: ['id', 'c_label'] };
  const key: ColumnDef = {
    name: 'n_ipa',
    type: 'bigint',
    label: 'IPA',
    lookup: { entry: 'ipa', display: 'c_ipa_no' },
  };
  const item: ColumnDef = {
    name: 'n_boq_item',
    type: 'bigint',
    label: 'BOQ item',
    lookup: { entry: 'boq_item', display: 'c_label', same: { n_contract: 'n_ipa.n_contract' } },
  };

  it('follows the form’s column naming that record (a line’s parent key), not a column of that name', () => {
    expect(followedColumns([item])).toEqual(['n_ipa']);
  });

  it('reads that record’s column, the record found through the screen’s columns (the key is no input)', () => {
    expect(followedThrough([item], [key, item], [ipa, boq])).toEqual([
      { path: 'n_ipa.n_contract', column: 'n_ipa', entry: 'ipa', primaryKey: 'id', of: 'n_contract' },
    ]);
    // Without the column naming the record, or through more than one record: nothing to follow.
    expect(followedThrough([item], [item], [ipa, boq])).toEqual([]);
    const deeper: ColumnDef = {
      ...item,
      lookup: { entry: 'boq_item', display: 'c_label', same: { n_contract: 'n_ipa.n_package.x' } },
    };
    expect(followedThrough([deeper], [key, deeper], [ipa, boq])).toEqual([]);
  });

  it('offers only the items of the contract read from the record, and everything until it is read', () => {
    const read = lookupSourcesOf([item], [ipa, boq], null, null, { n_ipa: '12', 'n_ipa.n_contract': '3' });
    const source = read.get('n_boq_item');
    expect(source?.same).toEqual({ n_contract: '3' });
    expect(source && lookupFilter(source)).toBe('n_contract = 3');
    const unread = lookupSourcesOf([item], [ipa, boq], null, null, { n_ipa: '12' });
    const open = unread.get('n_boq_item');
    expect(open && lookupFilter(open)).toBeNull();
  });

  it("puts the person filling the form in place of a where's :user_id (an approver other than oneself)", () => {
    const approver: ColumnDef = {
      name: 'n_approver',
      type: 'bigint',
      label: 'Approver',
      lookup: { entry: 'v_user_list', display: 'name', where: 'n_superadmin = 0 AND id <> :user_id' },
    };
    const sources = lookupSourcesOf([approver], lookups, null, null, null, 17);
    const source = sources.get('n_approver');
    expect(source?.where).toBe('n_superadmin = 0 AND id <> 17');
    expect(source && lookupFilter(source)).toBe('(n_superadmin = 0 AND id <> 17)');
  });
});
