/**
 * The timeline's export: the rows the user sees (package filter and collapsed WBS nodes applied) as a table, saved
 * as CSV or XLSX by lib/table-file. Pure.
 */
import { translate } from '../../lib/i18n';
import { type TableFile, type TableRow, tableFileName } from '../../lib/table-file';
import type { ScheduleRow } from './schedule-tasks';

/** The sheet's headings in English (the export writes them in the user's language). */
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
  'Start variance (days)',
  'Finish variance (days)',
  'Duration variance (days)',
  '% complete',
  'Critical',
  'Package',
] as const;

const WIDTHS = [6, 10, 14, 48, 12, 13, 13, 13, 13, 13, 13, 10, 10, 10, 10, 10, 10, 8, 10];

/** P6 statuses as people read them, in English (shown in the user's language). */
const STATUS: Record<string, string> = {
  TK_NotStart: 'Not started',
  TK_Active: 'In progress',
  TK_Complete: 'Complete',
};

export function statusLabel(status: string): string {
  const label = STATUS[status];
  return label ? translate(label) : status;
}

function kindLabel(row: ScheduleRow): string {
  if (row.kind === 'wbs') return translate('WBS');
  return row.kind === 'milestone' ? translate('Milestone') : translate('Activity');
}

/** One line per row, in the order of EXPORT_HEADERS; names indented by level so the tree reads in a sheet. */
export function exportRows(rows: readonly ScheduleRow[]): TableRow[] {
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
      row.startVarianceDays,
      row.finishVarianceDays,
      row.durationVarianceDays,
      activity ? row.progress : null,
      activity ? (row.critical ? translate('Yes') : translate('No')) : '',
      row.packageCode ?? '',
    ];
  });
}

/** The rows as a table file: the timeline's sheet with its headings and widths. */
export function exportTable(rows: readonly ScheduleRow[]): TableFile {
  return {
    sheet: translate('Timeline'),
    headers: EXPORT_HEADERS.map((header) => translate(header)),
    rows: exportRows(rows),
    widths: WIDTHS,
  };
}

/** A file name for the export: the project's short name, the package and the day, safe on every system. */
export function exportFileName(
  shortName: string,
  packageCode: string | null,
  extension: 'csv' | 'xlsx',
): string {
  return tableFileName([shortName || 'programme', packageCode, 'timeline'], extension);
}
