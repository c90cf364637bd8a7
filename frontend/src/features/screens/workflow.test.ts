import { describe, expect, it } from 'vitest';

import type { ColumnDef, TransitionDef, WorkflowDef } from '../../api/schema';
import {
  creatableNames,
  editableByParty,
  editableNames,
  isOverdue,
  mayEditLines,
  mayPerform,
  type Performer,
  sendingStep,
  stateByLabel,
  stateChoices,
  stateColour,
  stateLabel,
  stateOf,
  transitionInputs,
  transitionsOpenTo,
} from './workflow';

const ask: TransitionDef = {
  name: 'ask',
  label: 'Ask',
  from: ['New'],
  to: 'Asked',
  who: { creator: true },
  requires: ['d_due'],
};
const answer: TransitionDef = {
  name: 'answer',
  label: 'Answer',
  from: ['Asked'],
  to: 'Done',
  who: { columns: ['n_assignee'] },
  requires: ['c_answer'],
  fields: ['c_answer', 'n_cost'],
  comment: 'optional',
};
const withdraw: TransitionDef = {
  name: 'withdraw',
  label: 'Withdraw',
  from: ['New', 'Asked'],
  to: 'Done',
  who: { routes: ['/x/other'] },
};
const reopen: TransitionDef = {
  name: 'reopen',
  label: 'Reopen',
  from: ['Done'],
  to: 'Asked',
  who: { creator: true, columns: ['n_assignee'] },
};

// A made-up register: a request raised by someone, answered by the person it is assigned to.
const workflow: WorkflowDef = {
  state_column: 'c_state',
  initial: 'New',
  ball_in_court: 'n_waiting_on',
  due: 'd_due',
  states: [
    { name: 'New', category: 'draft', colour: 'gray', editable: ['c_subject', 'd_due'] },
    { name: 'Asked', label: 'Asked (with the assignee)', category: 'open', colour: 'blue' },
    { name: 'Done', category: 'closed', colour: 'green' },
  ],
  transitions: [ask, answer, withdraw, reopen],
};

const columns: ColumnDef[] = [
  { name: 'id', type: 'bigint', label: 'ID', read_only: true },
  { name: 'c_state', type: 'text', label: 'Status', read_only: true },
  { name: 'c_subject', type: 'text', label: 'Subject', required: true },
  { name: 'd_due', type: 'date', label: 'Due' },
  { name: 'c_answer', type: 'text', label: 'Answer' },
  { name: 'n_cost', type: 'numeric', label: 'Cost', scale: 2 },
  { name: 'c_secret', type: 'text', label: 'Secret', hidden: true },
  { name: 'n_raised_by', type: 'bigint', label: 'Raised by', read_only: true, stamp: 'creator' },
  { name: 'n_assignee', type: 'bigint', label: 'Assignee' },
];
const inputs = columns.filter((c) => !c.read_only && !c.hidden);

const raiser: Performer = { id: 7, superadmin: false, actions: {} };
const assignee: Performer = { id: 9, superadmin: false, actions: {} };
const stranger: Performer = {
  id: 11,
  superadmin: false,
  actions: { '/x/other': { create: false, update: false, delete: false, export: true } },
};
const admin: Performer = { id: 1, superadmin: true, actions: {} };

const record = (state: string) => ({
  id: 5,
  c_state: state,
  n_raised_by: 7,
  n_assignee: '9',
  d_due: '2026-11-20',
});

describe('states', () => {
  it('are named by their label, and coloured by the registry', () => {
    const [fresh, asked] = workflow.states;
    expect(stateOf(workflow, 'Asked')).toBe(asked);
    expect(stateOf(workflow, 7)).toBeUndefined();
    expect(asked && stateLabel(asked)).toBe('Asked (with the assignee)');
    expect(fresh && stateLabel(fresh)).toBe('New');
    expect(stateColour(stateOf(workflow, 'Done'))).toBe('green');
    expect(stateColour(stateOf(workflow, 'Unknown'))).toBe('gray');
    expect(stateByLabel(workflow, 'Asked (with the assignee)')?.name).toBe('Asked');
    expect(stateByLabel(workflow, 'Done')?.name).toBe('Done');
  });

  it('are offered to a list filter by their labels, standing for their names', () => {
    expect(stateChoices(workflow)).toEqual([
      { value: 'New', label: 'New' },
      { value: 'Asked', label: 'Asked (with the assignee)' },
      { value: 'Done', label: 'Done' },
    ]);
  });
});

describe('overdue', () => {
  it('is a due date before today while the state is not closed', () => {
    expect(isOverdue(workflow, record('Asked'), '2026-11-21')).toBe(true);
    expect(isOverdue(workflow, record('Asked'), '2026-11-20')).toBe(false);
    expect(isOverdue(workflow, record('Done'), '2026-12-01')).toBe(false);
    expect(isOverdue(workflow, { ...record('Asked'), d_due: null }, '2026-12-01')).toBe(false);
    // Without the state in the row it is not judged.
    expect(isOverdue(workflow, { d_due: '2026-01-01' }, '2026-12-01')).toBe(false);
    expect(isOverdue({ ...workflow, due: null }, record('Asked'), '2026-12-01')).toBe(false);
  });

  it("is judged by the due date of the step waiting: the state's own, else the workflow's", () => {
    const perStep: WorkflowDef = {
      ...workflow,
      states: workflow.states.map((s) => (s.name === 'Asked' ? { ...s, due: 'd_answer_due' } : s)),
    };
    const row = { ...record('Asked'), d_due: '2026-01-01', d_answer_due: '2026-12-10' };
    expect(isOverdue(perStep, row, '2026-12-01')).toBe(false);
    expect(isOverdue(perStep, row, '2026-12-11')).toBe(true);
    expect(isOverdue(perStep, { ...row, c_state: 'New' }, '2026-12-01')).toBe(true);
  });
});

describe('fields and lines some people own', () => {
  const sections = [
    { title: 'Request', columns: ['c_subject', 'd_due'] },
    { title: 'Answer', columns: ['c_answer', 'n_cost'] },
  ];
  const owned: WorkflowDef = {
    ...workflow,
    editors: [
      { who: { creator: true }, sections: ['Request'] },
      { who: { columns: ['n_assignee'] }, fields: ['c_answer'], lines: ['request_line'] },
    ],
  };
  const names = new Set(['c_subject', 'd_due', 'c_answer', 'n_cost']);
  const editableBy = (who: Performer, row: Record<string, unknown> | null) => [
    ...editableByParty(owned, sections, names, row, who, 'n_raised_by'),
  ];

  it('leave each party its own fields, and everyone the fields nobody owns', () => {
    expect(editableBy(raiser, record('Asked'))).toEqual(['c_subject', 'd_due', 'n_cost']);
    expect(editableBy(assignee, record('Asked'))).toEqual(['c_answer', 'n_cost']);
    expect(editableBy(admin, record('Asked'))).toEqual([...names]);
    // A new record's creator is the user; the people in its columns are not known yet.
    expect(editableBy(assignee, null)).toEqual(['c_subject', 'd_due', 'n_cost']);
    expect([...editableByParty(workflow, sections, names, record('Asked'), raiser, 'n_raised_by')]).toEqual([
      ...names,
    ]);
  });

  it("leave a child register's lines to their owners", () => {
    expect(mayEditLines(owned, 'request_line', record('Asked'), assignee, 'n_raised_by')).toBe(true);
    expect(mayEditLines(owned, 'request_line', record('Asked'), raiser, 'n_raised_by')).toBe(false);
    expect(mayEditLines(owned, 'other_line', record('Asked'), raiser, 'n_raised_by')).toBe(true);
  });
});

describe('fields a state leaves editable', () => {
  it("are the state's list, every input of an open state without one, none of a closed one", () => {
    expect([...editableNames(workflow, 'New', inputs)]).toEqual(['c_subject', 'd_due']);
    expect([...editableNames(workflow, 'Asked', inputs)]).toEqual(inputs.map((c) => c.name));
    expect([...editableNames(workflow, 'Done', inputs)]).toEqual([]);
  });

  it('are every input without a workflow', () => {
    expect(editableNames(undefined, undefined, inputs).size).toBe(inputs.length);
  });

  it("of a new record are the first state's and those no step fills, not the answer a later step gives", () => {
    // c_answer and n_cost are the answer's fields; the assignee is given only when the request is made.
    expect([...creatableNames(workflow, inputs)]).toEqual(['c_subject', 'd_due', 'n_assignee']);
    expect(creatableNames(undefined, inputs).size).toBe(inputs.length);
  });
});

describe('transitions open to a user', () => {
  it('leave the current state and are the creator’s, the named user’s or the route holder’s', () => {
    const names = (who: Performer, state: string) =>
      transitionsOpenTo(workflow, record(state), who, columns).map((t) => t.name);
    expect(names(raiser, 'New')).toEqual(['ask']);
    expect(names(assignee, 'New')).toEqual([]);
    expect(names(assignee, 'Asked')).toEqual(['answer']);
    expect(names(raiser, 'Done')).toEqual(['reopen']);
    expect(names(assignee, 'Done')).toEqual(['reopen']);
    expect(names(admin, 'Asked')).toEqual(['answer', 'withdraw']);
  });

  it('by route need the update action on it', () => {
    expect(mayPerform(withdraw, record('New'), stranger, 'n_raised_by')).toBe(false);
    const holder = {
      ...stranger,
      actions: { '/x/other': { create: false, update: true, delete: false, export: false } },
    };
    expect(mayPerform(withdraw, record('New'), holder, 'n_raised_by')).toBe(true);
  });

  it('are none for a record without a state', () => {
    expect(transitionsOpenTo(workflow, { id: 1 }, admin, columns)).toEqual([]);
  });
});

describe('an approval', () => {
  it('is never its creator’s, superadmins included', () => {
    const approve: TransitionDef = { ...answer, who: { columns: ['n_assignee'], not_creator: true } };
    const ownRecord = { ...record('Asked'), n_assignee: '7' };
    expect(mayPerform(approve, ownRecord, raiser, 'n_raised_by')).toBe(false);
    expect(mayPerform(approve, record('Asked'), assignee, 'n_raised_by')).toBe(true);
    expect(mayPerform(approve, { ...record('Asked'), n_raised_by: 1 }, admin, 'n_raised_by')).toBe(false);
  });
});

describe('the inputs of a transition', () => {
  it('are its required fields, marked required, then its other fields, each once', () => {
    const asked = transitionInputs(answer, columns);
    expect(asked.map((c) => [c.name, c.required === true])).toEqual([
      ['c_answer', true],
      ['n_cost', false],
    ]);
    expect(transitionInputs(withdraw, columns)).toEqual([]);
  });

  it('leave out columns the user cannot see', () => {
    expect(
      transitionInputs({ ...ask, requires: ['c_secret', 'c_nothing', 'd_due'] }, columns).map((c) => c.name),
    ).toEqual(['d_due']);
  });
});

describe('the step that sends a draft on', () => {
  it("is the user's first step out of the draft to a state that is not closed", () => {
    const draft = stateOf(workflow, 'New');
    expect(sendingStep(workflow, draft, [withdraw, ask])).toEqual({ step: ask, to: workflow.states[1] });
    // Only a withdrawal is the user's: nothing sends it on.
    expect(sendingStep(workflow, draft, [withdraw])).toBeUndefined();
    // A record past its draft has no banner.
    expect(sendingStep(workflow, stateOf(workflow, 'Asked'), [answer])).toBeUndefined();
  });
});
