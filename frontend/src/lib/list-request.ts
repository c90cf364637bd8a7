/**
 * The list's page requests from the screen's metadata and the grid's state: which columns to name, how to order
 * (the user's choice, then the registry's `default_sort` to break ties, or the default sort alone), and what the
 * count line says. Pure, so the rules are unit-tested.
 */
import type { ColumnDef, ScreenMeta, SortMeta } from '../api/schema';
import { columnSearch, type FilterModel } from './filter-model';
import { groupIndian } from './format';
import { translate } from './i18n';

/**
 * One page request of the list: the DataTables protocol as JSON. Column filters travel as
 * `columns[i][search][value]`; the gateway matches choice columns exactly and others by "contains".
 */
export interface TablePageRequest {
  t: string;
  start: number;
  length: number;
  search: string;
  columns: { data: string; search: string }[];
  order: { column: number; dir: 'asc' | 'desc' }[];
  /** A view's condition (the filter language): "waiting on me", "raised by me", "overdue". */
  whrc?: string;
}

export type Direction = SortMeta['direction'];

/** The list's columns, in the registry's order. */
export function listColumnsOf(meta: ScreenMeta): ColumnDef[] {
  const byName = new Map(meta.columns.map((column) => [column.name, column]));
  return meta.list_columns.flatMap((name) => byName.get(name) ?? []);
}

/**
 * The columns a request names: the list's, then, unshown, the primary key (so any row can be opened) and the
 * default sort's columns the list does not show (the order refers to columns by position).
 */
export function requestColumnsOf(meta: ScreenMeta): string[] {
  const names = [...meta.list_columns];
  for (const name of [meta.primary_key, ...meta.default_sort.map((sort) => sort.column)]) {
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/** Rows the grid reads at a time (its cache block); its first request asks for the first block. */
export const BLOCK_SIZE = 50;

export type GridSort = Map<string, { sort: Direction; sortIndex: number }>;

/** The grid's initial sort: the default sort's shown columns, with their rank. */
export function initialSortOf(meta: ScreenMeta): GridSort {
  const shown = meta.default_sort.filter((sort) => meta.list_columns.includes(sort.column));
  return new Map(shown.map((sort, index) => [sort.column, { sort: sort.direction, sortIndex: index }]));
}

/** A column's sort as the grid remembers it (ag-grid's column state). */
export interface SavedColumnSort {
  colId: string;
  sort?: Direction | null;
  sortIndex?: number | null;
}

/**
 * The sort the grid starts with: the one the user left it in (their remembered column state, even when that is no
 * sort at all), else the screen's default. Given to the column definitions, so the first page read is already in
 * that order and nothing is read twice.
 */
export function startingSortOf(meta: ScreenMeta, saved: readonly SavedColumnSort[] | null): GridSort {
  if (!saved) return initialSortOf(meta);
  const sorted = saved
    .filter((column) => column.sort && meta.list_columns.includes(column.colId))
    .sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0));
  return new Map(
    sorted.map((column, index) => [column.colId, { sort: column.sort ?? 'asc', sortIndex: index }]),
  );
}

/** The sort model the grid hands its data source for `sort` (columns by rank). */
export function sortModelOf(sort: GridSort): SortMeta[] {
  return [...sort]
    .sort(([, a], [, b]) => a.sortIndex - b.sortIndex)
    .map(([column, { sort: direction }]) => ({ column, direction }));
}

/** The grid's first request: the first block, in its starting order, without search or filters. */
export function firstPageRequest(meta: ScreenMeta, sort: GridSort): TablePageRequest {
  return pageRequest(meta, {
    start: 0,
    length: BLOCK_SIZE,
    sort: sortModelOf(sort),
    filters: {},
    search: '',
  });
}

/** The user's order, then the default sort for ties; positions in `columns`; unknown columns dropped. */
export function orderOf(
  chosen: readonly SortMeta[],
  defaultSort: readonly SortMeta[],
  columns: readonly string[],
): TablePageRequest['order'] {
  const merged = [...chosen, ...defaultSort.filter((d) => !chosen.some((c) => c.column === d.column))];
  return merged.flatMap((sort) => {
    const column = columns.indexOf(sort.column);
    return column < 0 ? [] : [{ column, dir: sort.direction }];
  });
}

export interface PageState {
  start: number;
  length: number;
  sort: readonly SortMeta[];
  filters: FilterModel;
  search: string;
  /** The view's condition, if a view is chosen. */
  whrc?: string;
}

/**
 * What the screen's route fixes (the metadata's `fixed`, the registry's `[[screen.routes]]`) as a condition of the
 * filter language: each column equal to its value. Empty when the route fixes nothing.
 */
export function fixedCondition(meta: Pick<ScreenMeta, 'fixed'>): string {
  return Object.entries(meta.fixed ?? {})
    .map(([column, value]) => `${column} = '${value.replaceAll("'", "''")}'`)
    .join(' AND ');
}

export function pageRequest(meta: ScreenMeta, state: PageState): TablePageRequest {
  const columns = requestColumnsOf(meta);
  const search = columnSearch(columns, state.filters);
  // The route's own records only, whatever view is chosen (a view's condition is a conjunction, or in brackets).
  const whrc = [fixedCondition(meta), state.whrc ?? ''].filter((part) => part !== '').join(' AND ');
  return {
    t: meta.entry,
    start: state.start,
    length: state.length,
    search: state.search,
    columns: columns.map((data, index) => ({ data, search: search[index] ?? '' })),
    order: orderOf(state.sort, meta.default_sort, columns),
    ...(whrc ? { whrc } : {}),
  };
}

export interface Counts {
  total: number;
  filtered: number;
  /** Whether a search or a column filter was on for these counts. */
  narrowed: boolean;
  /** Which counts are the database's estimates (a count would have read too many rows), shown as "about". */
  totalEstimated?: boolean;
  filteredEstimated?: boolean;
}

/**
 * Whether a page request narrows the list (a search, a filter on any column, a view); what the route fixes
 * (`fixed`, the condition every request of the screen carries) is the list itself, not a narrowing.
 */
export function isNarrowed(
  request: Pick<TablePageRequest, 'search' | 'columns' | 'whrc'>,
  fixed = '',
): boolean {
  return (
    request.search.trim() !== '' ||
    request.columns.some((column) => column.search.trim() !== '') ||
    (request.whrc ?? '') !== fixed
  );
}

/**
 * The line under the list: with a search or filter on, how many of all the records it shows ("2 of 6 records");
 * `title` names one record (the register's `singular`: "No Safety observation records yet.").
 */
export function countText(counts: Counts | null, title: string): string {
  if (counts === null) return translate('Loading…');
  const total = counted(counts.total, counts.totalEstimated);
  if (counts.total === 0) return translate('No {{title}} records yet.', { title });
  if (counts.filtered === 0)
    return translate('No records match the search or filters (0 of {{total}} records).', { total });
  const one = counts.total === 1 && !counts.totalEstimated;
  if (!counts.narrowed && counts.filtered === counts.total)
    return one ? translate('{{total}} record', { total }) : translate('{{total}} records', { total });
  const filtered = counted(counts.filtered, counts.filteredEstimated);
  return one
    ? translate('{{filtered}} of {{total}} record', { filtered, total })
    : translate('{{filtered}} of {{total}} records', { filtered, total });
}

/** A count as people read it: exact ones as they are, the database's estimates as "about" with Indian grouping. */
function counted(count: number, estimated: boolean | undefined): string {
  return estimated ? translate('about {{number}}', { number: groupIndian(count, 0) }) : String(count);
}

/**
 * The last row the grid may page to. An estimated count is not a row number to jump to (the last page of
 * "about 22,022" could be empty), so the grid is told the end is not known ("1 to 5 of more") until a page
 * comes back short, which shows where the rows end.
 */
export function lastRowOf(
  page: { recordsFiltered: number; recordsFilteredEstimated?: boolean | null; data: readonly unknown[] },
  start: number,
  requested: number,
): number {
  if (page.recordsFilteredEstimated !== true) return page.recordsFiltered;
  return page.data.length < requested ? start + page.data.length : -1;
}
