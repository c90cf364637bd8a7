/**
 * A table the browser saves as a file: CSV as text (RFC 4180, BOM, CRLF), XLSX with `write-excel-file` (loaded only
 * when asked for). Dates are real dates in the sheet and ISO days in the CSV. The one way the console writes a
 * table it already holds (the timeline, the pending list report); registers export on the server (`/api/export`).
 */
import { saveFile } from './save-file';

export type TableCell = string | number | Date | null;
export type TableRow = TableCell[];

export interface TableFile {
  sheet: string;
  headers: readonly string[];
  rows: readonly TableRow[];
  /** Column widths in characters (XLSX). */
  widths?: readonly number[];
}

/** A date as ISO "2026-03-01" (local wall-clock), so spreadsheets read it whatever their locale. */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

// A text a spreadsheet would read as a formula gets a leading apostrophe (OWASP, CSV injection), as the server's
// exports do.
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(cell: TableCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const raw = cell instanceof Date ? isoDay(cell) : cell;
  const text = FORMULA_START.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180 CSV with a header line, CRLF line ends and a BOM (Excel then reads UTF-8 names correctly). */
export function toCsv(headers: readonly string[], rows: readonly TableRow[]): string {
  const lines = [headers.map(csvCell).join(','), ...rows.map((row) => row.map(csvCell).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function saveCsv(table: TableFile, name: string): void {
  saveFile(new Blob([toCsv(table.headers, table.rows)], { type: 'text/csv;charset=utf-8' }), name);
}

export async function saveXlsx(table: TableFile, name: string): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const header = table.headers.map((title) => ({ value: title, fontWeight: 'bold' as const }));
  const body = table.rows.map((row) =>
    row.map((cell) => {
      if (cell === null) return null;
      if (cell instanceof Date) return { value: cell, type: Date, format: 'dd mmm yyyy' };
      return typeof cell === 'number' ? { value: cell, type: Number } : { value: cell, type: String };
    }),
  );
  const blob = await writeXlsxFile([header, ...body], {
    sheet: table.sheet,
    columns: table.widths?.map((width) => ({ width })),
    stickyRowsCount: 1,
  }).toBlob();
  saveFile(blob, name);
}

/** A file name: its parts joined by '-', then the day, safe on every system. */
export function tableFileName(
  parts: readonly (string | null | undefined)[],
  extension: 'csv' | 'xlsx',
): string {
  const base = parts
    .filter(Boolean)
    .join('-')
    .replace(/[^A-Za-z0-9._-]+/g, '_');
  return `${base || 'export'}-${isoDay(new Date())}.${extension}`;
}
