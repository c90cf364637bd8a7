import { describe, expect, it } from 'vitest';

import type { ChildMeta, ScreenMeta } from '../../api/schema';
import { childRegisters, isScreenMeta, lineActions, lineColumns, lineInputs } from './child-lines';

// A made-up register of inspections whose lines are the defects found.
const defects: ScreenMeta = {
  route: '/x/inspections',
  entry: 'inspection_defect',
  title: 'Defects',
  primary_key: 'id',
  writable: true,
  default_sort: [{ column: 'id', direction: 'asc' }],
  phone_columns: [],
  list_columns: ['c_defect', 'n_inspection', 'n_count'],
  sections: [{ title: 'Defect', columns: ['n_inspection', 'c_defect', 'n_count', 'n_created_by'] }],
  columns: [
    { name: 'id', type: 'bigint', label: 'ID', read_only: true },
    { name: 'n_inspection', type: 'bigint', label: 'Inspection', required: true },
    { name: 'c_defect', type: 'text', label: 'Defect', required: true },
    { name: 'n_count', type: 'integer', label: 'Count', min: 0 },
    { name: 'n_created_by', type: 'bigint', label: 'Created by', read_only: true, stamp: 'creator' },
  ],
  actions: { create: true, update: true, delete: false, export: true },
  lookups: [],
  rules: [],
};

const child: ChildMeta = {
  entry: 'inspection_defect',
  key: 'n_inspection',
  title: 'Defects found',
  delete: 'cascade',
  screen: defects as unknown as Record<string, unknown>,
};

describe('child registers', () => {
  it('are read from the screen description, leaving out any it cannot read', () => {
    expect(isScreenMeta(defects)).toBe(true);
    expect(isScreenMeta({ entry: 'x' })).toBe(false);
    const registers = childRegisters([child, { ...child, entry: 'broken', screen: {} }]);
    expect(registers.map((r) => [r.entry, r.key, r.title])).toEqual([
      ['inspection_defect', 'n_inspection', 'Defects found'],
    ]);
    expect(childRegisters(undefined)).toEqual([]);
  });

  it('edit their lines without the key, which the form fills in', () => {
    const [register] = childRegisters([child]);
    if (!register) throw new Error('no register');
    expect(lineInputs(register).map((c) => c.name)).toEqual(['c_defect', 'n_count']);
    expect(lineColumns(register).map((c) => c.name)).toEqual(['c_defect', 'n_count']);
  });

  it('let lines change as the child’s actions say, and not at all once the parent is closed', () => {
    const [register] = childRegisters([child]);
    if (!register) throw new Error('no register');
    expect(lineActions(register, { name: 'Draft', category: 'draft' })).toEqual({
      add: true,
      edit: true,
      remove: false,
    });
    expect(lineActions(register, undefined)).toEqual({ add: true, edit: true, remove: false });
    expect(lineActions(register, { name: 'Done', category: 'closed' })).toEqual({
      add: false,
      edit: false,
      remove: false,
    });
    // Submitted for review: an open state that leaves nothing editable holds its lines too.
    expect(lineActions(register, { name: 'Submitted', category: 'open', editable: [] })).toEqual({
      add: false,
      edit: false,
      remove: false,
    });
    expect(lineActions(register, { name: 'Open', category: 'open', editable: ['c_reference'] })).toEqual({
      add: true,
      edit: true,
      remove: false,
    });
  });

  it('let lines change in a state only when its `lines` name the child register, whatever its fields', () => {
    const [register] = childRegisters([child]);
    if (!register) throw new Error('no register');
    const entry = register.screen.entry;
    const frozen = { add: false, edit: false, remove: false };
    expect(lineActions(register, { name: 'Submitted', category: 'open', lines: [] })).toEqual(frozen);
    expect(
      lineActions(register, { name: 'Approved', category: 'open', editable: [], lines: [entry] }),
    ).toEqual({
      add: true,
      edit: true,
      remove: false,
    });
    expect(lineActions(register, { name: 'Approved', category: 'open', lines: ['another_child'] })).toEqual(
      frozen,
    );
  });
});
