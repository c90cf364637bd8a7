/**
 * The importer's words: which files it takes (said before anything is sent), the progress line from the server's
 * figures, counts of rows, and the name a run's error report is saved under.
 */
import type { ImportProgress, ImportSummary } from '../../api/schema';
import { formatBytes, groupIndian } from '../../lib/format';

/** The files the importer reads, by extension. */
export const IMPORT_EXTENSIONS = ['.csv', '.txt', '.xlsx'] as const;

/** What the file picker offers: the extensions and their usual types. */
export const IMPORT_ACCEPT: Record<string, string[]> = {
  'text/csv': ['.csv'],
  'text/plain': ['.txt', '.csv'],
  'application/vnd.ms-excel': ['.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

/** Why a chosen file cannot be imported, before it is sent; null when it may be. */
export function fileRefusal(file: Pick<File, 'name' | 'size'>): string | null {
  const name = file.name.toLowerCase();
  if (name.endsWith('.xls')) {
    return `${file.name} is an old Excel workbook (.xls): open it in Excel, save it as .xlsx or .csv, and choose that file.`;
  }
  if (!IMPORT_EXTENSIONS.some((extension) => name.endsWith(extension))) {
    return `${file.name} is not a CSV, text or Excel (.xlsx) file: choose a .csv, .txt or .xlsx file.`;
  }
  if (file.size === 0) return `${file.name} is empty: choose a file with a header row and at least one row.`;
  return null;
}

/** A count with Indian grouping: 1,23,456. */
export function count(n: number): string {
  return groupIndian(n, 0);
}

/** "1 row", "12,340 rows". */
export function rows(n: number): string {
  return `${count(n)} ${n === 1 ? 'row' : 'rows'}`;
}

const PHASE_WORDS: Readonly<Record<string, string>> = {
  reading: 'Reading',
  checking: 'Checking',
  writing: 'Importing',
  done: 'Finishing',
};

/** The share of the file read so far, 0 to 100 (0 when the size is not known yet). */
export function progressPercent(progress: Pick<ImportProgress, 'bytes_read' | 'bytes_total'>): number {
  if (progress.bytes_total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((progress.bytes_read / progress.bytes_total) * 100)));
}

/**
 * The line under the progress bar: "Checking row 12,340 · 38 %". Before the gateway knows the run (the file still
 * on its way) it says how much has been sent.
 */
export function progressText(
  progress: ImportProgress | null | undefined,
  dryRun: boolean,
  sentShare = 0,
): string {
  if (!progress) {
    const sent = Math.round(Math.min(1, Math.max(0, sentShare)) * 100);
    return `Sending the file · ${sent} %`;
  }
  const phase =
    progress.phase === 'writing' && dryRun ? 'Checking' : (PHASE_WORDS[progress.phase] ?? 'Working on');
  if (progress.rows_read <= 0) return `${phase} the file · ${progressPercent(progress)} %`;
  return `${phase} row ${count(progress.rows_read)} · ${progressPercent(progress)} %`;
}

/** The size read of the whole: "12 MB of 40 MB". */
export function bytesText(progress: Pick<ImportProgress, 'bytes_read' | 'bytes_total'>): string {
  return `${formatBytes(progress.bytes_read)} of ${formatBytes(progress.bytes_total)}`;
}

/**
 * The name a run's error report is saved under: the imported file's name without its extension, the run, and
 * "errors" ("corridors-run-42-errors.csv"); characters a file system refuses become hyphens.
 */
export function errorReportName(fileName: string, run: number): string {
  const base =
    fileName
      .replace(/\.[^.]*$/, '')
      .replace(/[\\/:*?"<>|\s]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'import';
  return `${base}-run-${run}-errors.csv`;
}

/** What a run found, in one sentence: "250 rows read: 248 would be added, 2 would be updated, 0 refused." */
export function summaryText(summary: ImportSummary): string {
  const wrote = summary.committed && !summary.dry_run;
  const added = wrote ? 'added' : 'would be added';
  const changed = wrote ? 'updated' : 'would be updated';
  return `${rows(summary.rows_read)} read: ${count(summary.inserted)} ${added}, ${count(summary.updated)} ${changed}, ${count(summary.refused)} refused.`;
}

/** "1 row refused", "3 rows refused", "No row refused". */
export function refusedText(refused: number): string {
  return refused === 0 ? 'No row refused' : `${rows(refused)} refused`;
}

/** "Import only the 248 valid rows", "Import only the 1 valid row". */
export function validOnlyLabel(valid: number): string {
  return `Import only the ${count(valid)} valid ${valid === 1 ? 'row' : 'rows'}`;
}
