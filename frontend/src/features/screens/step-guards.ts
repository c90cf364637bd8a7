/**
 * What a workflow step's guards (`guards` of the screen: the conditions over the record a transition needs) tell a
 * form before anything is sent: why the step is not open yet, and which fixed choices of its fields it would refuse
 * (sharing a document offers S1–S4, not S0 nor a published code). A guard reading a column the step itself fills is
 * judged with each choice in turn; one it cannot judge (a column not read, a condition over lines) is the gateway's.
 */
import type { ColumnDef, GuardMeta, TransitionDef } from '../../api/schema';
import type { LookupOption } from '../../lib/lookup-choices';
import { judge, ruleValue } from '../../lib/record-rule-checks';
import type { FieldChoices } from './use-field-setup';

type Row = Readonly<Record<string, unknown>>;

/** The columns the step fills in its own form: unknown until it is sent. */
function filledBy(transition: TransitionDef): Set<string> {
  return new Set([...(transition.requires ?? []), ...(transition.fields ?? [])]);
}

/** The record's values as the rules read them, less the columns the step fills. */
function storedValues(columns: readonly ColumnDef[], record: Row, filled: ReadonlySet<string>) {
  const values = new Map<string, string | null>();
  for (const column of columns) {
    if (filled.has(column.name)) continue;
    const value = record[column.name];
    values.set(column.name, value === null || value === undefined ? null : ruleValue(column, String(value)));
  }
  return values;
}

/** The first of the step's guards that the record as stored fails; undefined when none does. */
export function failedGuard(
  guards: readonly GuardMeta[],
  transition: TransitionDef,
  columns: readonly ColumnDef[],
  record: Row,
): GuardMeta | undefined {
  const byName = new Map(columns.map((column) => [column.name, column]));
  const values = storedValues(columns, record, filledBy(transition));
  return guards.find(
    (guard) => guard.transition === transition.name && judge(guard.check, byName, values) === false,
  );
}

/** Of each field's fixed choices, those none of the step's guards refuses with the record as stored. */
export function choicesTheStepTakes(
  choices: FieldChoices,
  guards: readonly GuardMeta[],
  transition: TransitionDef,
  columns: readonly ColumnDef[],
  record: Row,
): FieldChoices {
  const byName = new Map(columns.map((column) => [column.name, column]));
  const stored = storedValues(columns, record, filledBy(transition));
  // A guard the record fails whatever is chosen says why the step is not open; it narrows no choice.
  const own = guards.filter(
    (guard) => guard.transition === transition.name && judge(guard.check, byName, stored) !== false,
  );
  if (own.length === 0) return choices;
  const taken = new Map<string, LookupOption[] | undefined>();
  for (const [name, options] of choices) {
    const column = byName.get(name);
    if (!options || !column) {
      taken.set(name, options);
      continue;
    }
    taken.set(
      name,
      options.filter((option) => {
        const values = new Map(stored).set(name, ruleValue(column, option.value));
        return own.every((guard) => judge(guard.check, byName, values) !== false);
      }),
    );
  }
  return taken;
}
