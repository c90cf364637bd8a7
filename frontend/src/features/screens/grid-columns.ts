/** The grid's column definitions from the screen's metadata: headings, initial sort, filters, cell formats. */
import type { ColDef } from 'ag-grid-community';

import type { ColumnDef, ScreenMeta } from '../../api/schema';
import { type LookupChoices, NO_CHOICES } from '../../lib/lookup-choices';
import { formatCell } from './cell-format';
import { choicesFor } from './choices';
import { ColumnFilterInput, type ColumnFilterParams } from './column-filter';
import { filterHint } from './filter-hints';
import type { GridSort } from '../../lib/list-request';

export function gridColumns(
  meta: ScreenMeta,
  listColumns: readonly ColumnDef[],
  lookups: ReadonlyMap<string, LookupChoices>,
  /** The order the grid starts in (`startingSortOf`). */
  initialSort: GridSort,
): ColDef[] {
  return listColumns.map((column) => {
    const names = column.lookup ? (lookups.get(column.name) ?? NO_CHOICES).names : undefined;
    const filterParams: ColumnFilterParams = {
      label: column.label,
      choices: choicesFor(column, lookups),
      hint: filterHint(column),
    };
    const sort = initialSort.get(column.name);
    return {
      colId: column.name,
      field: column.name,
      headerName: column.label,
      sortable: column.sortable !== false,
      sort: sort?.sort,
      sortIndex: sort?.sortIndex,
      filter: 'agTextColumnFilter',
      floatingFilter: true,
      floatingFilterComponent: ColumnFilterInput,
      floatingFilterComponentParams: filterParams,
      suppressFloatingFilterButton: true,
      suppressHeaderFilterButton: true,
      minWidth: 110,
      flex: 1,
      type: column.type === 'numeric' || column.type === 'integer' ? 'rightAligned' : undefined,
      valueFormatter: ({ value }) => formatCell(column, value, { primaryKey: meta.primary_key, names }),
    } satisfies ColDef;
  });
}
