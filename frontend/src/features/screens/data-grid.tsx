/**
 * The list of a data screen: ag-grid's infinite row model over `POST /api/custom/datatable` (the server pages,
 * sorts and filters), 5 rows a page by default with a page-size picker, first column ascending, a filter under each
 * heading (applied on tab-out), a global search, CSV and Excel exports of the whole filtered result, and column
 * choices remembered per user.
 */
import { ActionIcon, Alert, Button, Checkbox, Group, Menu, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconColumns,
  IconFileSpreadsheet,
  IconFileTypeCsv,
  IconRefresh,
  IconSearch,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  AllCommunityModule,
  type ColDef,
  type GridApi,
  type GridReadyEvent,
  type IDatasource,
  ModuleRegistry,
  type SortModelItem,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import {
  exportQuery,
  fetchTablePage,
  type LookupOption,
  type ScreenMeta,
  type TablePageRequest,
  useExport,
  useLookupChoices,
} from '../../api/screens';
import { type ColumnMeta, isFlag } from '../../lib/record-rules';
import { errorMessage, noticeError } from '../notices/notices';
import { formatCell } from './cell-format';
import { ColumnFilterInput, type ColumnFilterParams } from './column-filter';
import { forgetColumnState, loadColumnState, saveColumnState } from './column-state';
import { type FilterModel, filterParts } from './filter-model';

ModuleRegistry.registerModules([AllCommunityModule]);

/** SPEC §9: the data table's default page size. */
export const DEFAULT_PAGE_SIZE = 5;
const PAGE_SIZES = [5, 10, 25, 50, 100];
const BLOCK_SIZE = 50;

const FLAG_CHOICES: LookupOption[] = [
  { value: '1', label: 'Yes' },
  { value: '0', label: 'No' },
];

function choicesFor(column: ColumnMeta, lookups: Map<string, LookupOption[]>): LookupOption[] | undefined {
  if (column.lookup) return lookups.get(column.name) ?? [];
  if (column.enum && column.enum.length > 0) return column.enum.map((v) => ({ value: v, label: v }));
  if (isFlag(column)) return FLAG_CHOICES;
  return undefined;
}

export interface DataGridProps {
  meta: ScreenMeta;
  /** Opens a row (its key); absent for read-only screens without a detail view. */
  onOpen?: (key: string) => void;
}

export function DataGrid({ meta, onOpen }: DataGridProps) {
  const queryClient = useQueryClient();
  const apiRef = useRef<GridApi | null>(null);
  const listColumns = useMemo(
    () =>
      meta.list_columns
        .map((name) => meta.columns.find((c) => c.name === name))
        .filter((c): c is ColumnMeta => c !== undefined),
    [meta],
  );
  const lookups = useLookupChoices(listColumns);
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), 350);
  const searchRef = useRef(search);
  const lastRequest = useRef<TablePageRequest | null>(null);
  const [counts, setCounts] = useState<{ total: number; filtered: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const exporter = useExport();

  const columnDefs = useMemo<ColDef[]>(
    () =>
      listColumns.map((column, index) => {
        const labels = column.lookup
          ? new Map((lookups.get(column.name) ?? []).map((o) => [o.value, o.label]))
          : undefined;
        const filterParams: ColumnFilterParams = { meta: column, choices: choicesFor(column, lookups) };
        return {
          colId: column.name,
          field: column.name,
          headerName: column.label,
          sortable: column.sortable !== false,
          sort: index === 0 ? 'asc' : undefined,
          filter: 'agTextColumnFilter',
          floatingFilter: true,
          floatingFilterComponent: ColumnFilterInput,
          floatingFilterComponentParams: filterParams,
          suppressFloatingFilterButton: true,
          suppressHeaderFilterButton: true,
          minWidth: 110,
          flex: 1,
          type: column.type === 'numeric' || column.type === 'integer' ? 'rightAligned' : undefined,
          valueFormatter: ({ value }) => formatCell(column, value, labels),
        } satisfies ColDef;
      }),
    [listColumns, lookups],
  );

  const buildRequest = useCallback(
    (
      start: number,
      length: number,
      sortModel: SortModelItem[],
      filterModel: FilterModel,
    ): TablePageRequest => {
      const { search: columnSearch, whrc } = filterParts(listColumns, filterModel);
      const order = sortModel
        .map((sort) => ({
          column: listColumns.findIndex((c) => c.name === sort.colId),
          dir: sort.sort,
        }))
        .filter((o) => o.column >= 0);
      return {
        t: meta.entry,
        start,
        length,
        search: searchRef.current,
        whrc,
        // The key comes too (last, unshown) so a row can be opened even when the list does not show it.
        columns: [
          ...listColumns.map((c, i) => ({ data: c.name, search: columnSearch[i] ?? '' })),
          ...(listColumns.some((c) => c.name === meta.primary_key)
            ? []
            : [{ data: meta.primary_key, search: '' }]),
        ],
        order,
      };
    },
    [listColumns, meta.entry, meta.primary_key],
  );

  const datasource = useMemo<IDatasource>(
    () => ({
      getRows: (params) => {
        const request = buildRequest(
          params.startRow,
          params.endRow - params.startRow,
          params.sortModel,
          params.filterModel as FilterModel,
        );
        lastRequest.current = request;
        fetchTablePage(queryClient, request).then(
          (page) => {
            setFailure(null);
            setCounts({ total: page.recordsTotal, filtered: page.recordsFiltered });
            params.successCallback(page.data, page.recordsFiltered);
          },
          (error: unknown) => {
            setFailure(errorMessage(error));
            params.failCallback();
          },
        );
      },
    }),
    [buildRequest, queryClient],
  );

  // The search box refreshes the list once typing pauses.
  useEffect(() => {
    if (searchRef.current === search) return;
    searchRef.current = search;
    apiRef.current?.purgeInfiniteCache();
  }, [search]);

  // Saved writes refresh the list (the record hooks invalidate the entry's table queries).
  useEffect(() => {
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'removed' || event.query.queryKey[0] !== 'datatable') return;
      if (
        event.type === 'updated' &&
        event.action.type === 'invalidate' &&
        event.query.queryKey[1] === meta.entry
      ) {
        apiRef.current?.purgeInfiniteCache();
      }
    });
  }, [queryClient, meta.entry]);

  const remember = useCallback(() => {
    if (apiRef.current) saveColumnState(meta.route, apiRef.current.getColumnState());
  }, [meta.route]);

  const onGridReady = useCallback(
    (event: GridReadyEvent) => {
      apiRef.current = event.api;
      const saved = loadColumnState(meta.route);
      if (saved) event.api.applyColumnState({ state: saved, applyOrder: true });
    },
    [meta.route],
  );

  const [, setVisibleTick] = useState(0);
  const toggleColumn = (name: string, visible: boolean) => {
    apiRef.current?.setColumnsVisible([name], visible);
    setVisibleTick((n) => n + 1);
  };

  const runExport = (format: 'csv' | 'xlsx') => {
    const request =
      lastRequest.current ??
      buildRequest(0, DEFAULT_PAGE_SIZE, [{ colId: listColumns[0]?.name ?? 'id', sort: 'asc' }], {});
    const visible = listColumns
      .filter((c) => apiRef.current?.getColumn(c.name)?.isVisible() !== false)
      .map((c) => c.name);
    exporter.mutate(
      exportQuery(request, visible.length > 0 ? visible : listColumns.map((c) => c.name), format),
      {
        onError: noticeError,
      },
    );
  };

  return (
    <div data-testid="data-grid">
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <TextInput
          aria-label="Search"
          placeholder="Search"
          leftSection={<IconSearch size={16} />}
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          w={260}
        />
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFileTypeCsv size={16} />}
            loading={
              exporter.isPending && exporter.variables?.some(([k, v]) => k === 'format' && v === 'csv')
            }
            onClick={() => runExport('csv')}
          >
            CSV
          </Button>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFileSpreadsheet size={16} />}
            loading={
              exporter.isPending && exporter.variables?.some(([k, v]) => k === 'format' && v === 'xlsx')
            }
            onClick={() => runExport('xlsx')}
          >
            Excel
          </Button>
          <Menu closeOnItemClick={false} position="bottom-end" withinPortal>
            <Menu.Target>
              <Tooltip label="Show or hide columns">
                <ActionIcon variant="default" size="lg" aria-label="Columns">
                  <IconColumns size={16} />
                </ActionIcon>
              </Tooltip>
            </Menu.Target>
            <Menu.Dropdown>
              {listColumns.map((column) => (
                <Menu.Item key={column.name}>
                  <Checkbox
                    label={column.label}
                    checked={apiRef.current?.getColumn(column.name)?.isVisible() ?? true}
                    onChange={(event) => toggleColumn(column.name, event.currentTarget.checked)}
                  />
                </Menu.Item>
              ))}
              <Menu.Divider />
              <Menu.Item
                onClick={() => {
                  forgetColumnState(meta.route);
                  apiRef.current?.resetColumnState();
                  setVisibleTick((n) => n + 1);
                }}
              >
                Reset columns
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <Tooltip label="Reload">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Reload"
              onClick={() => apiRef.current?.purgeInfiniteCache()}
            >
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {failure ? (
        <Alert color="red" title="The list could not be loaded" mb="xs" role="alert">
          {failure}
        </Alert>
      ) : null}
      <div style={{ height: 420, width: '100%' }}>
        <AgGridReact
          columnDefs={columnDefs}
          rowModelType="infinite"
          datasource={datasource}
          cacheBlockSize={BLOCK_SIZE}
          maxBlocksInCache={20}
          pagination
          paginationPageSize={DEFAULT_PAGE_SIZE}
          paginationPageSizeSelector={PAGE_SIZES}
          getRowId={(params) => String((params.data as Record<string, unknown>)[meta.primary_key])}
          onGridReady={onGridReady}
          onColumnResized={(event) => {
            if (event.finished) remember();
          }}
          onColumnVisible={remember}
          onColumnMoved={remember}
          onSortChanged={remember}
          onRowClicked={(event) => {
            const row = event.data as Record<string, unknown> | undefined;
            if (row && onOpen) onOpen(String(row[meta.primary_key]));
          }}
          onCellKeyDown={(event) => {
            const key = (event.event as KeyboardEvent | null)?.key;
            const row = event.data as Record<string, unknown> | undefined;
            if (key === 'Enter' && row && onOpen) onOpen(String(row[meta.primary_key]));
          }}
          rowStyle={onOpen ? { cursor: 'pointer' } : undefined}
        />
      </div>
      <Text size="sm" c="dimmed" mt={4} data-testid="grid-count">
        {counts === null
          ? 'Loading…'
          : counts.total === 0
            ? `No ${meta.title} records yet.`
            : counts.filtered === 0
              ? 'No records match the search or filters.'
              : counts.filtered === counts.total
                ? `${counts.total} records`
                : `${counts.filtered} of ${counts.total} records match`}
      </Text>
    </div>
  );
}
