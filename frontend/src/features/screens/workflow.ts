/**
 * A register's business process as the console reads it (`workflow` of `GET /api/screen`), for any register that
 * has one: a record's state (label and badge colour), whether it is overdue, which fields its state leaves
 * editable, and which transitions the signed-in user may perform on it. The gateway decides all of this again;
 * the console only offers what it would accept.
 */
import type {
  ColumnDef,
  EditorsDef,
  Me,
  SectionMeta,
  StateDef,
  TransitionDef,
  WorkflowDef,
  WhoDef,
} from '../../api/schema';

type Row = Readonly<Record<string, unknown>>;

/** The state a record's state column names, if the workflow knows it. */
export function stateOf(workflow: WorkflowDef, name: unknown): StateDef | undefined {
  return typeof name === 'string' ? workflow.states.find((state) => state.name === name) : undefined;
}

/** A state as the history names it (its label, or its name when it has none). */
export function stateByLabel(workflow: WorkflowDef, label: string): StateDef | undefined {
  return workflow.states.find((state) => stateLabel(state) === label) ?? stateOf(workflow, label);
}

/**
 * Whether a record in this state can still be changed at all (its child lines and files): not once closed, nor in a
 * state that leaves nothing editable (`editable = []`, e.g. submitted for review). The gateway answers 409 otherwise.
 */
export function isChangeable(state: StateDef | undefined): boolean {
  if (!state) return true;
  return state.category !== 'closed' && (state.editable == null || state.editable.length > 0);
}

/**
 * Whether the lines of the child register `child` can be added, changed or deleted with the parent in `state`: as
 * the state's `lines` say (`lines = []` freezes them while a reviewer has the record), else as long as the record is
 * changeable; never once closed. The gateway answers 409 otherwise.
 */
export function linesChangeable(state: StateDef | undefined, child: string): boolean {
  if (!state) return true;
  if (state.category === 'closed') return false;
  return state.lines == null ? isChangeable(state) : state.lines.includes(child);
}

export function stateLabel(state: StateDef): string {
  return state.label || state.name;
}

/** The states as choices of a filter: the stored name, read as the label. */
export function stateChoices(workflow: WorkflowDef): { value: string; label: string }[] {
  return workflow.states.map((state) => ({ value: state.name, label: stateLabel(state) }));
}

/** The state's badge colour (a Mantine colour name); gray when the registry names none. */
export function stateColour(state: StateDef | undefined): string {
  return state?.colour || 'gray';
}

/** A date value's `YYYY-MM-DD`, or null when it holds no date. */
function isoDay(value: unknown): string | null {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
}

/** The date column the person in court should act by in `state`: the state's own `due`, else the workflow's. */
export function dueColumn(workflow: WorkflowDef, state: StateDef | undefined): string | undefined {
  return state?.due ?? workflow.due ?? undefined;
}

/**
 * Whether a row is overdue: the due date of its step (its state's `due`, else the workflow's) is before `today`
 * (`YYYY-MM-DD`) while its state is not a closed one. A row without its state (a list that does not show the state
 * column) is not judged.
 */
export function isOverdue(workflow: WorkflowDef, row: Row, today: string): boolean {
  const state = stateOf(workflow, row[workflow.state_column]);
  const column = dueColumn(workflow, state);
  if (!column || !state) return false;
  const due = isoDay(row[column]);
  return due !== null && state.category !== 'closed' && due < today;
}

/**
 * The names among `inputs` (the form's writable columns) that a record in state `stateName` may change: the
 * state's `editable` list; without one, every input in draft and open states and none in closed ones. Without a
 * workflow every input is editable; a state the workflow does not know is left to the gateway to judge.
 */
export function editableNames(
  workflow: WorkflowDef | null | undefined,
  stateName: unknown,
  inputs: readonly ColumnDef[],
): Set<string> {
  const names = inputs.map((column) => column.name);
  if (!workflow) return new Set(names);
  const state = stateOf(workflow, stateName);
  const editable = !state
    ? names
    : state.editable
      ? names.filter((name) => state.editable?.includes(name))
      : state.category === 'closed'
        ? []
        : names;
  return new Set(editable.filter((name) => name !== workflow.state_column));
}

/**
 * The fields a new record's form may fill (the gateway's rule, docs/registry.md "A new record"): what the initial
 * state leaves editable, and the fields given only when a record is made (no state lists them, no transition fills
 * them). A field a later step fills (the engineer's answer) waits for that step.
 */
export function creatableNames(
  workflow: WorkflowDef | null | undefined,
  inputs: readonly ColumnDef[],
): Set<string> {
  const names = inputs.map((column) => column.name);
  if (!workflow) return new Set(names);
  const editable = editableNames(workflow, workflow.initial, inputs);
  const named = new Set<string>();
  for (const state of workflow.states) for (const name of state.editable ?? []) named.add(name);
  for (const transition of workflow.transitions) {
    for (const name of [
      ...(transition.requires ?? []),
      ...(transition.fields ?? []),
      ...Object.keys(transition.sets ?? {}),
    ])
      named.add(name);
  }
  return new Set(names.filter((name) => editable.has(name) || !named.has(name)));
}

/** Who is asking: the user's id, whether a superadmin, and what they may do per route (`/api/auth/me`). */
export interface Performer {
  id: number;
  superadmin: boolean;
  actions: Me['actions'];
}

export function performerOf(me: Pick<Me, 'user' | 'actions'>): Performer {
  return { id: me.user.id, superadmin: me.user.superadmin, actions: me.actions };
}

/** The column recording who created a record (`stamp = "creator"`). */
export function creatorColumn(columns: readonly ColumnDef[]): string | undefined {
  return columns.find((column) => column.stamp === 'creator')?.name;
}

function isUser(value: unknown, id: number): boolean {
  return value !== null && value !== undefined && value !== '' && String(value) === String(id);
}

/**
 * Whether `who` is one of the people `party` names on `record` (null: a new record, which the user creates):
 * superadmins always; otherwise its creator (when named), a user in one of its columns, or a holder of one of its
 * routes with the update action.
 */
export function isParty(
  party: WhoDef,
  record: Row | null,
  who: Performer,
  creator: string | undefined,
): boolean {
  if (who.superadmin) return true;
  const { creator: byCreator, columns = [], routes = [] } = party;
  if (byCreator === true && (record === null || (creator !== undefined && isUser(record[creator], who.id))))
    return true;
  if (record !== null && columns.some((column) => isUser(record[column], who.id))) return true;
  return routes.some((route) => who.actions[route]?.update === true);
}

/**
 * Whether `who` may perform `transition` on `record`: one of the people its `who` names (see `isParty`), and never
 * the record's creator where the transition approves (`not_creator`, superadmins too).
 */
export function mayPerform(
  transition: TransitionDef,
  record: Row,
  who: Performer,
  creator: string | undefined,
): boolean {
  if (transition.who.not_creator === true && creator !== undefined && isUser(record[creator], who.id))
    return false;
  return isParty(transition.who, record, who, creator);
}

/** The `workflow.editors` groups naming `column`, directly or through one of the form's `sections`. */
export function editorsOf(
  workflow: WorkflowDef | null | undefined,
  sections: readonly SectionMeta[],
  column: string,
): EditorsDef[] {
  return (workflow?.editors ?? []).filter(
    (group) =>
      (group.fields ?? []).includes(column) ||
      (group.sections ?? []).some((title) =>
        sections.some((section) => section.title === title && section.columns.includes(column)),
      ),
  );
}

/**
 * The names among `names` that `who` may change on `record` (null: a new one) as the register's editors groups
 * say: a field no group names is anyone's (with the register's update); a named one is its groups' people's only.
 */
export function editableByParty(
  workflow: WorkflowDef | null | undefined,
  sections: readonly SectionMeta[],
  names: ReadonlySet<string>,
  record: Row | null,
  who: Performer | undefined,
  creator: string | undefined,
): Set<string> {
  if (!workflow?.editors?.length || who === undefined) return new Set(names);
  return new Set(
    [...names].filter((name) => {
      const groups = editorsOf(workflow, sections, name);
      return groups.length === 0 || groups.some((group) => isParty(group.who, record, who, creator));
    }),
  );
}

/** Whether `who` may add, change and delete the lines of the child register `child` of `record`. */
export function mayEditLines(
  workflow: WorkflowDef | null | undefined,
  child: string,
  record: Row | null,
  who: Performer | undefined,
  creator: string | undefined,
): boolean {
  const groups = (workflow?.editors ?? []).filter((group) => (group.lines ?? []).includes(child));
  if (groups.length === 0 || who === undefined) return true;
  return groups.some((group) => isParty(group.who, record, who, creator));
}

/** The transitions that leave the record's current state and that `who` may perform, in the registry's order. */
export function transitionsOpenTo(
  workflow: WorkflowDef,
  record: Row,
  who: Performer,
  columns: readonly ColumnDef[],
): TransitionDef[] {
  const state = record[workflow.state_column];
  if (typeof state !== 'string') return [];
  const creator = creatorColumn(columns);
  return workflow.transitions.filter(
    (transition) => transition.from.includes(state) && mayPerform(transition, record, who, creator),
  );
}

/**
 * The inputs a transition's form asks for: its `requires` (marked required) and then its `fields`, each once, as
 * the screen's columns describe them; columns the user cannot see are left out.
 */
export function transitionInputs(transition: TransitionDef, columns: readonly ColumnDef[]): ColumnDef[] {
  const requires = transition.requires ?? [];
  const names = [...new Set([...requires, ...(transition.fields ?? [])])];
  return names.flatMap((name) => {
    const column = columns.find((c) => c.name === name && c.hidden !== true);
    if (!column) return [];
    return [requires.includes(name) ? { ...column, required: true } : column];
  });
}

/**
 * The step that sends a draft on, of those open to the user: the first leading to a state that is not a draft
 * (a withdrawal or a cancellation leads to a closed one and comes after it in the file). Undefined when the record
 * is not a draft or no such step is the user's.
 */
export function sendingStep(
  workflow: WorkflowDef,
  state: StateDef | undefined,
  open: readonly TransitionDef[],
): { step: TransitionDef; to: StateDef } | undefined {
  if (state?.category !== 'draft') return undefined;
  for (const step of open) {
    const to = stateOf(workflow, step.to);
    if (to && to.category !== 'draft' && to.category !== 'closed') return { step, to };
  }
  return undefined;
}
