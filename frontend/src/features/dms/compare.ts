/**
 * Two lines of files (a document's revisions) side by side: every column of the lines' list as the child register
 * describes it, each row marked when the two differ, then their files and content hashes; and which file to show.
 */
import type { ColumnDef, RecordFile } from '../../api/schema';
import type { RecordRow } from '../../api/screens';
import { translate } from '../../lib/i18n';

export interface CompareRow {
  label: string;
  left: string;
  right: string;
  differs: boolean;
}

function fileList(files: readonly RecordFile[] | undefined): string {
  if (!files) return '…';
  return files.length === 0 ? '—' : files.map((file) => file.name).join(', ');
}

function hashes(files: readonly RecordFile[] | undefined): string {
  if (!files) return '…';
  return files.map((file) => file.sha256.slice(0, 12)).join(', ') || '—';
}

export function compareRows(
  columns: readonly ColumnDef[],
  cellText: (column: ColumnDef, row: RecordRow) => string,
  left: RecordRow,
  right: RecordRow,
  leftFiles?: readonly RecordFile[],
  rightFiles?: readonly RecordFile[],
): CompareRow[] {
  const rows: [string, string, string][] = [
    ...columns.map((column): [string, string, string] => [
      translate(column.label),
      cellText(column, left),
      cellText(column, right),
    ]),
    [translate('Files'), fileList(leftFiles), fileList(rightFiles)],
    [translate('Content (SHA-256)'), hashes(leftFiles), hashes(rightFiles)],
  ];
  return rows.map(([label, l, r]) => ({ label, left: l, right: r, differs: l !== r }));
}

export type PreviewKind = 'pdf' | 'image';

/** How the browser can show a file beside another: PDFs in its viewer, images as images; others not at all. */
export function previewKind(file: Pick<RecordFile, 'content_type' | 'name'>): PreviewKind | null {
  const type = file.content_type.toLowerCase();
  if (type === 'application/pdf' || /\.pdf$/i.test(file.name)) return 'pdf';
  if (type.startsWith('image/') && type !== 'image/svg+xml') return 'image';
  return null;
}

/** The file of a revision to show: its first PDF or image. */
export function previewFile(files: readonly RecordFile[] | undefined): RecordFile | null {
  return files?.find((file) => previewKind(file) !== null) ?? null;
}
