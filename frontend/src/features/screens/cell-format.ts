/**
 * How a list shows a value: numbers in Indian grouping, dates DD MMM, YYYY (docs/console.md §9), flags Yes/No,
 * lookups by their display text, a fixed choice (enum) by its label in the user's language (the value stays as
 * stored), the record key as it is.
 */
import type { ColumnDef } from '../../api/schema';
import { translate } from '../../lib/i18n';
import { formatDocumentDate, formatIndianDateTime, groupIndian } from '../../lib/format';
import { choiceLabel, isFlag, isIntegerType, isNumberType } from '../../lib/column-types';

export interface CellContext {
  /** The screen's primary key: a key is not an amount, so it is not grouped. */
  primaryKey: string;
  /** A lookup column's display text by key. */
  names?: ReadonlyMap<string, string>;
}

export function formatCell(column: ColumnDef, value: unknown, context: CellContext): string {
  if (value === null || value === undefined || value === '') return '';
  if (column.lookup) return context.names?.get(String(value)) ?? String(value);
  if (isFlag(column)) return String(value) === '1' ? translate('Yes') : translate('No');
  if (column.type === 'date') return formatDocumentDate(String(value));
  if (column.type === 'timestamp' || column.type === 'timestamptz')
    return formatIndianDateTime(String(value));
  if (column.type === 'boolean')
    return value === true || value === 'true' ? translate('Yes') : translate('No');
  if (isNumberType(column.type)) {
    if (isIntegerType(column.type))
      return column.name === context.primaryKey ? String(value) : groupIndian(String(value), 0);
    return groupIndian(String(value), column.scale ?? 2);
  }
  if (typeof value === 'object') return JSON.stringify(value);
  if (column.enum && column.enum.length > 0) return choiceLabel(column, String(value));
  return String(value);
}
