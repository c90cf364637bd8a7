import { describe, expect, it } from 'vitest';

import type { HistoryEntry, TransitionDef, WorkflowDef } from '../../api/schema';
import { fieldNotes, latestStep } from './step-notes';

const submit: TransitionDef = {
  name: 'submit',
  label: 'Submit to engineer',
  from: ['Draft'],
  to: 'Open',
  who: { creator: true },
  requires: ['d_due', 'c_question'],
};
const workflow: WorkflowDef = {
  state_column: 'c_state',
  initial: 'Draft',
  due: 'd_due',
  states: [
    { name: 'Draft', category: 'draft', colour: 'gray' },
    { name: 'Open', category: 'open', colour: 'blue', due: 'd_reply_due' },
  ],
  transitions: [submit],
};
const editable = new Set(['d_due', 'c_question', 'd_reply_due']);

describe('the notes under a record form’s fields', () => {
  it('mark the empty fields the next steps open to the user will need', () => {
    const notes = fieldNotes({
      workflow,
      transitions: [submit],
      record: { d_due: null, c_question: 'Which?' },
      values: { d_due: '', c_question: 'Which?' },
      editable,
      today: '2026-11-25',
    });
    expect(notes.get('d_due')).toEqual({ text: 'Needed to Submit to engineer', tone: 'info' });
    expect(notes.has('c_question')).toBe(false);
  });

  it('warn of a due date already past that is being entered, never of one stored', () => {
    const note = (value: string, stored: string | null) =>
      fieldNotes({
        workflow,
        transitions: [],
        record: { d_due: stored },
        values: { d_due: value },
        editable,
        today: '2026-11-25',
      }).get('d_due');
    expect(note('2026-11-20', null)).toEqual({ text: 'This date has already passed', tone: 'warning' });
    expect(note('2026-11-25', null)).toBeUndefined();
    expect(note('2026-11-20', '2026-11-20')).toBeUndefined();
    // A step's own due date is one too.
    expect(
      fieldNotes({
        workflow,
        transitions: [],
        record: null,
        values: { d_reply_due: '2026-01-01' },
        editable,
        today: '2026-11-25',
      }).get('d_reply_due')?.tone,
    ).toBe('warning');
  });

  it('say nothing without a workflow', () => {
    expect(
      fieldNotes({
        workflow: undefined,
        transitions: [],
        record: null,
        values: {},
        editable,
        today: '2026-11-25',
      }).size,
    ).toBe(0);
  });
});

describe('the last step', () => {
  const entry = (action: string, extra: Partial<HistoryEntry> = {}): HistoryEntry => ({
    at: '2026-11-24T10:00:00+05:30',
    action,
    by: 'Arjun Mehta',
    changes: [],
    ...extra,
  });

  it('is the latest transition when it came with a comment, whatever was changed since', () => {
    const history = [
      entry('update'),
      entry('transition', { transition: 'Return for clarification', comment: 'Name the drawing.' }),
      entry('transition', { transition: 'Submit to engineer' }),
    ];
    expect(latestStep(history)).toEqual({
      label: 'Return for clarification',
      by: 'Arjun Mehta',
      at: '2026-11-24T10:00:00+05:30',
      comment: 'Name the drawing.',
    });
    expect(latestStep([entry('transition', { transition: 'Submit' })])).toBeNull();
    expect(latestStep(undefined)).toBeNull();
  });
});
