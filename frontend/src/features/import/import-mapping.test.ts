import { describe, expect, it } from 'vitest';

import type { ImportColumn } from '../../api/schema';
import { missingColumns, normalHeader, remap, startingKey, startingMapping } from './import-mapping';

function column(name: string, label: string, required = false): ImportColumn {
  return { name, label, type: 'text', required, enum: [], lookup: null, key_candidate: false };
}

const COLUMNS = [
  column('c_code', 'Code', true),
  column('c_name', 'Name', true),
  column('n_package', 'Package', true),
  column('c_remarks', 'Remarks'),
];

describe('the mapping to start from', () => {
  it("keeps the gateway's automatic proposal where the preset says nothing", () => {
    const mapping = startingMapping({
      headers: ['Code', 'Name', 'Notes'],
      columns: COLUMNS,
      proposed: { Code: 'c_code', Name: 'c_name', Notes: null },
      saved: false,
    });
    expect(mapping).toEqual({ Code: 'c_code', Name: 'c_name', Notes: null });
  });

  it("puts the preset's headers on top of the automatic proposal, in any case and spacing", () => {
    const mapping = startingMapping({
      headers: ['Code', 'Element  name', 'Notes'],
      columns: COLUMNS,
      proposed: { Code: 'c_code', 'Element  name': null, Notes: 'c_name' },
      saved: false,
      preset: { 'ELEMENT NAME': 'c_name', Notes: 'c_remarks' },
    });
    // The preset claims Name for "Element name", so the automatic guess for Notes gives way to the preset's.
    expect(mapping).toEqual({ Code: 'c_code', 'Element  name': 'c_name', Notes: 'c_remarks' });
  });

  it('takes a column the preset claims away from the header the gateway had guessed for it', () => {
    const mapping = startingMapping({
      headers: ['Title', 'Element name'],
      columns: COLUMNS,
      proposed: { Title: 'c_name', 'Element name': null },
      saved: false,
      preset: { 'Element name': 'c_name' },
    });
    expect(mapping).toEqual({ Title: null, 'Element name': 'c_name' });
  });

  it("keeps the user's saved mapping over the preset's, which fills only what the saved one leaves out", () => {
    const mapping = startingMapping({
      headers: ['Code', 'Descr', 'Comment'],
      columns: COLUMNS,
      proposed: { Code: 'c_code', Descr: 'c_name', Comment: null },
      saved: true,
      preset: { Descr: 'c_remarks', Comment: 'c_remarks' },
    });
    expect(mapping).toEqual({ Code: 'c_code', Descr: 'c_name', Comment: 'c_remarks' });
  });

  it('never reads a column the screen gives every row (asked or fixed) from the file, nor an unknown one', () => {
    const mapping = startingMapping({
      headers: ['Package', 'Code', 'Other'],
      columns: COLUMNS,
      proposed: { Package: 'n_package', Code: 'c_code', Other: 'c_gone' },
      saved: false,
      given: ['n_package'],
    });
    expect(mapping).toEqual({ Package: null, Code: 'c_code', Other: null });
  });

  it('normalises headers as people vary them', () => {
    expect(normalHeader('  Element_ID ')).toBe('element id');
    expect(normalHeader('Khasra-No.')).toBe('khasra no');
  });
});

describe('changing one column', () => {
  it('takes the column from the header that had it', () => {
    expect(remap({ A: 'c_code', B: null }, 'B', 'c_code')).toEqual({ A: null, B: 'c_code' });
    expect(remap({ A: 'c_code', B: 'c_name' }, 'B', null)).toEqual({ A: 'c_code', B: null });
  });
});

describe('what a check still needs', () => {
  it('names every required column nobody gives, in words', () => {
    const missing = missingColumns(COLUMNS, { Code: 'c_code' }, ['n_package'], 'insert', []);
    expect(missing.map((m) => m.column)).toEqual(['c_name']);
    expect(missing[0]?.message).toBe('Name is required: choose the file column that holds it.');
  });

  it('needs the key columns to update, and no other required column', () => {
    const missing = missingColumns(COLUMNS, { Name: 'c_name' }, [], 'update', ['c_code']);
    expect(missing).toEqual([
      {
        column: 'c_code',
        label: 'Code',
        message: 'Code is the key the records are found by: choose the file column that holds it.',
      },
    ]);
  });

  it('needs both for update-or-add; a fixed key column counts as given', () => {
    const missing = missingColumns(COLUMNS, { Code: 'c_code' }, ['n_package'], 'upsert', [
      'n_package',
      'c_code',
    ]);
    expect(missing.map((m) => m.column)).toEqual(['c_name']);
  });

  it('starts from the preset key, else the first unique key; none to insert', () => {
    expect(startingKey('insert', ['c_code'], [['c_code']])).toEqual([]);
    expect(startingKey('upsert', ['n_package', 'c_element_id'], [['c_code']])).toEqual([
      'n_package',
      'c_element_id',
    ]);
    expect(startingKey('update', undefined, [['c_code'], ['c_name']])).toEqual(['c_code']);
    expect(startingKey('update', [], [])).toEqual([]);
  });
});
