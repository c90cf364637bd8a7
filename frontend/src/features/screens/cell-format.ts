/**
 * How a list shows a value: numbers in Indian grouping, dates DD MMM, YYYY (SPEC §9), flags Yes/No, lookups by
 * their display text.
 */
import { formatDocumentDate, formatIndianDateTime, groupIndian } from '../../lib/format';
import { type ColumnMeta, isFlag, isIntegerType, isNumberType } from '../../lib/record-rules';

export function formatCell(column: ColumnMeta, value: unknown, lookupLabels?: Map<string, string>): string {
  if (value === null || value === undefined || value === '') return '';
  if (column.lookup) return lookupLabels?.get(String(value)) ?? String(value);
  if (isFlag(column)) return String(value) === '1' ? 'Yes' : 'No';
  if (column.type === 'date') return formatDocumentDate(String(value));
  if (column.type === 'timestamp' || column.type === 'timestamptz')
    return formatIndianDateTime(String(value));
  if (column.type === 'boolean') return value === true || value === 'true' ? 'Yes' : 'No';
  if (isNumberType(column.type)) {
    // Keys and sequence numbers are not amounts: no grouping.
    if (isIntegerType(column.type))
      return column.name === 'id' ? String(value) : groupIndian(String(value), 0);
    return groupIndian(String(value), column.scale ?? 2);
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
