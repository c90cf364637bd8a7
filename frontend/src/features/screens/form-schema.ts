/**
 * The zod schema of a data screen's form, built at run time from the registry metadata: every input is typed
 * text (blank meaning no value), checked by the gateway's own rules (`fieldProblem`) so a form refuses exactly what
 * the gateway would, with the same message under the input.
 */
import { z } from 'zod';

import { type ColumnMeta, fieldProblem } from '../../lib/record-rules';

export type FormValues = Record<string, string>;

export function formSchema(columns: readonly ColumnMeta[]): z.ZodType<FormValues, FormValues> {
  const shape: Record<string, z.ZodString> = {};
  for (const column of columns) {
    shape[column.name] = z.string().superRefine((value, context) => {
      const problem = fieldProblem(column, value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });
  }
  // The shape's keys are only known at run time; every value is typed text.
  return z.object(shape) as unknown as z.ZodType<FormValues, FormValues>;
}

/** A record as the gateway sent it → the form's text values. */
export function toFormValues(
  columns: readonly ColumnMeta[],
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
export function toPayload(columns: readonly ColumnMeta[], values: FormValues): Record<string, string | null> {
  const payload: Record<string, string | null> = {};
  for (const column of columns) {
    const value = values[column.name] ?? '';
    payload[column.name] = value.trim() === '' ? null : value;
  }
  return payload;
}
