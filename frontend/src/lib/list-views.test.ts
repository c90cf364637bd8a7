import { describe, expect, it } from 'vitest';

import type { ColumnDef, WorkflowDef } from '../api/schema';
import { loadView, saveView, viewFilter, viewsOf } from './list-views';

const workflow: WorkflowDef = {
  state_column: 'c_state',
  initial: 'Open',
  ball_in_court: 'n_ball',
  states: [
    { name: 'Open', category: 'open', colour: 'orange', due: 'd_response_due' },
    { name: 'Responded', category: 'open', colour: 'blue', due: 'd_verify_due' },
    { name: "Won't fix", category: 'open', colour: 'gray' },
    { name: 'Closed', category: 'closed', colour: 'green' },
  ],
  transitions: [],
};
const columns: ColumnDef[] = [{ name: 'n_raised_by', type: 'bigint', label: 'Raised by', stamp: 'creator' }];

describe('the views of a workflow register’s list', () => {
  it('are offered where the register has what they need', () => {
    expect(viewsOf(workflow, columns)).toEqual(['all', 'mine', 'raised', 'overdue']);
    expect(viewsOf({ ...workflow, ball_in_court: null }, [])).toEqual(['all', 'overdue']);
    expect(viewsOf(undefined, columns)).toEqual([]);
  });

  it('are conditions of the filter language, each open state overdue by its own due date', () => {
    expect(viewFilter('all', workflow, columns, 7, '2026-11-25')).toBeUndefined();
    expect(viewFilter('mine', workflow, columns, 7, '2026-11-25')).toBe(
      "n_ball = 7 AND c_state IN ('Open', 'Responded', 'Won''t fix')",
    );
    expect(viewFilter('raised', workflow, columns, 7, '2026-11-25')).toBe('n_raised_by = 7');
    expect(viewFilter('overdue', workflow, columns, 7, '2026-11-25')).toBe(
      "((c_state = 'Open' AND d_response_due < '2026-11-25') OR (c_state = 'Responded' AND d_verify_due < '2026-11-25'))",
    );
  });
});

describe('the view a person chose', () => {
  it('is kept per person and screen, and forgotten once no longer offered', () => {
    const kept = new Map<string, string>();
    const store = {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
      removeItem: (key: string) => void kept.delete(key),
    };
    saveView(7, '/x', 'mine', store);
    expect(loadView(7, '/x', ['all', 'mine'], store)).toBe('mine');
    expect(loadView(8, '/x', ['all', 'mine'], store)).toBe('all');
    expect(loadView(7, '/x', ['all', 'raised'], store)).toBe('all');
    saveView(7, '/x', 'all', store);
    expect(loadView(7, '/x', ['all', 'mine'], store)).toBe('all');
  });
});
