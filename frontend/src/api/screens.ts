// Metadata-driven screens: the screen description (`GET /api/screen`), lookup options, pages of the list
// (`POST /api/custom/datatable`), records and their writes (`/api/data/{entry}`), and exports (`GET /api/export`).
import { type QueryClient, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';

import { useMemo } from 'react';

import type { ColumnMeta } from '../lib/record-rules';
import { download, request } from './client';

export interface ScreenMeta {
  route: string;
  entry: string;
  title: string;
  primary_key: string;
  writable: boolean;
  default_sort: { column: string; direction: 'asc' | 'desc' }[];
  list_columns: string[];
  sections: { title: string; columns: string[] }[];
  columns: ColumnMeta[];
}

export const screenKeys = {
  screen: (route: string) => ['screen', route] as const,
  lookup: (entry: string, display: string) => ['lookup', entry, display] as const,
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

export interface LookupOption {
  value: string;
  label: string;
}

function lookupQuery(lookup: NonNullable<ColumnMeta['lookup']>) {
  return {
    queryKey: screenKeys.lookup(lookup.entry, lookup.display),
    staleTime: 60_000,
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<LookupOption[]> => {
      const rows = await request<Record<string, unknown>[]>('/api/custom/selectall', {
        query: { t: lookup.entry, cols: `id,${lookup.display}` },
        signal,
      });
      return rows
        .map((row) => ({ value: String(row.id), label: String(row[lookup.display] ?? row.id) }))
        .sort((a, b) => a.label.localeCompare(b.label));
    },
  };
}

/** The choices of every lookup column among `columns`, by column name (empty until loaded). */
export function useLookupChoices(columns: readonly ColumnMeta[]): Map<string, LookupOption[]> {
  const lookups = columns.filter((c) => c.lookup !== undefined);
  const lists = useQueries({
    queries: lookups.map((column) => lookupQuery(column.lookup as NonNullable<ColumnMeta['lookup']>)),
    combine: (results) => results.map((result) => result.data),
  });
  const key = lookups.map((c) => c.name).join(',');
  // A new map only when a list arrives, so grids and selects keep their column definitions in between.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => new Map(lookups.map((c, i) => [c.name, lists[i] ?? []])), [key, ...lists]);
}

/** One page request of the list: the DataTables protocol as JSON. */
export interface TablePageRequest {
  t: string;
  start: number;
  length: number;
  search: string;
  whrc: string;
  columns: { data: string; search: string }[];
  order: { column: number; dir: 'asc' | 'desc' }[];
}

export interface TablePage {
  draw: number;
  recordsTotal: number;
  recordsFiltered: number;
  data: Record<string, unknown>[];
  error?: string;
}

let draw = 0;

function tableBody(page: TablePageRequest) {
  draw += 1;
  return {
    t: page.t,
    draw,
    start: page.start,
    length: page.length,
    whrc: page.whrc,
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
  if (page.whrc) query.push(['whrc', page.whrc]);
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

export interface WriteReply {
  result: string;
  message: string;
  id?: string | number;
  data?: RecordRow;
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
