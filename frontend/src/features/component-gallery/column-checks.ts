/**
 * The record form's field rules, for the gallery's forms: each field is described as the registry describes a column
 * (`ColumnDef`: label, type, required, length, digits, range, format, pattern) and judged by the same function the
 * record form uses (`fieldProblem` of lib/record-rules), so the messages are the console's own, word for word. The
 * label and the pattern's message are put in the user's language when a value is judged.
 */
import type { RefinementCtx } from 'zod';

import type { ColumnDef } from '../../api/schema';
import { translate } from '../../lib/i18n';
import { fieldProblem } from '../../lib/record-rules';

/** Each column's problem with its value (blank when absent), in the columns' order. */
export function columnIssues(
  columns: readonly ColumnDef[],
  values: Readonly<Record<string, string>>,
): { field: string; message: string }[] {
  return columns.flatMap((column) => {
    const shown: ColumnDef = {
      ...column,
      label: translate(column.label),
      pattern_message: column.pattern_message ? translate(column.pattern_message) : column.pattern_message,
    };
    const message = fieldProblem(shown, values[column.name] ?? '');
    return message === null ? [] : [{ field: column.name, message }];
  });
}

/** Adds each column's problem to a zod refinement, under its field. */
export function refineColumns(
  columns: readonly ColumnDef[],
  values: Readonly<Record<string, string>>,
  context: RefinementCtx,
): void {
  for (const issue of columnIssues(columns, values)) {
    context.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
  }
}

/** The column named `name` (the forms' columns are fixed: a missing one is a programming error). */
export function columnNamed(columns: readonly ColumnDef[], name: string): ColumnDef {
  const column = columns.find((c) => c.name === name);
  if (!column) throw new Error(`no column ${name}`);
  return column;
}
