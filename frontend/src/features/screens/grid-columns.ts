/**
 * The grid's column definitions from the screen's metadata: headings, initial sort, filters, cell formats; on a
 * register with a workflow, the state as a badge and an overdue due date marked. Look-up cells show the names their
 * pages came with; look-up filters search the look-up on the server.
 */
import type { ColDef } from 'ag-grid-community';

import type { ColumnDef, ScreenMeta } from '../../api/schema';
import type { LookupSource } from '../../lib/lookup-search';
import type { PageNames } from '../../lib/page-names';
import { formatCell } from './cell-format';
import { choicesFor } from './choices';
import { ColumnFilterInput, type ColumnFilterParams } from './column-filter';
import { filterHint } from './filter-hints';
import type { GridSort } from '../../lib/list-request';
import { stateChoices, stateLabel } from './workflow';
import { DueCell, StateCell, type WorkflowCellParams } from './workflow-cells';

const MIN_WIDTH = 110;

/** What the list knows of its look-up columns. */
export interface ListLookups {
  /** The names of the look-up keys on the pages read so far, by column (`names` of the pages). */
  names: PageNames;
  /**
   * What each look-up column's filter searches, by column name (`lookupSourcesOf`: for a user linked to packages,
   * only those in a package look-up).
   */
  sources: ReadonlyMap<string, LookupSource>;
}

export function gridColumns(
  meta: ScreenMeta,
  listColumns: readonly ColumnDef[],
  lookups: ListLookups,
  /** The order the grid starts in (`startingSortOf`). */
  initialSort: GridSort,
): ColDef[] {
  const workflow = meta.workflow ?? undefined;
  // The due dates of the steps: the workflow's and each state's own.
  const dues = new Set(
    [workflow?.due, ...(workflow?.states ?? []).map((state) => state.due)].filter(
      (name): name is string => typeof name === 'string' && name !== '',
    ),
  );
  const workflowCells: WorkflowCellParams | undefined = workflow && {
    workflow,
    listedDues: listColumns.filter((column) => dues.has(column.name)).map((column) => column.name),
  };
  const rendererOf = (column: ColumnDef) => {
    if (!workflowCells) return undefined;
    if (column.name === workflowCells.workflow.state_column) return StateCell;
    if (dues.has(column.name)) return DueCell;
    return undefined;
  };
  // Columns that must not be cut short: the state badge (its longest label), the number, the due date with its mark,
  // the record's title.
  const longestState = Math.max(0, ...(workflow?.states ?? []).map((state) => stateLabel(state).length));
  const widthOf = (column: ColumnDef) => {
    if (column.name === workflow?.state_column) return Math.max(MIN_WIDTH, 48 + longestState * 7);
    if (column.name === (workflow?.number_column ?? meta.numbering?.column)) return 170;
    if (dues.has(column.name)) return 180;
    if (column.name === workflow?.title_column) return 220;
    return MIN_WIDTH;
  };
  return listColumns.map((column) => {
    const cellRenderer = rendererOf(column);
    const source = column.lookup ? lookups.sources.get(column.name) : undefined;
    const filterParams: ColumnFilterParams = {
      label: column.label,
      // The state column's filter offers the states by their labels (the value sent is the stored name).
      choices:
        column.name === workflow?.state_column
          ? stateChoices(workflow)
          : column.lookup
            ? undefined
            : choicesFor(column),
      lookup: source,
      hint: filterHint(column),
    };
    const names = column.lookup ? lookups.names : undefined;
    const sort = initialSort.get(column.name);
    return {
      colId: column.name,
      field: column.name,
      headerName: column.label,
      // A long heading wraps onto a second line instead of being cut ("Survey / k…").
      wrapHeaderText: true,
      autoHeaderHeight: true,
      sortable: column.sortable !== false,
      sort: sort?.sort,
      sortIndex: sort?.sortIndex,
      filter: 'agTextColumnFilter',
      floatingFilter: true,
      floatingFilterComponent: ColumnFilterInput,
      floatingFilterComponentParams: filterParams,
      suppressFloatingFilterButton: true,
      suppressHeaderFilterButton: true,
      minWidth: widthOf(column),
      flex: 1,
      type: column.type === 'numeric' || column.type === 'integer' ? 'rightAligned' : undefined,
      // The names are looked up as the cell is drawn: a page's names arrive with its rows.
      valueFormatter: ({ value }) =>
        formatCell(column, value, { primaryKey: meta.primary_key, names: names?.of(column.name) }),
      ...(cellRenderer ? { cellRenderer, cellRendererParams: workflowCells } : {}),
    } satisfies ColDef;
  });
}
