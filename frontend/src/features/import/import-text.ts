/**
 * The importer's words: which files it takes (said before anything is sent), the progress line from the server's
 * figures, counts of rows, and the name a run's error report is saved under.
 */
import type { ImportProgress, ImportSummary } from '../../api/schema';
import { formatBytes, groupIndian } from '../../lib/format';
import { translate } from '../../lib/i18n';

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
    return translate(
      '{{file}} is an old Excel workbook (.xls): open it in Excel, save it as .xlsx or .csv, and choose that file.',
      { file: file.name },
    );
  }
  if (!IMPORT_EXTENSIONS.some((extension) => name.endsWith(extension))) {
    return translate(
      '{{file}} is not a CSV, text or Excel (.xlsx) file: choose a .csv, .txt or .xlsx file.',
      {
        file: file.name,
      },
    );
  }
  if (file.size === 0)
    return translate('{{file}} is empty: choose a file with a header row and at least one row.', {
      file: file.name,
    });
  return null;
}

/** A count with Indian grouping: 1,23,456. */
export function count(n: number): string {
  return groupIndian(n, 0);
}

/** "1 row", "12,340 rows". */
export function rows(n: number): string {
  return n === 1
    ? translate('{{count}} row', { count: count(n) })
    : translate('{{count}} rows', { count: count(n) });
}

/** The phase as the user reads it: a dry run's writing is checking to the user. */
function phaseOf(progress: ImportProgress, dryRun: boolean): string {
  if (progress.phase === 'writing' && dryRun) return 'checking';
  return ['reading', 'checking', 'writing', 'done'].includes(progress.phase) ? progress.phase : 'other';
}

/** "Checking the file · 12 %". */
function fileLine(phase: string, percent: number): string {
  switch (phase) {
    case 'reading':
      return translate('Reading the file · {{percent}} %', { percent });
    case 'checking':
      return translate('Checking the file · {{percent}} %', { percent });
    case 'writing':
      return translate('Importing the file · {{percent}} %', { percent });
    case 'done':
      return translate('Finishing the file · {{percent}} %', { percent });
    default:
      return translate('Working on the file · {{percent}} %', { percent });
  }
}

/** "Checking row 12,340 · 38 %". */
function rowLine(phase: string, row: string, percent: number): string {
  switch (phase) {
    case 'reading':
      return translate('Reading row {{row}} · {{percent}} %', { row, percent });
    case 'checking':
      return translate('Checking row {{row}} · {{percent}} %', { row, percent });
    case 'writing':
      return translate('Importing row {{row}} · {{percent}} %', { row, percent });
    case 'done':
      return translate('Finishing row {{row}} · {{percent}} %', { row, percent });
    default:
      return translate('Working on row {{row}} · {{percent}} %', { row, percent });
  }
}

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
    return translate('Sending the file · {{percent}} %', { percent: sent });
  }
  const phase = phaseOf(progress, dryRun);
  if (progress.rows_read <= 0) return fileLine(phase, progressPercent(progress));
  return rowLine(phase, count(progress.rows_read), progressPercent(progress));
}

/** The size read of the whole: "12 MB of 40 MB". */
export function bytesText(progress: Pick<ImportProgress, 'bytes_read' | 'bytes_total'>): string {
  return translate('{{read}} of {{total}}', {
    read: formatBytes(progress.bytes_read),
    total: formatBytes(progress.bytes_total),
  });
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
  const figures = {
    count: count(summary.rows_read),
    added: count(summary.inserted),
    updated: count(summary.updated),
    refused: count(summary.refused),
  };
  if (summary.rows_read === 1)
    return wrote
      ? translate('{{count}} row read: {{added}} added, {{updated}} updated, {{refused}} refused.', figures)
      : translate(
          '{{count}} row read: {{added}} would be added, {{updated}} would be updated, {{refused}} refused.',
          figures,
        );
  return wrote
    ? translate('{{count}} rows read: {{added}} added, {{updated}} updated, {{refused}} refused.', figures)
    : translate(
        '{{count}} rows read: {{added}} would be added, {{updated}} would be updated, {{refused}} refused.',
        figures,
      );
}

/** "1 row refused", "3 rows refused", "No row refused". */
export function refusedText(refused: number): string {
  if (refused === 0) return translate('No row refused');
  return refused === 1
    ? translate('{{count}} row refused', { count: count(refused) })
    : translate('{{count}} rows refused', { count: count(refused) });
}

/** "Import only the 248 valid rows", "Import only the 1 valid row". */
export function validOnlyLabel(valid: number): string {
  return valid === 1
    ? translate('Import only the {{count}} valid row', { count: count(valid) })
    : translate('Import only the {{count}} valid rows', { count: count(valid) });
}
