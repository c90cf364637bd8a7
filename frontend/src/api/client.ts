// The one place that talks to the gateway. Every server call goes through TanStack Query hooks built on it.
// Each call sends the stored token as `x-access-token` (docs/console.md §7). A session that ends under the user
// (a 401) goes to /login saying so, and a session locked on the server (a 423) to the lock screen; either way the
// user comes back to the page they were on.
import { parseExactJson } from '../lib/exact-json';
import { safeNext } from '../lib/safe-next';
import { clearSession, readUser } from '../lib/session-store';
import { reportOffline, reportOnline } from './connectivity';
import type { ErrorBody } from './schema';

/** An answer the gateway gave with a non-2xx status, with its JSON body when it sent one. */
export class GatewayError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(messageOf(body) ?? `gateway answered ${status}`);
  }

  /** The per-field messages of a 422 (`fields: [{field, message}]`). */
  get fields(): Record<string, string> {
    const fields = (this.body as Partial<ErrorBody> | null)?.fields;
    return Object.fromEntries((fields ?? []).map((f) => [f.field, f.message]));
  }

  /** The gateway's stable error code (`PMIS-R409V` …), when the answer has one. */
  get code(): string | undefined {
    const code = (this.body as Partial<ErrorBody> | null)?.code;
    return typeof code === 'string' ? code : undefined;
  }
}

/** The answer's message: `message` in the common error body, `error` in the data table's own failure shape. */
function messageOf(body: unknown): string | undefined {
  const answer = body as { message?: unknown; error?: unknown } | null;
  if (typeof answer?.message === 'string') return answer.message;
  return typeof answer?.error === 'string' ? answer.error : undefined;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** Sign-in calls answer 401 for a wrong password: that is not a lost session. */
  keepSessionOn401?: boolean;
  /** More request headers (an `Idempotency-Key`). */
  headers?: Readonly<Record<string, string>>;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, keepSessionOn401 = false } = options;
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  const user = readUser();
  if (user) headers['x-access-token'] = user.accessToken;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    // docs/console.md §8: network failures are logged; the console also shows a small offline indicator.
    if (!(error instanceof DOMException && error.name === 'AbortError')) {
      console.error(`network failure: ${method} ${path}`, error);
      reportOffline();
    }
    throw error;
  }
  reportOnline();
  const answer: unknown = await response
    .text()
    .then(parseExactJson)
    .catch(() => null);
  if (user && !keepSessionOn401) {
    if (response.status === 401) signOutTo(here(), { ended: true });
    else if (response.status === 423) lockedTo(here());
  }
  if (!response.ok) throw new GatewayError(response.status, answer);
  return answer as T;
}

/** The page the user is on, to come back to. */
function here(): string {
  return window.location.pathname + window.location.search;
}

export function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  return request<T>(path, { signal });
}

/** Where /login is told to go back to, and whether to say that the session ended. */
export function loginAddress(next: string, { ended = false } = {}): string {
  const query = new URLSearchParams();
  // Only a plain console page: never a sign-in page itself, so return addresses cannot nest.
  const back = safeNext(next);
  if (back !== '/') query.set('next', back);
  if (ended) query.set('ended', '1');
  const text = query.toString();
  return text ? `/login?${text}` : '/login';
}

/**
 * Ends the local session and goes to /login, remembering where the user was; `ended` makes the sign-in page say
 * "Your session has ended; sign in again" (the gateway ended it, not the user).
 */
export function signOutTo(next: string, options: { ended?: boolean } = {}): void {
  clearSession();
  window.location.assign(loginAddress(next, options));
}

/** The session is locked on the server (from another tab): the lock screen asks for the password, then comes back. */
function lockedTo(next: string): void {
  if (window.location.pathname === '/lock') return;
  const back = safeNext(next);
  window.location.assign(back === '/' ? '/lock' : `/lock?next=${encodeURIComponent(back)}`);
}

/** A text field of a multipart body, by name. */
export type FormField = readonly [name: string, value: string];

/**
 * The multipart body of an upload: the text `fields` first, in their order, then each file as a field named `file`
 * (a streaming reader on the gateway, such as the importer, has read every setting before the file arrives).
 */
export function uploadBody(fields: readonly FormField[], files: readonly File[]): FormData {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  for (const file of files) body.append('file', file, file.name);
  return body;
}

/**
 * Sends files as `multipart/form-data` (each a field named `file`, after any text `fields`), reporting the share of
 * bytes sent so far (0 to 1) as they go: XMLHttpRequest, since fetch reports no upload progress. Same session
 * handling and errors as `request`.
 */
export function upload<T>(
  path: string,
  files: readonly File[],
  {
    onProgress,
    signal,
    fields = [],
    headers = {},
    keepSessionOn401 = false,
  }: {
    onProgress?: (share: number) => void;
    signal?: AbortSignal;
    fields?: readonly FormField[];
    headers?: Readonly<Record<string, string>>;
    /** As `request`'s: the caller handles a lost session itself. */
    keepSessionOn401?: boolean;
  } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', new URL(path, window.location.origin));
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    const user = readUser();
    if (user) xhr.setRequestHeader('x-access-token', user.accessToken);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => {
      const error = new Error('The files could not be sent: the connection failed');
      console.error(`network failure: POST ${path}`, error);
      reportOffline();
      reject(error);
    };
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    xhr.onload = () => {
      reportOnline();
      let answer: unknown = null;
      try {
        answer = parseExactJson(xhr.responseText);
      } catch {
        answer = null;
      }
      if (user && !keepSessionOn401) {
        if (xhr.status === 401) signOutTo(here(), { ended: true });
        else if (xhr.status === 423) lockedTo(here());
      }
      if (xhr.status < 200 || xhr.status >= 300) reject(new GatewayError(xhr.status, answer));
      else resolve(answer as T);
    };
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(uploadBody(fields, files));
  });
}

/** A file from the gateway (an export), with the name its Content-Disposition gives. */
export async function download(
  path: string,
  query: [string, string][],
  body?: unknown,
): Promise<{ name: string; blob: Blob }> {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of query) url.searchParams.append(key, value);
  const user = readUser();
  const headers: Record<string, string> = user ? { 'x-access-token': user.accessToken } : {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const answer: unknown = await response.json().catch(() => null);
    throw new GatewayError(response.status, answer);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'export';
  return { name, blob: await response.blob() };
}
