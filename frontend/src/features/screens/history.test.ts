import { describe, expect, it } from 'vitest';

import type { ColumnDef, FieldChange } from '../../api/schema';
import { changeText, createdState, historyHeading, shownChanges } from './history';

const meta = {
  primary_key: 'id',
  columns: [
    { name: 'd_due', type: 'date', label: 'Due' },
    { name: 'n_cost', type: 'numeric', label: 'Cost', scale: 2 },
    { name: 'n_assignee', type: 'bigint', label: 'Assignee', lookup: { entry: 'users', display: 'name' } },
    { name: 'n_urgent', type: 'smallint', label: 'Urgent', min: 0, max: 1 },
    { name: 'c_state', type: 'text', label: 'Status', read_only: true },
  ] satisfies ColumnDef[],
};

const change = (field: string, label: string, before: unknown, after: unknown) =>
  ({ field, label, before, after }) as FieldChange;

describe('the history of a record', () => {
  it('heads each step by what happened', () => {
    expect(historyHeading({ action: 'create' })).toBe('Created');
    expect(historyHeading({ action: 'update' })).toBe('Changed');
    expect(historyHeading({ action: 'transition', transition: 'Answer' })).toBe('Answer');
    expect(historyHeading({ action: 'file-upload' })).toBe('File added');
    expect(historyHeading({ action: 'file-delete' })).toBe('File removed');
    expect(historyHeading({ action: 'something-else' })).toBe('Something else');
  });

  it('shows each change as "Label: before → after" in the console’s formats, empty as —', () => {
    expect(changeText(change('d_due', 'Due', null, '2026-11-30'), meta)).toBe('Due: — → 30 Nov, 2026');
    expect(changeText(change('n_cost', 'Cost', '125000', 1500.5), meta)).toBe('Cost: 1,25,000.00 → 1,500.50');
    expect(changeText(change('n_assignee', 'Assignee', 'Asha Rao', ''), meta)).toBe('Assignee: Asha Rao → —');
    expect(changeText(change('n_urgent', 'Urgent', 0, 1), meta)).toBe('Urgent: No → Yes');
    expect(changeText(change('c_gone', 'Gone', { a: 1 }, 'x'), meta)).toBe('Gone: {"a":1} → x');
  });

  it('does not repeat a transition’s move of the state as a change', () => {
    const changes = [change('c_state', 'Status', 'New', 'Asked'), change('d_due', 'Due', null, '2026-11-30')];
    const columns = { stateColumn: 'c_state', primaryKey: 'id' };
    expect(shownChanges({ action: 'transition', changes }, columns)).toEqual([changes[1]]);
    expect(shownChanges({ action: 'update', changes }, columns)).toEqual(changes);
  });

  it('shows a new record’s first state by its heading, and leaves out the key it was given', () => {
    const changes = [
      change('id', 'ID', null, 46),
      change('c_state', 'Status', null, 'New'),
      change('d_due', 'Due', null, '2026-11-30'),
    ];
    const created = { action: 'create', changes };
    expect(shownChanges(created, { stateColumn: 'c_state', primaryKey: 'id' })).toEqual([changes[2]]);
    expect(createdState(created, 'c_state')).toBe('New');
    expect(createdState({ action: 'update', changes }, 'c_state')).toBeNull();
    expect(createdState(created, undefined)).toBeNull();
  });
});
