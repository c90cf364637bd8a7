/**
 * The list of a data screen, headless (react-admin's list controller idea): the server pages, sorts and filters
 * (`POST /api/custom/datatable` through ag-grid's infinite row model); this hook holds the search, the counts, the
 * page requests, the column memory (widths, order, visibility and sort per user and route) and the exports, and
 * hands the grid the properties to render. The view (`DataGrid`) only draws what it gets. Look-up cells are named
 * by the names each page comes with (kept across pages); look-up filters search the server: no look-up list is read
 * whole.
 */
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import type {
  CellKeyDownEvent,
  ColumnEventType,
  GetLocaleTextParams,
  GridApi,
  GridReadyEvent,
  IDatasource,
  RowClickedEvent,
} from 'ag-grid-community';
import type { AgGridReactProps } from 'ag-grid-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';

import { GatewayError } from '../../api/client';
import type { ScreenMeta, SortMeta } from '../../api/schema';
import {
  exportQuery,
  fetchTablePage,
  invalidateTable,
  type TablePageRequest,
  useExport,
} from '../../api/screens';
import { useMe } from '../../api/auth';
import { todayInIndia } from '../../lib/format';
import { translate } from '../../lib/i18n';
import { type ListView, loadView, saveView, viewFilter, viewsOf } from '../../lib/list-views';
import { errorMessage, noticeError } from '../notices';
import type { ExportFormat } from './export-buttons';
import { forgetColumnState, loadColumnState, saveColumnState } from '../../lib/column-state';
import type { FilterModel } from '../../lib/filter-model';
import { pageNames } from '../../lib/page-names';
import { filterModelOf, urlFiltersOf } from '../../lib/url-filter';
import { gridColumns } from './grid-columns';
import { useLookupSources } from './lookup-sources';
import { PhoneCard, phoneCardHeight, type PhoneCardParams } from './phone-card';
import { useMobileView } from '../../lib/use-mobile-view';
import {
  BLOCK_SIZE,
  type Counts,
  countText,
  fixedCondition,
  isNarrowed,
  lastRowOf,
  listColumnsOf,
  pageRequest,
  startingSortOf,
} from '../../lib/list-request';

/** docs/console.md §9: the data table's default page size. */
export const DEFAULT_PAGE_SIZE = 5;
export const PAGE_SIZES = [5, 10, 25, 50, 100];

/** Column changes a person makes; the grid's own (start-up, flex sizing) are not remembered. */
const USER_SOURCES = new Set<ColumnEventType | string>([
  'uiColumnMoved',
  'uiColumnResized',
  'uiColumnDragged',
  'uiColumnSorted',
  'columnMenu',
  'contextMenu',
  'toolPanelUi',
]);

/** The grid's own words (its pager, its loading and empty overlays), shown in the user's language. */
const GRID_TEXTS = new Set([
  'page',
  'more',
  'to',
  'of',
  'firstPage',
  'lastPage',
  'nextPage',
  'previousPage',
  'pageSizeSelectorLabel',
  'ariaPageSizeSelectorLabel',
  'loadingOoo',
  'noRowsToShow',
  'ariaSkeletonCellLoading',
  'ariaSkeletonCellLoadingFailed',
  'ariaDeferSkeletonCellLoading',
]);

/** A text of the grid by its English wording; anything else it asks for (separators, formats) as it is. */
function gridText({ key, defaultValue }: GetLocaleTextParams): string {
  return GRID_TEXTS.has(key) ? translate(defaultValue) : defaultValue;
}

/** Why the list shows no rows: a title and the gateway's message. */
export interface ListFailure {
  title: string;
  message: string;
}

type Row = Record<string, unknown>;

export function useListController(meta: ScreenMeta, onOpen?: (key: string) => void) {
  const queryClient = useQueryClient();
  const apiRef = useRef<GridApi | null>(null);
  const listColumns = useMemo(() => listColumnsOf(meta), [meta]);
  // What each look-up filter searches (only the user's packages in a package look-up), and the names of the
  // look-up keys of the pages read, for the cells.
  const sources = useLookupSources(listColumns, meta.lookups);
  // Another screen starts with none.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const names = useMemo(() => pageNames(), [meta.entry]);
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 350);
  const searchRef = useRef(search);
  // A workflow register's one-click views (waiting on me, raised by me, overdue), the last one kept per person.
  const me = useMe().data;
  const userId = me?.user.id ?? 0;
  const views = useMemo(() => viewsOf(meta.workflow, meta.columns), [meta]);
  const [view, setViewState] = useState<ListView>('all');
  useEffect(() => {
    if (userId !== 0) setViewState(loadView(userId, meta.route, views));
  }, [userId, meta.route, views]);
  const viewWhrc =
    meta.workflow && userId !== 0
      ? viewFilter(view, meta.workflow, meta.columns, userId, todayInIndia())
      : undefined;
  const viewRef = useRef(viewWhrc);
  const setView = (next: ListView) => {
    setViewState(next);
    if (userId !== 0) saveView(userId, meta.route, next);
  };
  const lastRequest = useRef<TablePageRequest | null>(null);
  const [counts, setCounts] = useState<Counts | null>(null);
  const [failure, setFailure] = useState<ListFailure | null>(null);
  // Column visibility lives in the grid; this re-renders the columns menu after a change.
  const [, setColumnsVersion] = useState(0);
  const exporter = useExport();
  // `?filter=<column>:<value>` (a dashboard's drill-through) starts the list filtered, as if the user had picked it.
  const { search: address } = useLocation();
  const urlFilterModel = useMemo(
    () =>
      filterModelOf(
        urlFiltersOf(address),
        listColumns.map((column) => column.name),
      ),
    [address, listColumns],
  );
  const urlFilterText = JSON.stringify(urlFilterModel);
  const urlFilterRef = useRef(urlFilterText);
  useEffect(() => {
    if (urlFilterRef.current === urlFilterText) return;
    urlFilterRef.current = urlFilterText;
    if (urlFilterText !== '{}') apiRef.current?.setFilterModel(JSON.parse(urlFilterText) as FilterModel);
  }, [urlFilterText]);

  // The order the user left the list in (or the default), given to the columns so the first read is in it.
  const startingSort = useMemo(() => startingSortOf(meta, loadColumnState(meta.route)), [meta]);
  // On a phone, a card per record of the screen's phone columns (the others hidden), never scrolled sideways.
  const phone = useMobileView();
  const phoneColumns = useMemo(
    () => (meta.phone_columns ?? []).flatMap((name) => listColumns.filter((column) => column.name === name)),
    [meta.phone_columns, listColumns],
  );
  const columnDefs = useMemo(
    () =>
      gridColumns(meta, listColumns, { names, sources }, startingSort).map((definition) =>
        phone
          ? { ...definition, hide: !phoneColumns.some((column) => column.name === definition.colId) }
          : definition,
      ),
    [meta, listColumns, names, sources, startingSort, phone, phoneColumns],
  );

  const datasource = useMemo<IDatasource>(
    () => ({
      getRows: (params) => {
        const request = pageRequest(meta, {
          start: params.startRow,
          length: params.endRow - params.startRow,
          sort: params.sortModel.map((s): SortMeta => ({ column: s.colId, direction: s.sort })),
          filters: params.filterModel as FilterModel,
          search: searchRef.current,
          whrc: viewRef.current,
        });
        lastRequest.current = request;
        fetchTablePage(queryClient, request).then(
          (page) => {
            // Before the rows, so their cells are drawn with the names.
            names.add(page.names);
            setFailure(null);
            setCounts({
              total: page.recordsTotal,
              filtered: page.recordsFiltered,
              narrowed: isNarrowed(request, fixedCondition(meta)),
              totalEstimated: page.recordsTotalEstimated === true,
              filteredEstimated: page.recordsFilteredEstimated === true,
            });
            params.successCallback(
              page.data,
              lastRowOf(page, params.startRow, params.endRow - params.startRow),
            );
          },
          (error: unknown) => {
            // A 400 is the request itself: with a search or filter on, one the gateway cannot read.
            const refused =
              error instanceof GatewayError &&
              error.status === 400 &&
              isNarrowed(request, fixedCondition(meta));
            setFailure({
              title: refused ? 'This search or filter cannot be used' : 'The list could not be loaded',
              message: errorMessage(error),
            });
            params.failCallback();
          },
        );
      },
    }),
    [meta, queryClient, names],
  );

  // The search box refreshes the list once typing pauses.
  useEffect(() => {
    if (searchRef.current === search) return;
    searchRef.current = search;
    apiRef.current?.purgeInfiniteCache();
  }, [search]);

  // A view chosen (or restored) reads the list again.
  useEffect(() => {
    if (viewRef.current === viewWhrc) return;
    viewRef.current = viewWhrc;
    apiRef.current?.purgeInfiniteCache();
  }, [viewWhrc]);

  // Saved writes refresh the list (the record hooks invalidate the entry's table queries).
  useEffect(() => {
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'invalidate') return;
      const [kind, entry] = event.query.queryKey;
      if (kind === 'datatable' && entry === meta.entry) apiRef.current?.purgeInfiniteCache();
    });
  }, [queryClient, meta.entry]);

  const remember = useCallback(() => {
    if (apiRef.current) saveColumnState(meta.route, apiRef.current.getColumnState());
  }, [meta.route]);
  const rememberUserChange = useCallback(
    (event: { source: string; finished?: boolean }) => {
      if (USER_SOURCES.has(event.source) && event.finished !== false) remember();
    },
    [remember],
  );

  const onGridReady = useCallback(
    (event: GridReadyEvent) => {
      apiRef.current = event.api;
      const saved = loadColumnState(meta.route);
      if (saved) event.api.applyColumnState({ state: saved, applyOrder: true });
      // A phone shows its own columns, whatever a wider screen left visible.
      if (phone) {
        const shown = new Set(phoneColumns.map((column) => column.name));
        event.api.setColumnsVisible(
          listColumns.filter((column) => !shown.has(column.name)).map((column) => column.name),
          false,
        );
        event.api.setColumnsVisible([...shown], true);
      }
    },
    [meta.route, phone, phoneColumns, listColumns],
  );

  const open = useCallback(
    (row: Row | undefined) => {
      if (row && onOpen) onOpen(String(row[meta.primary_key]));
    },
    [meta.primary_key, onOpen],
  );

  const cardHeight =
    phone && phoneColumns.length > 0
      ? phoneCardHeight(phoneColumns.filter((c) => c.name !== meta.workflow?.state_column).length)
      : undefined;
  // A phone's page of cards is shown whole: the grid grows to the default page of cards (its headings, filters
  // and pager besides).
  const gridHeight = cardHeight !== undefined ? 210 + DEFAULT_PAGE_SIZE * cardHeight : undefined;

  const gridProps = {
    columnDefs,
    rowModelType: 'infinite',
    datasource,
    cacheBlockSize: BLOCK_SIZE,
    maxBlocksInCache: 20,
    // Rows are drawn in the same task as their data arrives, not spread over animation frames.
    suppressAnimationFrame: true,
    pagination: true,
    paginationPageSize: DEFAULT_PAGE_SIZE,
    paginationPageSizeSelector: PAGE_SIZES,
    // Read when the grid is made: the view makes it again when the language changes.
    getLocaleText: gridText,
    getRowId: (params) => String((params.data as Row)[meta.primary_key]),
    initialState:
      Object.keys(urlFilterModel).length > 0 ? { filter: { filterModel: urlFilterModel } } : undefined,
    onGridReady,
    onColumnResized: rememberUserChange,
    onColumnMoved: rememberUserChange,
    onColumnVisible: rememberUserChange,
    onSortChanged: rememberUserChange,
    onRowClicked: (event: RowClickedEvent) => open(event.data as Row | undefined),
    onCellKeyDown: (event: CellKeyDownEvent) => {
      if ((event.event as KeyboardEvent | null)?.key === 'Enter') open(event.data as Row | undefined);
    },
    rowStyle: onOpen ? { cursor: 'pointer' } : undefined,
    ...(cardHeight !== undefined
      ? {
          isFullWidthRow: () => true,
          fullWidthCellRenderer: PhoneCard,
          fullWidthCellRendererParams: { meta, columns: phoneColumns, names } satisfies PhoneCardParams,
          rowHeight: cardHeight,
        }
      : {}),
  } satisfies AgGridReactProps;

  const columns = listColumns.map((column) => ({
    name: column.name,
    label: column.label,
    visible: apiRef.current?.getColumn(column.name)?.isVisible() ?? true,
  }));

  const setColumnVisible = (name: string, visible: boolean) => {
    apiRef.current?.setColumnsVisible([name], visible);
    remember();
    setColumnsVersion((n) => n + 1);
  };

  const resetColumns = () => {
    forgetColumnState(meta.route);
    apiRef.current?.resetColumnState();
    setColumnsVersion((n) => n + 1);
  };

  // The pages read lately are kept a few seconds for the grid's own requests; Reload reads afresh.
  const reload = () => void invalidateTable(queryClient, meta.entry);

  /** Every row the list's search, filters and order select, in its shown columns. */
  const exportAs = (format: ExportFormat) => {
    const request =
      lastRequest.current ??
      pageRequest(meta, { start: 0, length: DEFAULT_PAGE_SIZE, sort: [], filters: {}, search });
    const shown = columns.filter((c) => c.visible).map((c) => c.name);
    const cols = shown.length > 0 ? shown : listColumns.map((c) => c.name);
    exporter.mutate({ query: exportQuery(request, cols, format) }, { onError: noticeError });
  };
  const exporting: ExportFormat | null = exporter.isPending
    ? ((exporter.variables.query.find(([key]) => key === 'format')?.[1] as ExportFormat | undefined) ?? null)
    : null;

  return {
    search: searchText,
    setSearch: setSearchText,
    /** The views this list offers (none without a workflow), the one shown, and choosing another. */
    views,
    view,
    setView,
    countText: countText(counts, meta.singular ?? meta.title),
    failure,
    columns,
    setColumnVisible,
    resetColumns,
    reload,
    exportAs,
    exporting,
    gridProps,
    /** The grid's height when it differs from the stylesheet's (a phone's cards). */
    gridHeight,
  };
}

export type ListController = ReturnType<typeof useListController>;
