import type { ValueFormatterParams } from 'ag-grid-community';
import { describe, expect, it } from 'vitest';

import type { ScreenMeta } from '../../api/schema';
import { pageNames } from '../../lib/page-names';
import type { ColumnFilterParams } from './column-filter';
import { gridColumns } from './grid-columns';
import { lookupSourcesOf } from './lookup-sources';

const rfi: ScreenMeta = {
  route: '/contract-data-entry/rfi',
  entry: 'rfi',
  title: 'RFI',
  primary_key: 'id',
  writable: true,
  actions: { create: true, update: true, delete: true, export: true },
  default_sort: [],
  phone_columns: [],
  list_columns: ['c_rfi_no', 'n_package', 'n_engineer', 'c_severity'],
  sections: [],
  lookups: [
    { entry: 'package', primary_key: 'id', display_columns: ['id', 'c_code', 'c_name'] },
    { entry: 'v_user_list', primary_key: 'id', display_columns: ['id', 'name', 'email'] },
  ],
  rules: [],
  columns: [
    { name: 'id', type: 'bigint', label: 'ID' },
    { name: 'c_rfi_no', type: 'text', label: 'RFI No.' },
    { name: 'n_package', type: 'bigint', label: 'Package', lookup: { entry: 'package', display: 'c_code' } },
    {
      name: 'n_engineer',
      type: 'bigint',
      label: 'Engineer',
      lookup: { entry: 'v_user_list', display: 'name' },
    },
    { name: 'c_severity', type: 'text', label: 'Severity', enum: ['Minor', 'Major'] },
  ],
};

const listColumns = rfi.columns.filter((column) => rfi.list_columns.includes(column.name));

function columnsFor(packages: number[] | null) {
  const names = pageNames();
  const sources = lookupSourcesOf(listColumns, rfi.lookups, packages);
  const defs = gridColumns(rfi, listColumns, { names, sources }, new Map());
  const byName = new Map(defs.map((def) => [def.colId, def]));
  const filter = (name: string) => byName.get(name)?.floatingFilterComponentParams as ColumnFilterParams;
  const cell = (name: string, value: unknown) =>
    (byName.get(name)?.valueFormatter as (params: Partial<ValueFormatterParams>) => string)({ value });
  return { names, filter, cell };
}

describe('the list’s look-up columns', () => {
  it('name their cells by the names the pages came with, and show the key until a page names it', () => {
    const { names, cell } = columnsFor(null);
    expect(cell('n_package', 7)).toBe('7');
    names.add({ n_package: { '7': 'C1-V01' }, n_engineer: { '12': 'Arjun Mehta' } });
    // The columns are not built again: a cell drawn after a page arrived reads its names.
    expect(cell('n_package', 7)).toBe('C1-V01');
    expect(cell('n_engineer', 12)).toBe('Arjun Mehta');
    expect(cell('n_engineer', 13)).toBe('13');
    expect(cell('c_rfi_no', 'C1-V01-RFI-00001')).toBe('C1-V01-RFI-00001');
  });

  it('filter through a server-searched look-up, a linked user’s packages only; other choices stay fixed', () => {
    const { filter } = columnsFor([4, 5]);
    expect(filter('n_package').choices).toBeUndefined();
    expect(filter('n_package').lookup).toMatchObject({ display: 'c_code', only: [4, 5] });
    expect(filter('n_package').lookup?.lookup.entry).toBe('package');
    expect(filter('n_engineer').lookup).toMatchObject({ display: 'name', only: null });
    expect(filter('c_severity').lookup).toBeUndefined();
    expect(filter('c_severity').choices).toEqual([
      { value: 'Minor', label: 'Minor' },
      { value: 'Major', label: 'Major' },
    ]);
    expect(filter('c_rfi_no').choices).toBeUndefined();
    expect(columnsFor(null).filter('n_package').lookup?.only).toBeNull();
  });
});
