// The records module is the console's one data provider: what each of its calls sends (method, path, query,
// headers, body), and that no other source file builds a path of the record API.
import ts from 'typescript';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import * as records from './records';

const ORIGIN = 'http://console.test';
const TOKEN = 'token-1';

/** A request as the gateway would receive it. */
interface Sent {
  method: string;
  /** Path and query string. */
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

let sent: Sent[] = [];
/** What the stubbed gateway answers next. */
let answer: { status: number; body: unknown; headers?: Record<string, string> } = { status: 200, body: {} };

function where(url: string | URL): string {
  const parsed = new URL(url, ORIGIN);
  return parsed.pathname + parsed.search;
}

/** The upload's XMLHttpRequest, recording what it sends and answering with `answer`. */
class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string | URL) {
    this.method = method;
    this.url = where(url);
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: FormData) {
    const parts = [...body.entries()].map(([name, value]) => [
      name,
      typeof value === 'string' ? value : value.name,
    ]);
    sent.push({ method: this.method, url: this.url, headers: this.headers, body: parts });
    this.status = answer.status;
    this.responseText = JSON.stringify(answer.body);
    queueMicrotask(() => this.onload?.());
  }

  abort() {
    this.onabort?.();
  }
}

beforeEach(() => {
  sent = [];
  answer = { status: 200, body: {} };
  vi.stubGlobal('window', {
    location: { origin: ORIGIN, pathname: '/', search: '', assign: vi.fn() },
  });
  vi.stubGlobal('localStorage', {
    getItem: (key: string) =>
      key === 'user' ? JSON.stringify({ id: 7, name: 'Admin', accessToken: TOKEN }) : null,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string | URL, init: RequestInit = {}) => {
      sent.push({
        method: init.method ?? 'GET',
        url: where(url),
        headers: { ...(init.headers as Record<string, string>) },
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: answer.headers });
    }),
  );
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The one request sent, without the session's and the JSON headers every call carries. */
function theRequest(): Sent {
  expect(sent).toHaveLength(1);
  const [request] = sent as [Sent];
  expect(request.headers['x-access-token']).toBe(TOKEN);
  const headers = Object.fromEntries(
    Object.entries(request.headers).filter(
      ([name]) => !['x-access-token', 'Accept', 'Content-Type'].includes(name),
    ),
  );
  return { ...request, headers };
}

function file(name: string): File {
  return new File(['bytes'], name, { type: 'application/pdf' });
}

describe('the record API as the records module sends it', () => {
  it('reads rows through selectall, leaving out a filter not given', async () => {
    answer = { status: 200, body: [{ id: 1 }] };
    await expect(
      records.selectAll('corridor', { cols: 'id,c_code', whrc: "c_code = 'C1'" }),
    ).resolves.toEqual([{ id: 1 }]);
    expect(theRequest()).toEqual({
      method: 'GET',
      url: '/api/custom/selectall?t=corridor&cols=id%2Cc_code&whrc=c_code+%3D+%27C1%27',
      headers: {},
      body: undefined,
    });
    sent = [];
    await records.selectAll('navigation', { cols: 'id,c_title,c_route' });
    expect(theRequest().url).toBe('/api/custom/selectall?t=navigation&cols=id%2Cc_title%2Cc_route');
  });

  it('reads a page through the data table', async () => {
    const body = { t: 'station', start: 0, length: 10, columns: [{ data: 'c_code' }], names: true };
    await records.dataTable(body);
    expect(theRequest()).toEqual({ method: 'POST', url: '/api/custom/datatable', headers: {}, body });
  });

  it('reads, creates, updates and deletes a record, encoding each segment', async () => {
    await records.readRecord('rfi', 'r.ab/c');
    expect(theRequest()).toMatchObject({ method: 'GET', url: '/api/data/rfi/r.ab%2Fc', body: undefined });

    sent = [];
    await records.createRecord('corridor', { c_code: 'C9' });
    expect(theRequest()).toEqual({
      method: 'POST',
      url: '/api/data/corridor',
      headers: {},
      body: { c_code: 'C9' },
    });

    sent = [];
    await records.createRecord('inspection', { n_itp: 1 }, { idempotencyKey: 'k-1', keepSessionOn401: true });
    expect(theRequest()).toEqual({
      method: 'POST',
      url: '/api/data/inspection',
      headers: { 'Idempotency-Key': 'k-1' },
      body: { n_itp: 1 },
    });

    sent = [];
    await records.updateRecord('corridor', '12', { c_name: 'North', n_row_version: 3 });
    expect(theRequest()).toEqual({
      method: 'PUT',
      url: '/api/data/corridor/12',
      headers: {},
      body: { c_name: 'North', n_row_version: 3 },
    });

    sent = [];
    await records.deleteRecord('corridor', '12', '4');
    expect(theRequest()).toEqual({
      method: 'DELETE',
      url: '/api/data/corridor/12?n_row_version=4',
      headers: {},
      body: undefined,
    });

    sent = [];
    await records.deleteRecord('dms_folder', '5');
    expect(theRequest()).toMatchObject({ method: 'DELETE', url: '/api/data/dms_folder/5' });
  });

  it('takes a transition, copies, reads the history and the people of a column', async () => {
    await records.transitionRecord('rfi', 'r.x1', {
      transition: 'submit',
      comment: 'Ready',
      n_row_version: 2,
    });
    expect(theRequest()).toEqual({
      method: 'POST',
      url: '/api/data/rfi/r.x1/transition',
      headers: {},
      body: { transition: 'submit', comment: 'Ready', n_row_version: 2 },
    });

    sent = [];
    await records.copyRecord('dailyreport', '8');
    expect(theRequest()).toEqual({
      method: 'POST',
      url: '/api/data/dailyreport/8/copy',
      headers: {},
      body: undefined,
    });

    sent = [];
    await records.recordHistory('rfi', '8');
    expect(theRequest()).toMatchObject({ method: 'GET', url: '/api/data/rfi/8/history' });

    sent = [];
    await records.people('rfi', 'n_assignee', { length: '20', search: 'ra', package: '3' });
    expect(theRequest()).toMatchObject({
      method: 'GET',
      url: '/api/data/rfi/people/n_assignee?length=20&search=ra&package=3',
    });
  });

  it('lists, reads, deletes and restores a record’s files', async () => {
    await records.listFiles('rfi', '8');
    expect(theRequest()).toMatchObject({ method: 'GET', url: '/api/data/rfi/8/files' });

    sent = [];
    await records.listFiles('rfi', '8', { deleted: true });
    expect(theRequest()).toMatchObject({ method: 'GET', url: '/api/data/rfi/8/files?deleted=1' });

    sent = [];
    answer = {
      status: 200,
      body: 'x',
      headers: { 'content-disposition': 'attachment; filename="drawing.pdf"' },
    };
    await expect(records.readFile('dms_revision', '4', 77, { inline: true })).resolves.toMatchObject({
      name: 'drawing.pdf',
    });
    expect(theRequest()).toMatchObject({ method: 'GET', url: '/api/data/dms_revision/4/files/77?inline=1' });

    sent = [];
    await records.readFile('rfi', '8', 77);
    expect(theRequest()).toMatchObject({ method: 'GET', url: '/api/data/rfi/8/files/77' });

    sent = [];
    answer = { status: 200, body: {} };
    await records.deleteFile('rfi', '8', 77);
    expect(theRequest()).toMatchObject({ method: 'DELETE', url: '/api/data/rfi/8/files/77' });

    sent = [];
    await records.restoreFile('rfi', '8', 77);
    expect(theRequest()).toMatchObject({ method: 'POST', url: '/api/data/rfi/8/files/77/restore' });
  });

  it('uploads files to a record, and records with their files, text fields first', async () => {
    answer = { status: 201, body: { data: [] } };
    await records.addFiles('inspection', '41', [file('photo.jpg')], {
      idempotencyKey: 'k-1.files',
      keepSessionOn401: true,
    });
    expect(theRequest()).toEqual({
      method: 'POST',
      url: '/api/data/inspection/41/files',
      headers: { 'Idempotency-Key': 'k-1.files' },
      body: [['file', 'photo.jpg']],
    });

    sent = [];
    await records.uploadRecord('dms_document', [file('a.pdf')], { fields: [['c_title', 'Pier']] });
    expect(theRequest()).toEqual({
      method: 'POST',
      url: '/api/data/dms_document/upload',
      headers: {},
      body: [
        ['c_title', 'Pier'],
        ['file', 'a.pdf'],
      ],
    });

    sent = [];
    await records.uploadLine('dms_document', '9', [file('b.pdf')], { fields: [['c_revision', 'B']] });
    expect(theRequest()).toMatchObject({ method: 'POST', url: '/api/data/dms_document/9/upload' });
  });

  it('searches a register', async () => {
    await records.search('dms_document', { q: 'pier cap', page: 2, discipline: undefined });
    expect(theRequest()).toMatchObject({
      method: 'GET',
      url: '/api/data/dms_document/search?q=pier+cap&page=2',
    });
  });

  it('rejects with the gateway’s error', async () => {
    answer = { status: 409, body: { message: 'In use by 3 stations' } };
    await expect(records.deleteRecord('corridor', '1', '2')).rejects.toMatchObject({
      status: 409,
      message: 'In use by 3 stations',
    });
  });
});

// Every source file of the console but the tests, the generated types and the records module itself.
const sources = import.meta.glob<string>(
  ['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/api/openapi.gen.ts', '!/src/api/records.ts'],
  { query: '?raw', import: 'default', eager: true },
);

const RECORD_PATHS = ['/api/data', '/api/custom/selectall', '/api/custom/datatable'];

/** The file's code without its comments (`//`, `/* … *\/`, JSX's `{/* … *\/}`), as TypeScript reads it. */
function codeOf(path: string, text: string): string {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, kind);
  return ts.createPrinter({ removeComments: true }).printFile(source);
}

describe('the records module as the one data provider', () => {
  it('finds the source files', () => {
    expect(Object.keys(sources)).toContain('/src/api/screens.ts');
    expect(Object.keys(sources)).not.toContain('/src/api/records.ts');
  });

  it('is the only file whose code names a path of the record API', { timeout: 60_000 }, () => {
    const offenders = Object.entries(sources)
      .filter(([, text]) => RECORD_PATHS.some((needle) => text.includes(needle)))
      .flatMap(([path, text]) => {
        const code = codeOf(path, text);
        const named = RECORD_PATHS.filter((needle) => code.includes(needle));
        return named.length === 0 ? [] : [`${path}: ${named.join(', ')} (call the records module instead)`];
      });
    expect(offenders).toEqual([]);
  });

  it('ignores a path named in a comment, not one in code', () => {
    expect(codeOf('a.ts', '// GET /api/data/x\n/* /api/custom/datatable */ const a = 1;')).not.toMatch(
      /\/api\//,
    );
    expect(codeOf('a.tsx', 'const e = <p>{/* /api/data */}</p>;')).not.toMatch(/\/api\//);
    expect(codeOf('a.ts', 'const p = `/api/data/${e}`; // x')).toContain('/api/data');
    expect(codeOf('a.ts', "const r = /\\//g; const p = '/api/custom/selectall';")).toContain(
      '/api/custom/selectall',
    );
  });
});
