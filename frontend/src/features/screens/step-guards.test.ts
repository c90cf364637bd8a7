import { describe, expect, it } from 'vitest';

import type { ColumnDef, GuardMeta, TransitionDef } from '../../api/schema';
import { choiceLabel } from '../../lib/column-types';
import { choicesFor } from './choices';
import { choicesTheStepTakes, failedGuard } from './step-guards';

// dms_document.toml: sharing asks for the status code, and its guard takes S1–S4 only.
const status: ColumnDef = {
  name: 'c_status_code',
  type: 'text',
  label: 'Status code',
  enum: ['S0', 'S1', 'S2', 'S3', 'S4', 'A', 'B', 'CR'],
  meanings: { S0: 'Work in progress', S3: 'Suitable for review and comment', B: 'Published: with comments' },
};
const columns: ColumnDef[] = [
  { name: 'c_state', type: 'text', label: 'State' },
  { name: 'c_title', type: 'text', label: 'Title' },
  status,
];
const share: TransitionDef = {
  name: 'share',
  label: 'Share for review',
  from: ['WIP'],
  to: 'Shared',
  who: { creator: true },
  requires: ['c_status_code'],
};
const guards: GuardMeta[] = [
  {
    transition: 'share',
    message: 'Status code: choose S1 … S4 to share',
    check: { in: 'c_status_code', values: ['S1', 'S2', 'S3', 'S4'] },
  },
  { transition: 'share', message: 'Give it a title first', check: { not: { is_null: 'c_title' } } },
  { transition: 'other', message: 'Not this step', check: { constant: false } },
];
const wip = { c_state: 'WIP', c_title: 'Pile cap', c_status_code: 'S0' };

describe("a step's guards in its form", () => {
  it('offer only the choices the step takes, each with its meaning', () => {
    const choices = new Map([['c_status_code', choicesFor(status)]]);
    const taken = choicesTheStepTakes(choices, guards, share, columns, wip).get('c_status_code');
    expect(taken?.map((option) => option.value)).toEqual(['S1', 'S2', 'S3', 'S4']);
    expect(taken?.find((option) => option.value === 'S3')?.label).toBe(
      'S3 — Suitable for review and comment',
    );
    // A code without a meaning reads as itself.
    expect(choiceLabel(status, 'S1')).toBe('S1');
    // A guard failing whatever is chosen (no title yet) narrows nothing: the step says why it is not open.
    const untitled = { ...wip, c_title: null };
    expect(choicesTheStepTakes(choices, guards, share, columns, untitled).get('c_status_code')).toHaveLength(
      4,
    );
    // A step without guards takes every choice.
    expect(choicesTheStepTakes(choices, [], share, columns, wip)).toBe(choices);
  });

  it('say why the step is not open yet, not judging what the step fills', () => {
    // The stored S0 is not judged: the step asks for the code.
    expect(failedGuard(guards, share, columns, wip)).toBeUndefined();
    expect(failedGuard(guards, share, columns, { ...wip, c_title: null })?.message).toBe(
      'Give it a title first',
    );
  });
});
