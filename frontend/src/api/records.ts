// The console's one data provider (issue 48): every call on a register's records goes through these functions, so
// only this module knows the record API's paths and methods. Lists (selectall, the data table, the export), one
// record, create, update and delete, transitions, copies, history, the people a user column may be given, a record's
// files, uploads with files, and the full-text search. Plain async functions, each taking the register's name (its
// entry) and what the call needs, over the client's request, upload and download; the TanStack Query hooks that call
// them live with their areas, which keep their query keys and what a write reads again.
import { download, type FormField, request, type RequestOptions, upload } from './client';
import type {
  DataTableAnswer,
  DataTableRequest,
  EntryName,
  FilesAdded,
  FilesAnswer,
  HistoryAnswer,
  Outcome,
  PeopleAnswer,
  SearchAnswer,
  TransitionBody,
  Uploaded,
  WriteReply,
} from './schema';

/** The header that makes a write safe to send again (docs/api.md, "Sending a write again"). */
const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Where a register's export (CSV or Excel, every matching row) is read: `GET` with the list's query. */
export const EXPORT_PATH = '/api/export';

/** `/api/data/` and the segments after it, each encoded (a record's `r.…` reference, a key with a slash). */
function dataPath(...segments: readonly (string | number)[]): string {
  return ['/api/data', ...segments.map((segment) => encodeURIComponent(segment))].join('/');
}

/** How a write is sent: once only (its idempotency key), and whether a lost session is the caller's to handle. */
export interface WriteOptions {
  /** Sent as `Idempotency-Key`: a write sent again after a lost answer is stored once. */
  idempotencyKey?: string;
  /** As the client's: a 401 does not sign the user out (the field forms keep their outbox and sign in again). */
  keepSessionOn401?: boolean;
}

function writeOptions({ idempotencyKey, keepSessionOn401 }: WriteOptions): RequestOptions {
  return {
    ...(idempotencyKey === undefined ? {} : { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
    ...(keepSessionOn401 === undefined ? {} : { keepSessionOn401 }),
  };
}

/** Files sent with their progress, and the text fields sent before them. */
export interface FilesOptions extends WriteOptions {
  /** The share of the bytes sent so far, 0 to 1. */
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
  fields?: readonly FormField[];
}

function uploadOptions({ onProgress, signal, fields, ...write }: FilesOptions) {
  const { headers, keepSessionOn401 } = writeOptions(write);
  return { onProgress, signal, fields, headers, keepSessionOn401 };
}

// Lists.

/**
 * Rows of a registry entry (`GET /api/custom/selectall`): `cols` a comma list or `*`, `whrc` the legacy filter text
 * (left out when not given).
 */
export function selectAll<T = Record<string, unknown>>(
  entry: EntryName,
  { cols, whrc }: { cols: string; whrc?: string },
  signal?: AbortSignal,
): Promise<T[]> {
  return request<T[]>('/api/custom/selectall', { query: { t: entry, cols, whrc }, signal });
}

/** A page of a registry entry (`POST /api/custom/datatable`): `t` names the entry. */
export function dataTable(body: DataTableRequest, signal?: AbortSignal): Promise<DataTableAnswer> {
  return request<DataTableAnswer>('/api/custom/datatable', { method: 'POST', body, signal });
}

// One record and its writes.

/** A record with its row version (`GET /api/data/{entry}/{id}`); `id` may be an opaque `r.…` reference. */
export function readRecord(
  entry: string,
  id: string,
  signal?: AbortSignal,
): Promise<Record<string, unknown>> {
  return request<Record<string, unknown>>(dataPath(entry, id), { signal });
}

/** Creates a record (`POST /api/data/{entry}`). */
export function createRecord(
  entry: string,
  body: Readonly<Record<string, unknown>>,
  options: WriteOptions = {},
): Promise<WriteReply> {
  return request<WriteReply>(dataPath(entry), { method: 'POST', body, ...writeOptions(options) });
}

/** Changes a record (`PUT /api/data/{entry}/{id}`); the body carries its row version. */
export function updateRecord(
  entry: string,
  id: string,
  body: Readonly<Record<string, unknown>>,
): Promise<WriteReply> {
  return request<WriteReply>(dataPath(entry, id), { method: 'PUT', body });
}

/** Deletes a record (`DELETE /api/data/{entry}/{id}`), at `version` (`?n_row_version=`) when given. */
export function deleteRecord(entry: string, id: string, version?: string): Promise<Outcome> {
  return request<Outcome>(dataPath(entry, id), {
    method: 'DELETE',
    ...(version === undefined ? {} : { query: { n_row_version: version } }),
  });
}

/** A workflow transition of a record (`POST /api/data/{entry}/{id}/transition`). */
export function transitionRecord(entry: string, id: string, body: TransitionBody): Promise<WriteReply> {
  return request<WriteReply>(dataPath(entry, id, 'transition'), { method: 'POST', body });
}

/** Copies a record as a new one (`POST /api/data/{entry}/{id}/copy`, registers with `copy`). */
export function copyRecord(entry: string, id: string): Promise<WriteReply> {
  return request<WriteReply>(dataPath(entry, id, 'copy'), { method: 'POST' });
}

/** A record's history, newest first (`GET /api/data/{entry}/{id}/history`). */
export function recordHistory(entry: string, id: string, signal?: AbortSignal): Promise<HistoryAnswer> {
  return request<HistoryAnswer>(dataPath(entry, id, 'history'), { signal });
}

/**
 * The people a user column may be given (`GET /api/data/{entry}/people/{column}`), narrowed by `query`: `search`,
 * `key`, `length`, and the `record` being edited or the `package` of a new one.
 */
export function people(
  entry: string,
  column: string,
  query: Readonly<Record<string, string>>,
  signal?: AbortSignal,
): Promise<PeopleAnswer> {
  return request<PeopleAnswer>(dataPath(entry, 'people', column), { query, signal });
}

// A record's files.

/** A record's files, newest first (`GET /api/data/{entry}/{id}/files`); `deleted`: those still restorable. */
export function listFiles(
  entry: string,
  id: string,
  { deleted = false, signal }: { deleted?: boolean; signal?: AbortSignal } = {},
): Promise<FilesAnswer> {
  return request<FilesAnswer>(dataPath(entry, id, 'files'), {
    ...(deleted ? { query: { deleted: '1' } } : {}),
    signal,
  });
}

/** Attaches files to a record (`POST /api/data/{entry}/{id}/files`, multipart, with progress). */
export function addFiles(
  entry: string,
  id: string,
  files: readonly File[],
  options: FilesOptions = {},
): Promise<FilesAdded> {
  return upload<FilesAdded>(dataPath(entry, id, 'files'), files, uploadOptions(options));
}

/** A file's bytes (`GET /api/data/{entry}/{id}/files/{file_id}`); `inline`: as the browser shows it. */
export function readFile(
  entry: string,
  id: string,
  fileId: number,
  { inline = false }: { inline?: boolean } = {},
): Promise<{ name: string; blob: Blob }> {
  return download(dataPath(entry, id, 'files', fileId), inline ? [['inline', '1']] : []);
}

/** Deletes a record's file (`DELETE /api/data/{entry}/{id}/files/{file_id}`; restorable for a while). */
export function deleteFile(entry: string, id: string, fileId: number): Promise<Outcome> {
  return request<Outcome>(dataPath(entry, id, 'files', fileId), { method: 'DELETE' });
}

/** Restores a deleted file (`POST /api/data/{entry}/{id}/files/{file_id}/restore`), within the grace period. */
export function restoreFile(entry: string, id: string, fileId: number): Promise<Outcome> {
  return request<Outcome>(dataPath(entry, id, 'files', fileId, 'restore'), { method: 'POST' });
}

// Uploads with files (a register's `[upload]`) and the full-text search (`[full_text]`).

/** Creates a record with its first line of files (`POST /api/data/{entry}/upload`): the metadata in `fields`. */
export function uploadRecord<T = Uploaded>(
  entry: string,
  files: readonly File[],
  options: FilesOptions = {},
): Promise<T> {
  return upload<T>(dataPath(entry, 'upload'), files, uploadOptions(options));
}

/** Adds the next line of files to a record (`POST /api/data/{entry}/{id}/upload`). */
export function uploadLine<T = Uploaded>(
  entry: string,
  id: string,
  files: readonly File[],
  options: FilesOptions = {},
): Promise<T> {
  return upload<T>(dataPath(entry, id, 'upload'), files, uploadOptions(options));
}

/** A page of a register's full-text search with its facets (`GET /api/data/{entry}/search`). */
export function search<T = SearchAnswer>(
  entry: string,
  query: RequestOptions['query'],
  signal?: AbortSignal,
): Promise<T> {
  return request<T>(dataPath(entry, 'search'), { query, signal });
}
