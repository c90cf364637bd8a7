/**
 * The grid's column definitions from the screen's metadata: headings, initial sort, filters, cell formats; on a
 * register with a workflow, the state as a badge and an overdue due date marked.
 */
import type { ColDef } from 'ag-grid-community';

import type { ColumnDef, ScreenMeta } from '../../api/schema';
import { type LookupChoices, type LookupOption, NO_CHOICES } from '../../lib/lookup-choices';
import { formatCell } from './cell-format';
import { choicesFor } from './choices';
import { ColumnFilterInput, type ColumnFilterParams } from './column-filter';
import { filterHint } from './filter-hints';
import { PACKAGE_ENTRY } from './lookup-sources';
import type { GridSort } from '../../lib/list-request';
import { stateChoices, stateLabel } from './workflow';
import { DueCell, StateCell, type WorkflowCellParams } from './workflow-cells';

const MIN_WIDTH = 110;

/** A package look-up's filter choices, cut to the user's packages when they are linked to some. */
function onlyPackages(
  column: ColumnDef,
  choices: LookupOption[] | undefined,
  packages: readonly number[] | null | undefined,
): LookupOption[] | undefined {
  if (!choices || !packages || column.lookup?.entry !== PACKAGE_ENTRY) return choices;
  const mine = new Set(packages.map(String));
  return choices.filter((choice) => mine.has(choice.value));
}

export function gridColumns(
  meta: ScreenMeta,
  listColumns: readonly ColumnDef[],
  lookups: ReadonlyMap<string, LookupChoices>,
  /** The order the grid starts in (`startingSortOf`). */
  initialSort: GridSort,
  /** The packages the user is linked to (`packages` of `/api/auth/me`): a package filter offers only those. */
  packages?: readonly number[] | null,
): ColDef[] {
  const workflow = meta.workflow ?? undefined;
  const workflowCells: WorkflowCellParams | undefined = workflow && {
    workflow,
    dueListed: listColumns.some((column) => column.name === workflow.due),
  };
  const rendererOf = (column: ColumnDef) => {
    if (!workflowCells) return undefined;
    if (column.name === workflowCells.workflow.state_column) return StateCell;
    if (column.name === workflowCells.workflow.due) return DueCell;
    return undefined;
  };
  // Columns that must not be cut short: the state badge (its longest label), the number, the due date with its mark,
  // the record's title.
  const longestState = Math.max(0, ...(workflow?.states ?? []).map((state) => stateLabel(state).length));
  const widthOf = (column: ColumnDef) => {
    if (column.name === workflow?.state_column) return Math.max(MIN_WIDTH, 48 + longestState * 7);
    if (column.name === meta.numbering?.column) return 170;
    if (column.name === workflow?.due) return 180;
    if (column.name === workflow?.title_column) return 220;
    return MIN_WIDTH;
  };
  return listColumns.map((column) => {
    const cellRenderer = rendererOf(column);
    const names = column.lookup ? (lookups.get(column.name) ?? NO_CHOICES).names : undefined;
    const filterParams: ColumnFilterParams = {
      label: column.label,
      // The state column's filter offers the states by their labels (the value sent is the stored name).
      choices:
        column.name === workflow?.state_column
          ? stateChoices(workflow)
          : onlyPackages(column, choicesFor(column, lookups), packages),
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
      minWidth: widthOf(column),
      flex: 1,
      type: column.type === 'numeric' || column.type === 'integer' ? 'rightAligned' : undefined,
      valueFormatter: ({ value }) => formatCell(column, value, { primaryKey: meta.primary_key, names }),
      ...(cellRenderer ? { cellRenderer, cellRendererParams: workflowCells } : {}),
    } satisfies ColDef;
  });
}
