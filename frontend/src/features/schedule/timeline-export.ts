/**
 * Writes the timeline's export table to a file the browser saves: CSV as text, XLSX with `write-excel-file`
 * (loaded only when asked for, so the chart's bundle stays small). Dates are real dates in the sheet.
 */
import { EXPORT_HEADERS, type ExportRow, toCsv } from './export-rows';

function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function saveCsv(rows: readonly ExportRow[], name: string): void {
  save(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }), name);
}

export async function saveXlsx(rows: readonly ExportRow[], name: string): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const header = EXPORT_HEADERS.map((title) => ({ value: title, fontWeight: 'bold' as const }));
  const body = rows.map((row) =>
    row.map((cell) => {
      if (cell === null) return null;
      if (cell instanceof Date) return { value: cell, type: Date, format: 'dd mmm yyyy' };
      return typeof cell === 'number' ? { value: cell, type: Number } : { value: cell, type: String };
    }),
  );
  const widths = [6, 10, 14, 48, 12, 13, 13, 13, 13, 13, 13, 10, 10, 10, 8, 10];
  const blob = await writeXlsxFile([header, ...body], {
    sheet: 'Timeline',
    columns: widths.map((width) => ({ width })),
    stickyRowsCount: 1,
  }).toBlob();
  save(blob, name);
}
