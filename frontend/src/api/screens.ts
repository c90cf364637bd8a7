// Metadata-driven screens: the screen description (`GET /api/screen`), lookup choices, pages of the list
// (`POST /api/custom/datatable`), records and their writes (`/api/data/{entry}`), and exports (`GET /api/export`).
import { type QueryClient, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';

import { type LookupChoices, lookupColumns, NO_CHOICES, toLookupChoices } from '../lib/lookup-choices';
import { download, request } from './client';
import type { ColumnDef, DataTableAnswer, LookupMeta, ScreenMeta, WriteReply } from './schema';

export const screenKeys = {
  screen: (route: string) => ['screen', route] as const,
  lookup: (entry: string, columns: string[]) => ['lookup', entry, columns.join(',')] as const,
  table: (entry: string) => ['datatable', entry] as const,
  record: (entry: string, id: string) => ['record', entry, id] as const,
};

/** The registry's description of the screen at `route`; it changes only when the gateway restarts. */
export function useScreen(route: string) {
  return useQuery({
    queryKey: screenKeys.screen(route),
    queryFn: ({ signal }) => request<ScreenMeta>('/api/screen', { query: { route }, signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

interface LookupColumn {
  column: ColumnDef;
  lookup: LookupMeta;
  display: string;
}

function lookupQuery({ lookup, display }: LookupColumn) {
  const cols = lookupColumns(lookup, display);
  return {
    queryKey: screenKeys.lookup(lookup.entry, cols),
    staleTime: 60_000,
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<LookupChoices> => {
      const rows = await request<Record<string, unknown>[]>('/api/custom/selectall', {
        query: { t: lookup.entry, cols: cols.join(',') },
        signal,
      });
      return toLookupChoices(rows, lookup, display);
    },
  };
}

/** The choices of every lookup column among `columns`, by column name (empty until loaded). */
export function useLookupChoices(
  columns: readonly ColumnDef[],
  lookups: readonly LookupMeta[],
): Map<string, LookupChoices> {
  const wanted = columns.flatMap((column): LookupColumn[] => {
    const lookup = column.lookup ? lookups.find((l) => l.entry === column.lookup?.entry) : undefined;
    return column.lookup && lookup ? [{ column, lookup, display: column.lookup.display }] : [];
  });
  const lists = useQueries({
    queries: wanted.map(lookupQuery),
    combine: (results) => results.map((result) => result.data),
  });
  const key = wanted.map((w) => w.column.name).join(',');
  return useMemo(
    () => new Map(wanted.map((w, i) => [w.column.name, lists[i] ?? NO_CHOICES])),
    // A new map only when a list arrives (the columns are named by `key`), so grids and selects keep their
    // column definitions in between.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, ...lists],
  );
}

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
}

export type TablePage = DataTableAnswer;

let draw = 0;

function tableBody(page: TablePageRequest) {
  draw += 1;
  return {
    t: page.t,
    draw,
    start: page.start,
    length: page.length,
    search: { value: page.search },
    columns: page.columns.map((c) => ({ data: c.data, search: { value: c.search } })),
    order: page.order,
  };
}

/** A page of the list, through the query cache (the grid's data source asks for blocks as the user pages). */
export function fetchTablePage(queryClient: QueryClient, page: TablePageRequest): Promise<TablePage> {
  return queryClient.fetchQuery({
    queryKey: [...screenKeys.table(page.t), page],
    queryFn: ({ signal }) =>
      request<TablePage>('/api/custom/datatable', { method: 'POST', body: tableBody(page), signal }),
    staleTime: 0,
  });
}

/** The export's query string: the list's columns, search, filters and order (every matching row). */
export function exportQuery(
  page: TablePageRequest,
  cols: string[],
  format: 'csv' | 'xlsx',
): [string, string][] {
  const query: [string, string][] = [
    ['t', page.t],
    ['format', format],
    ['cols', cols.join(',')],
  ];
  if (page.search) query.push(['search[value]', page.search]);
  page.columns.forEach((column, index) => {
    query.push([`columns[${index}][data]`, column.data]);
    if (column.search) query.push([`columns[${index}][search][value]`, column.search]);
  });
  page.order.forEach((order, index) => {
    query.push([`order[${index}][column]`, String(order.column)]);
    query.push([`order[${index}][dir]`, order.dir]);
  });
  return query;
}

export function useExport() {
  return useMutation({
    mutationFn: async (query: [string, string][]) => {
      const file = await download('/api/export', query);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(file.blob);
      link.download = file.name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      return file.name;
    },
  });
}

export type RecordRow = Record<string, unknown>;

/** A record with its row version, for editing. */
export function useRecord(entry: string, id: string | null) {
  return useQuery({
    queryKey: screenKeys.record(entry, id ?? ''),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
    queryFn: ({ signal }) =>
      request<RecordRow>(`/api/data/${entry}/${encodeURIComponent(id ?? '')}`, { signal }),
  });
}

export function useRecordChanges(entry: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: screenKeys.table(entry) });
  const base = `/api/data/${entry}`;
  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) => request<WriteReply>(base, { method: 'POST', body }),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: Record<string, unknown> }) =>
      request<WriteReply>(`${base}/${encodeURIComponent(id)}`, { method: 'PUT', body }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: ({ id, version }: { id: string; version: string }) =>
      request<WriteReply>(`${base}/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        query: { n_row_version: version },
      }),
    onSuccess: refresh,
  });
  return { create, update, remove };
}
