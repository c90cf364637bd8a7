/**
 * The list's per-column filters as the gateway's data table reads them: each column's filter text travels as
 * `columns[i][search][value]`, and the gateway decides from the column's metadata how to match it (choices, that
 * is lookups, fixed values and Yes/No flags, exactly; any other column by "contains", any case). The console builds
 * no filter text of its own.
 */

/** ag-grid's text filter model: `equals` for a picked choice, `contains` for typed text. */
export interface ColumnFilter {
  filterType: 'text';
  type: 'contains' | 'equals';
  filter: string;
}

export type FilterModel = Record<string, ColumnFilter | undefined>;

/** Each named column's filter text, in order ('' for none). */
export function columnSearch(columns: readonly string[], model: FilterModel): string[] {
  return columns.map((name) => model[name]?.filter.trim() ?? '');
}
