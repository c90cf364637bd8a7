/**
 * The list's per-column filters as the gateway's data table reads them: text filters (applied on tab-out) become
 * `columns[i][search][value]` (contains, case-insensitive); choices (lookups, fixed values, Yes/No) become an exact
 * `whrc` condition.
 */
import { type ColumnMeta, isNumberType } from '../../lib/record-rules';

export interface ColumnFilter {
  filterType: 'text';
  type: 'contains' | 'equals';
  filter: string;
}

export type FilterModel = Record<string, ColumnFilter | undefined>;

/** A value written into a `whrc` condition: numbers as digits, text quoted. */
function literal(column: ColumnMeta, value: string): string | null {
  if (isNumberType(column.type) || column.lookup) return /^-?\d+(\.\d+)?$/.test(value) ? value : null;
  return `'${value.replace(/'/g, "''")}'`;
}

export function filterParts(columns: readonly ColumnMeta[], model: FilterModel) {
  const search = columns.map((column) => {
    const filter = model[column.name];
    return filter?.type === 'contains' ? filter.filter : '';
  });
  const conditions: string[] = [];
  for (const column of columns) {
    const filter = model[column.name];
    if (filter?.type !== 'equals' || filter.filter === '') continue;
    const value = literal(column, filter.filter);
    if (value !== null) conditions.push(`${column.name} = ${value}`);
  }
  return { search, whrc: conditions.join(' AND ') };
}
