// Metadata-driven screens as TanStack Query hooks: the screen description (`GET /api/screen`), look-up pages searched
// on the server, pages of the list, records and their writes, their transitions, copies and history, and exports.
// The calls on records go through the records module (the one data provider); these hooks keep the query keys and
// what each write reads again.
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useMemo } from 'react';

import { loadColumnState } from '../lib/column-state';
import { firstPageRequest, startingSortOf, type TablePageRequest } from '../lib/list-request';
import { namesByColumn } from '../lib/page-names';
import { lookupColumns, type LookupOption, toLookupChoices } from '../lib/lookup-choices';
import {
  keyLiteral,
  LOOKUP_PAGE,
  lookupFilter,
  type LookupSource,
  type PeoplePick,
} from '../lib/lookup-search';
import { request } from './client';
import { useDownload } from './download';
import { pendingKeys } from './console';
import * as records from './records';
import type { DataTableAnswer, EntryName, ScreenMeta, TransitionBody } from './schema';

export const screenKeys = {
  screen: (route: string) => ['screen', route] as const,
  lookupPage: (source: LookupSource, text: string) =>
    [
      'lookup-page',
      source.lookup.entry,
      source.display,
      (source.only ?? []).join(','),
      source.people
        ? `${source.people.entry}.${source.people.column}:${source.people.record ?? ''}:${source.people.package}`
        : '',
      JSON.stringify(source.same ?? {}),
      text,
    ] as const,
  lookupLabel: (source: LookupSource, key: string) =>
    ['lookup-label', source.lookup.entry, source.display, key] as const,
  table: (entry: string) => ['datatable', entry] as const,
  record: (entry: string, id: string) => ['record', entry, id] as const,
  records: (entry: string) => ['record', entry] as const,
  history: (entry: string, id: string) => ['history', entry, id] as const,
  histories: (entry: string) => ['history', entry] as const,
};

/**
 * The registry's description of the screen at `route`; it changes only when the gateway restarts. As it arrives,
 * the reads its list needs start (`prefetchList`), before any of the screen is drawn.
 */
export function screenQuery(route: string) {
  return queryOptions({
    queryKey: screenKeys.screen(route),
    queryFn: async ({ signal, client }) => {
      const meta = await request<ScreenMeta>('/api/screen', { query: { route }, signal });
      prefetchList(client, meta);
      return meta;
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useScreen(route: string) {
  return useQuery(screenQuery(route));
}

/** A page of a look-up's options: the first `LOOKUP_PAGE` matching rows, and how many match in all. */
export interface LookupPage {
  options: LookupOption[];
  matching: number;
}

const NO_LOOKUP_PAGE: LookupPage = { options: [], matching: 0 };

/**
 * Reads rows of a look-up entry through the data table: only its display columns (what every signed-in user may
 * read of it), ordered by the first column its options show, narrowed by `lookupFilter`.
 */
async function readLookupRows(
  source: LookupSource,
  filter: { text?: string; key?: string },
  length: number,
  signal: AbortSignal,
): Promise<LookupPage> {
  if (source.people) return readPeople(source, source.people, filter, length, signal);
  const whrc = lookupFilter(source, filter);
  if (whrc === false) return NO_LOOKUP_PAGE;
  const { lookup, display } = source;
  const cols = lookupColumns(lookup, display);
  const first =
    lookup.option_columns?.[0]?.name ??
    lookup.display_columns.find((name) => name !== lookup.primary_key) ??
    display;
  const answer = await records.dataTable(
    {
      t: lookup.entry,
      start: 0,
      length,
      columns: cols.map((data) => ({ data })),
      order: [{ column: Math.max(0, cols.indexOf(first)), dir: 'asc' }],
      ...(whrc === null ? {} : { whrc }),
    },
    signal,
  );
  return { options: toLookupChoices(answer.data, lookup, display).options, matching: answer.recordsFiltered };
}

/** The people the register's rule allows for a user column (`workflow.people`), as look-up options. */
async function readPeople(
  source: LookupSource,
  people: PeoplePick,
  { text, key }: { text?: string; key?: string },
  length: number,
  signal: AbortSignal,
): Promise<LookupPage> {
  const query: Record<string, string> = { length: String(length) };
  if (text) query.search = text;
  if (key) query.key = key;
  if (people.record !== null) query.record = people.record;
  else if (/^\d+$/.test(people.package)) query.package = people.package;
  const answer = await records.people(people.entry, people.column, query, signal);
  const rows = answer.data as unknown as Record<string, unknown>[];
  return {
    options: toLookupChoices(rows, source.lookup, source.display).options,
    matching: answer.recordsFiltered,
  };
}

/**
 * The options of a look-up matching `text` (blank: the first ones), `LOOKUP_PAGE` at a time, read on the server as
 * the user types; while a new text is read the previous options stay.
 */
export function useLookupPage(source: LookupSource, text: string, enabled: boolean) {
  const typed = text.trim();
  return useQuery({
    queryKey: screenKeys.lookupPage(source, typed),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => readLookupRows(source, { text: typed }, LOOKUP_PAGE, signal),
  });
}

/**
 * For each look-up, its one option when it offers exactly one row (a package's only contract), else null: what a
 * look-up with `default = "only"` starts with. Read as its first page is (two rows are enough to know).
 */
export function useOnlyOptions(sources: readonly LookupSource[]): readonly (LookupOption | null)[] {
  const joined = useQueries({
    queries: sources.map((source) => ({
      queryKey: [...screenKeys.lookupPage(source, ''), 'only'],
      staleTime: 60_000,
      queryFn: ({ signal }: { signal: AbortSignal }) => readLookupRows(source, { text: '' }, 2, signal),
      select: (page: LookupPage) => (page.matching === 1 ? (page.options[0] ?? null) : null),
    })),
    combine: (results) => JSON.stringify(results.map((result) => result.data ?? null)),
  });
  return useMemo(() => JSON.parse(joined) as (LookupOption | null)[], [joined]);
}

/** The option naming the chosen key of a look-up ("C1-V01 — Viaduct …"); undefined until read or when blank. */
export function useLookupLabel(source: LookupSource, key: string) {
  return useQuery({
    queryKey: screenKeys.lookupLabel(source, key),
    enabled: key !== '',
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }): Promise<LookupOption> => {
      // Named without the allowed keys: a stored record may hold a key the user could no longer choose.
      const page = await readLookupRows(
        { ...source, only: null, people: null, same: null, where: null },
        { key },
        1,
        signal,
      );
      return page.options[0] ?? { value: key, label: key };
    },
  });
}

export type { TablePageRequest };
export type TablePage = DataTableAnswer;

let draw = 0;

/** A list page's request: with `names`, the display text of the page's look-up keys comes with its rows. */
function tableBody(page: TablePageRequest) {
  draw += 1;
  return {
    t: page.t,
    names: true,
    draw,
    start: page.start,
    length: page.length,
    search: { value: page.search },
    columns: page.columns.map((c) => ({ data: c.data, search: { value: c.search } })),
    order: page.order,
    ...(page.whrc ? { whrc: page.whrc } : {}),
  };
}

/**
 * How long a page read stays good for the grid: long enough for the grid's first request to take the page the
 * screen asked for in advance (`prefetchTablePage`), short enough that coming back to a list reads it again.
 * Writes, Reload and a new search invalidate or bypass it.
 */
const PAGE_FRESH_MS = 5_000;

function tablePageQuery(page: TablePageRequest) {
  return queryOptions({
    queryKey: [...screenKeys.table(page.t), page],
    queryFn: ({ signal }): Promise<TablePage> => records.dataTable(tableBody(page), signal),
    staleTime: PAGE_FRESH_MS,
  });
}

/** A page of the list, through the query cache (the grid's data source asks for blocks as the user pages). */
export function fetchTablePage(queryClient: QueryClient, page: TablePageRequest): Promise<TablePage> {
  return queryClient.fetchQuery(tablePageQuery(page));
}

/** Starts reading a page the grid is about to ask for, so the read runs while the grid is being built. */
export function prefetchTablePage(queryClient: QueryClient, page: TablePageRequest): void {
  void queryClient.prefetchQuery(tablePageQuery(page));
}

/** Marks every page of the entry's list as needing a fresh read (the Reload button). */
export function invalidateTable(queryClient: QueryClient, entry: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: screenKeys.table(entry), refetchType: 'none' });
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
    ...(page.whrc ? [['whrc', page.whrc] as [string, string]] : []),
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

/** Saves a register's export (every matching row) as a file. */
export function useExport() {
  return useDownload(records.EXPORT_PATH);
}

export type RecordRow = Record<string, unknown>;

/** Whether `text` names a record by its key or opaque reference (not by its document number). */
export function isRecordKey(text: string): boolean {
  return /^-?\d+$/.test(text) || text.startsWith('r.') || /^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(text);
}

/**
 * The key of the record a link names: its key or reference as it is, or the record whose document number it is
 * (`C2-V02-RFI-00010`), looked up by the register's number column; `missing` when no record has that number.
 */
export function useRecordKey(meta: ScreenMeta, text: string | null) {
  const column = meta.workflow?.number_column ?? meta.numbering?.column ?? undefined;
  const byNumber = text !== null && column !== undefined && !isRecordKey(text);
  const found = useQuery({
    queryKey: ['record-by-number', meta.entry, text ?? ''],
    enabled: byNumber,
    staleTime: 0,
    queryFn: async ({ signal }) => {
      const rows = await records.selectAll(
        // The metadata's name of an entry the registry declares (the gateway refuses any other).
        meta.entry as EntryName,
        {
          cols: meta.primary_key,
          whrc: `${column ?? ''} = '${(text ?? '').replaceAll("'", "''")}'`,
        },
        signal,
      );
      const key = rows[0]?.[meta.primary_key];
      return key === undefined || key === null ? null : String(key);
    },
  });
  if (!byNumber) return { pending: false, key: text, missing: false };
  if (found.isPending) return { pending: true, key: null, missing: false };
  const key = found.data ?? null;
  return { pending: false, key, missing: key === null };
}

/** One column of one record, read as text: the value a look-up follows through another record. */
export interface RecordColumnRead {
  entry: string;
  primaryKey: string;
  column: string;
  /** The record's key; blank: nothing to read. */
  key: string;
}

/**
 * The value of each read's column (`''` when no record is named, unreadable or empty; null while being read), in
 * order, read through the entry's own rules (`selectall` of its key and that column). The answer is one string per
 * read, so an unchanged answer keeps its identity.
 */
export function useRecordColumns(reads: readonly RecordColumnRead[]): readonly (string | null)[] {
  const joined = useQueries({
    queries: reads.map((read) => ({
      queryKey: ['record-column', read.entry, read.column, read.key] as const,
      enabled: read.key !== '',
      staleTime: 60_000,
      retry: false,
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const rows = await records.selectAll(
          // The metadata's name of an entry the registry declares (the gateway refuses any other).
          read.entry as EntryName,
          {
            cols: `${read.primaryKey},${read.column}`,
            whrc: `${read.primaryKey} = ${keyLiteral(read.key)}`,
          },
          signal,
        );
        const value = rows[0]?.[read.column];
        return value === undefined || value === null ? '' : String(value);
      },
    })),
    combine: (results) =>
      JSON.stringify(
        results.map((result, i) =>
          result.isSuccess ? result.data : result.isError || reads[i]?.key === '' ? '' : null,
        ),
      ),
  });
  return useMemo(() => JSON.parse(joined) as (string | null)[], [joined]);
}

/** A record with its row version, for editing. */
export function useRecord(entry: string, id: string | null) {
  return useQuery({
    queryKey: screenKeys.record(entry, id ?? ''),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
    queryFn: ({ signal }): Promise<RecordRow> => records.readRecord(entry, id ?? '', signal),
  });
}

/** The record a child register's lines belong to: its entry and primary key. */
export interface ParentRecord {
  entry: string;
  key: string;
}

/**
 * After a write: the entry's list, the histories of its records and the pending list (a record may have moved to
 * or away from the user) are read again; for a line of a child register also its parent record (whose totals the
 * database keeps) and the parent's list.
 */
function afterWrite(queryClient: QueryClient, entry: string, parent?: ParentRecord) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: screenKeys.table(entry) }),
    queryClient.invalidateQueries({ queryKey: screenKeys.histories(entry) }),
    queryClient.invalidateQueries({ queryKey: pendingKeys.all }),
    ...(parent
      ? [
          // Every open copy of it, whichever key (or `r.…` reference) it was opened by.
          queryClient.invalidateQueries({ queryKey: screenKeys.records(parent.entry) }),
          queryClient.invalidateQueries({ queryKey: screenKeys.table(parent.entry) }),
        ]
      : []),
  ]);
}

/** Create, update and delete of the entry's records; `parent`: the record whose lines they are (a child register). */
export function useRecordChanges(entry: string, parent?: ParentRecord) {
  const queryClient = useQueryClient();
  const refresh = () => afterWrite(queryClient, entry, parent);
  // A refused line may come from a parent that moved on meanwhile (closed): it and its lines are read again.
  const onError = parent ? refresh : undefined;
  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) => records.createRecord(entry, body),
    onSuccess: refresh,
    onError,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: Record<string, unknown> }) =>
      records.updateRecord(entry, id, body),
    onSuccess: refresh,
    onError,
  });
  const remove = useMutation({
    mutationFn: ({ id, version }: { id: string; version: string }) =>
      records.deleteRecord(entry, id, version),
    onSuccess: refresh,
    onError,
  });
  return { create, update, remove };
}

/**
 * The lines of a child register that belong to one record (`whrc`: the key column equals the record's key), in the
 * child's default order; every line at once (a record has tens of lines, not thousands). Writes through
 * `useRecordChanges(child, parent)` read them again.
 */
export function useChildLines(
  child: ScreenMeta | undefined,
  keyColumn: string,
  parentKey: string,
  enabled: boolean,
) {
  const order = (child?.default_sort ?? []).map((sort) => ({ column: sort.column, dir: sort.direction }));
  const columns = (child?.columns ?? [])
    .filter((column) => column.hidden !== true)
    .map((column) => column.name);
  return useQuery({
    queryKey: [...screenKeys.table(child?.entry ?? ''), 'lines', keyColumn, parentKey],
    // Read only once the child's description is known.
    enabled: enabled && child !== undefined,
    staleTime: 0,
    queryFn: ({ signal }) =>
      records.dataTable(
        {
          t: child?.entry ?? '',
          // The display text of the lines' look-up keys comes with them: no look-up list is read whole.
          names: true,
          start: 0,
          length: -1,
          columns: columns.map((data) => ({ data })),
          order: order
            .map((o) => ({ column: columns.indexOf(o.column), dir: o.dir }))
            .filter((o) => o.column >= 0),
          whrc: `${keyColumn} = ${keyLiteral(parentKey)}`,
        },
        signal,
      ),
    select: (answer) => ({
      rows: answer.data,
      names: namesByColumn(answer.names),
    }),
  });
}

/**
 * A workflow transition of a record. `id` may be an opaque `r.…` reference. Afterwards the record (every open copy of it), its history, the list and the pending list are read
 * again; so is the record after a refusal, which may come from a record that changed meanwhile.
 */
export function useRecordTransition(entry: string) {
  const queryClient = useQueryClient();
  const rereadRecords = () => queryClient.invalidateQueries({ queryKey: screenKeys.records(entry) });
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TransitionBody }) =>
      records.transitionRecord(entry, id, body),
    onSuccess: () => Promise.all([rereadRecords(), afterWrite(queryClient, entry)]),
    onError: rereadRecords,
  });
}

/** Copies a record as a new one (registers with `copy`); the list and the pending list are read again. */
export function useRecordCopy(entry: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => records.copyRecord(entry, id),
    onSuccess: () => afterWrite(queryClient, entry),
  });
}

/** A record's history, newest first; read when `enabled` (its tab shown). */
export function useRecordHistory(entry: string, id: string, enabled: boolean) {
  return useQuery({
    queryKey: screenKeys.history(entry, id),
    enabled,
    staleTime: 0,
    queryFn: ({ signal }) => records.recordHistory(entry, id, signal),
    select: (answer) => answer.data,
  });
}

/**
 * What a list needs before its grid can show rows, asked for as soon as the screen is described: the first page in
 * the order the grid will start with (the user's remembered order, else the default), with the names of its
 * look-up keys. The grid then finds it read or being read, instead of asking once it has been built.
 */
export function prefetchList(queryClient: QueryClient, meta: ScreenMeta): void {
  prefetchTablePage(queryClient, firstPageRequest(meta, startingSortOf(meta, loadColumnState(meta.route))));
}
