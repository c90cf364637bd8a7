/**
 * The form of a data screen, built at run time from the registry metadata: its sections of writable inputs, the
 * values a new record starts with (each column's `default`), and a zod schema where every input is typed text
 * (blank meaning no value), checked by the gateway's own rules (each field's, then the screen's rules over several
 * fields) so a form refuses exactly what the gateway would, every problem at once, with the same message under
 * each input.
 */
import { z } from 'zod';

import type { ColumnDef, RuleMeta, ScreenMeta } from '../../api/schema';
import { formProblems } from '../../lib/record-rule-checks';
import { type DefaultContext, initialText } from '../../lib/record-rules';

export type FormValues = Record<string, string>;

export interface FormSection {
  title: string;
  columns: ColumnDef[];
}

/**
 * The registry's sections with their columns, empty sections left out: a new record's writable columns; for a
 * record that exists, also the read-only ones (its server-given number, who raised it), which the form shows and
 * never sends. The `numbering` column is read-only whatever its definition says, unless the numbering is `typed`
 * (a new record's number may then be left empty). A workflow's state column is not a field: the form's header shows
 * it as a badge.
 */
export function formSections(
  meta: ScreenMeta,
  { existing = false, state }: { existing?: boolean; state?: unknown } = {},
): FormSection[] {
  // The number a register gives its records is the server's to assign: never an input, unless the register lets
  // a person give it (`typed`), when a new record's number may be left empty for the server to draw.
  const numbering = meta.numbering;
  const asNumber = (column: ColumnDef): ColumnDef => {
    if (!numbering?.typed) return { ...column, read_only: true };
    return existing ? column : { ...column, required: false };
  };
  // A column the gateway stamps from the session on create (the creator's organisation, its code) may be left
  // empty on a new record: the gateway fills it (a holder of the right to file for others may name another).
  const stamped = (column: ColumnDef): ColumnDef =>
    !existing && (column.stamp === 'organisation' || column.stamp === 'organisation_code')
      ? { ...column, required: false }
      : column;
  const byName = new Map(
    meta.columns.map((column) => [
      column.name,
      column.name === numbering?.column ? asNumber(column) : stamped(column),
    ]),
  );
  const stateColumn = meta.workflow?.state_column;
  const shown = (column: ColumnDef) =>
    column.hidden !== true && column.name !== stateColumn && (existing || column.read_only !== true);
  // A section some states only show (the verification, once there is a response to verify).
  const inState = (states: readonly string[] | undefined) =>
    !states || states.length === 0 || (typeof state === 'string' && states.includes(state));
  return meta.sections
    .filter((section) => inState(section.states))
    .map((section) => ({
      title: section.title,
      columns: section.columns.flatMap((name) => {
        const column = byName.get(name);
        return column && shown(column) ? [column] : [];
      }),
    }))
    .filter((section) => section.columns.length > 0);
}

/** A new record's values: each column's registry default, else blank. */
export function blankValues(columns: readonly ColumnDef[], context?: DefaultContext): FormValues {
  return Object.fromEntries(columns.map((column) => [column.name, initialText(column, context)]));
}

/** A schema of a form's text values. */
export type FormSchema = z.ZodType<FormValues, FormValues>;

/**
 * The form's schema: every problem `formProblems` finds in the `inputs`, each under its field. `columns` are all the
 * screen's columns (a rule may read one that is not an input); `rules` the screen's rules over several fields;
 * `shown` the fields the form draws (by default the inputs): a rule naming a field the form does not draw is left
 * to the gateway, since its message would have nowhere to show and would block Save unseen; `fixed` what the route
 * fixes, which the rules read as the gateway will.
 */
export function formSchema(
  inputs: readonly ColumnDef[],
  columns: readonly ColumnDef[] = inputs,
  rules: readonly RuleMeta[] = [],
  shown: readonly ColumnDef[] = inputs,
  fixed: Readonly<Record<string, string>> = {},
): FormSchema {
  return z.record(z.string(), z.string()).superRefine((values, context) => {
    for (const [field, message] of Object.entries(formProblems(inputs, columns, rules, values, fixed))) {
      if (shown.some((column) => column.name === field)) {
        context.addIssue({ code: 'custom', path: [field], message });
      }
    }
  });
}

/** A record as the gateway sent it → the form's text values. */
export function toFormValues(
  columns: readonly ColumnDef[],
  record: Record<string, unknown> | null,
): FormValues {
  const values: FormValues = {};
  for (const column of columns) {
    const value = record?.[column.name];
    values[column.name] = value === null || value === undefined ? '' : String(value);
  }
  return values;
}

/** The form's text values → the JSON body of a write: blank is null, everything else the text as typed. */
export function toPayload(columns: readonly ColumnDef[], values: FormValues): Record<string, string | null> {
  const payload: Record<string, string | null> = {};
  for (const column of columns) {
    const value = values[column.name] ?? '';
    payload[column.name] = value.trim() === '' ? null : value;
  }
  return payload;
}
