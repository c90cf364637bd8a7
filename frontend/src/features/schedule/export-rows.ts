/**
 * The timeline's export: the rows the user sees (package filter and collapsed WBS nodes applied) as a table, and
 * that table as CSV text. The XLSX file is written from the same table (timeline-export.ts). Pure.
 */
import type { ScheduleRow } from './schedule-tasks';

export const EXPORT_HEADERS = [
  'Level',
  'Kind',
  'Code',
  'Name',
  'Status',
  'Planned start',
  'Planned finish',
  'Actual start',
  'Actual finish',
  'Baseline start',
  'Baseline finish',
  'Duration (days)',
  'Total float (days)',
  '% complete',
  'Critical',
  'Package',
] as const;

export type ExportCell = string | number | Date | null;
export type ExportRow = ExportCell[];

const STATUS: Record<string, string> = {
  TK_NotStart: 'Not started',
  TK_Active: 'In progress',
  TK_Complete: 'Complete',
};

export function statusLabel(status: string): string {
  return STATUS[status] ?? status;
}

function kindLabel(row: ScheduleRow): string {
  if (row.kind === 'wbs') return 'WBS';
  return row.kind === 'milestone' ? 'Milestone' : 'Activity';
}

/** One line per row, in the order of EXPORT_HEADERS; names indented by level so the tree reads in a sheet. */
export function exportRows(rows: readonly ScheduleRow[]): ExportRow[] {
  return rows.map((row) => {
    const activity = row.kind !== 'wbs';
    return [
      row.level + 1,
      kindLabel(row),
      row.code,
      `${'  '.repeat(row.level)}${row.name}`,
      activity ? statusLabel(row.status) : '',
      row.start,
      row.end,
      row.actualStart,
      row.actualFinish,
      row.baselineStart,
      row.baselineFinish,
      row.durationDays,
      row.totalFloatDays,
      activity ? row.progress : null,
      activity ? (row.critical ? 'Yes' : 'No') : '',
      row.packageCode ?? '',
    ];
  });
}

/** A date as ISO "2026-03-01" (local wall-clock, as P6 wrote it), so spreadsheets read it whatever their locale. */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function csvCell(cell: ExportCell): string {
  if (cell === null) return '';
  const text = cell instanceof Date ? isoDay(cell) : String(cell);
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180 CSV with a header line, CRLF line ends and a BOM (Excel then reads UTF-8 names correctly). */
export function toCsv(rows: readonly ExportRow[]): string {
  const lines = [EXPORT_HEADERS.join(','), ...rows.map((row) => row.map(csvCell).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** A file name for the export: the project's short name and the day, safe on every system. */
export function exportFileName(
  shortName: string,
  packageCode: string | null,
  extension: 'csv' | 'xlsx',
): string {
  const base = [shortName, packageCode]
    .filter(Boolean)
    .join('-')
    .replace(/[^A-Za-z0-9._-]+/g, '_');
  return `${base || 'programme'}-timeline-${isoDay(new Date())}.${extension}`;
}
