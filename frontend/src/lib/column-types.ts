/**
 * What a column is, from its metadata (the generated `ColumnDef`): text, a number, an integer, a Yes/No flag, a
 * choice. Lists (cell formats, filters) need only these; the value rules of a form (`record-rules`) build on them
 * and load with the forms.
 */
import type { ColumnDef, SqlType } from '../api/schema';
import { translate } from './i18n';

/** The integer types and their ranges (the gateway's). */
export const INTEGER_RANGES: Partial<Record<SqlType, [bigint, bigint]>> = {
  smallint: [-32768n, 32767n],
  integer: [-2147483648n, 2147483647n],
  bigint: [-9223372036854775808n, 9223372036854775807n],
};

export function isTextType(type: SqlType): boolean {
  return type === 'text' || type === 'varchar' || type === 'char';
}

export function isNumberType(type: SqlType): boolean {
  return ['smallint', 'integer', 'bigint', 'numeric', 'real', 'double'].includes(type);
}

export function isIntegerType(type: SqlType): boolean {
  return type in INTEGER_RANGES;
}

/** A 0/1 flag (an integer column with minimum 0 and maximum 1, like `n_active`): shown as Yes/No. */
export function isFlag(column: ColumnDef): boolean {
  return isIntegerType(column.type) && column.min === 0 && column.max === 1;
}

/** A column whose filter and input offer fixed choices: a lookup, allowed values, a flag or a boolean. */
export function isChoice(column: ColumnDef): boolean {
  return (
    Boolean(column.lookup) || (column.enum?.length ?? 0) > 0 || isFlag(column) || column.type === 'boolean'
  );
}

/** The column optimistic concurrency compares (the gateway's `ROW_VERSION`). */
export const ROW_VERSION = 'n_row_version';

/**
 * A fixed choice as a person reads it: a code with its meaning ("B — Approved with comments", `meanings` of the
 * column), else its label in the user's language. The value stored stays the code.
 */
export function choiceLabel(column: Pick<ColumnDef, 'meanings'>, value: string): string {
  const meaning = column.meanings?.[value];
  return meaning ? `${value} — ${translate(meaning)}` : translate(value);
}
