// The generic importer (docs/console.md, "Importing a file"): an import screen's preset (`GET /api/import/screen`),
// a file's preview (`POST /api/import/{entry}/preview`), the dry run and the commit (`POST /api/import/{entry}`),
// the server's progress of a run (`GET /api/import/progress/{key}`), the recent runs, their error reports, the
// entry's template and the user's saved mapping.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { saveFile } from '../lib/save-file';
import { download, type FormField, GatewayError, request, upload } from './client';
import { invalidateTable, screenKeys } from './screens';
import type { ImportPreset, ImportPreview, ImportProgress, ImportRun, ImportSummary } from './schema';

export const importKeys = {
  preset: (route: string) => ['import', 'preset', route] as const,
  runs: (entry: string) => ['import', 'runs', entry] as const,
  progress: (key: string) => ['import', 'progress', key] as const,
};

/** How rows meet existing records: all new, update the record a business key finds, or either. */
export type ImportMode = 'insert' | 'update' | 'upsert';

export const IMPORT_MODES: readonly ImportMode[] = ['insert', 'update', 'upsert'];

/** A preset's mode as the gateway words it; anything else is taken as insert (every row a new record). */
export function importModeOf(text: string | null | undefined): ImportMode {
  return IMPORT_MODES.find((mode) => mode === text) ?? 'insert';
}

/**
 * The `options` field of a run (a multipart text field, which the OpenAPI document does not describe):
 * `progress` is the key its progress is asked by, `route` the import screen it runs from.
 */
export interface ImportOptions {
  dry_run: boolean;
  mode: ImportMode;
  key: string[];
  valid_only: boolean;
  sheet: string | null;
  progress: string;
  route: string | null;
}

/** A column of the file → the entry's column it fills (`null`: left out). */
export type ImportMapping = Record<string, string | null>;

/** The values every row gets (the preset's asked and fixed values), by column, as a cell of the file gives them. */
export type FixedValues = Record<string, string>;

/** The preset of an import screen; the gateway answers 404 for a route that has none. */
export function useImportPreset(route: string) {
  return useQuery({
    queryKey: importKeys.preset(route),
    queryFn: ({ signal }) => request<ImportPreset>('/api/import/screen', { query: { route }, signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** What a run is asked to do: the file, its mapping, the values given once, and the options. */
export interface ImportRequest {
  file: File;
  mapping: ImportMapping;
  fixed: FixedValues;
  options: ImportOptions;
  signal?: AbortSignal;
  /** The share of the file sent so far, 0 to 1. */
  onProgress?: (share: number) => void;
}

/**
 * The fields of a run's multipart body before its file, in the order the gateway reads them: `mapping`, `fixed`,
 * `options` (the file comes last, so the gateway knows what to do with it while it streams in).
 */
export function importFields({
  mapping,
  fixed,
  options,
}: Pick<ImportRequest, 'mapping' | 'fixed' | 'options'>): FormField[] {
  return [
    ['mapping', JSON.stringify(mapping)],
    ['fixed', JSON.stringify(fixed)],
    ['options', JSON.stringify(options)],
  ];
}

/**
 * The summary a refused commit carries (`422` with `details`): nothing was written, and the summary says why, row
 * by row. Null for any other failure.
 */
export function refusedSummary(error: unknown): ImportSummary | null {
  if (!(error instanceof GatewayError) || error.status !== 422) return null;
  const details: unknown = (error.body as { details?: unknown } | null)?.details;
  let parsed: unknown = details;
  if (typeof details === 'string') {
    try {
      parsed = JSON.parse(details);
    } catch {
      return null;
    }
  }
  return isSummary(parsed) ? parsed : null;
}

function isSummary(value: unknown): value is ImportSummary {
  const summary = value as Partial<ImportSummary> | null;
  return (
    typeof summary === 'object' &&
    summary !== null &&
    typeof summary.rows_read === 'number' &&
    Array.isArray(summary.errors)
  );
}

/**
 * The importer's calls for one entry: preview a file, run it (dry run or commit), save the mapping, and download
 * the template or a run's error report. A commit that wrote reads the entry's list and the recent runs again.
 */
export function useImportCalls(entry: string) {
  const queryClient = useQueryClient();
  const preview = useMutation({
    mutationFn: ({ file, sheet, signal }: { file: File; sheet?: string | null; signal?: AbortSignal }) =>
      upload<ImportPreview>(`/api/import/${entry}/preview`, [file], {
        signal,
        fields: sheet ? [['sheet', sheet]] : [],
      }),
  });
  const refreshRuns = () => queryClient.invalidateQueries({ queryKey: importKeys.runs(entry) });
  const run = useMutation({
    mutationFn: ({ file, signal, onProgress, ...rest }: ImportRequest) =>
      upload<ImportSummary>(`/api/import/${entry}`, [file], {
        signal,
        onProgress,
        fields: importFields(rest),
      }),
    onSuccess: (summary) =>
      Promise.all([
        refreshRuns(),
        ...(summary.committed && summary.inserted + summary.updated > 0
          ? [
              invalidateTable(queryClient, entry),
              queryClient.invalidateQueries({ queryKey: screenKeys.histories(entry) }),
            ]
          : []),
      ]),
    // A refused run is logged too.
    onError: refreshRuns,
  });
  const saveMapping = useMutation({
    mutationFn: (mapping: ImportMapping) =>
      request<unknown>(`/api/import/${entry}/mapping`, { method: 'PUT', body: { mapping } }),
  });
  const template = useMutation({
    mutationFn: async () => {
      const file = await download(`/api/import/${entry}/template`, []);
      const name = file.name === 'export' ? `${entry}-import-template.xlsx` : file.name;
      saveFile(file.blob, name);
      return name;
    },
  });
  const errorReport = useMutation({
    mutationFn: async ({ path, name }: { path: string; name: string }) => {
      const file = await download(path, []);
      saveFile(file.blob, name);
      return name;
    },
  });
  return { preview, run, saveMapping, template, errorReport };
}

/** How often a pending run's progress is asked for. */
export const PROGRESS_POLL_MS = 500;

/**
 * The server's progress of the run started with `key`, asked every `PROGRESS_POLL_MS` while `pending`; null until
 * the gateway knows the run (its first bytes still on the way).
 */
export function useImportProgress(key: string | null, pending: boolean) {
  return useQuery({
    queryKey: importKeys.progress(key ?? ''),
    enabled: key !== null && pending,
    queryFn: async ({ signal }) => {
      const progress = await request<ImportProgress>(
        `/api/import/progress/${encodeURIComponent(key ?? '')}`,
        {
          signal,
        },
      );
      // Not known to the gateway yet (or any more).
      return progress.phase === 'waiting' ? null : progress;
    },
    refetchInterval: pending ? PROGRESS_POLL_MS : false,
    retry: false,
    gcTime: 0,
  });
}

/** The user's recent imports into `entry` (a superadmin's: everyone's), newest first. */
export function useImportRuns(entry: string) {
  return useQuery({
    queryKey: importKeys.runs(entry),
    queryFn: ({ signal }) => request<ImportRun[]>('/api/import/runs', { query: { entry }, signal }),
    staleTime: 0,
  });
}
