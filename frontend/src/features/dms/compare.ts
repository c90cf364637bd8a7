/** Two revisions side by side: their metadata rows, each marked when the two differ, and which file to show. */
import type { DmsRevision } from '../../api/dms';
import type { RecordFile } from '../../api/schema';
import { formatDocumentDate } from '../../lib/format';
import { translate } from '../../lib/i18n';

export interface CompareRow {
  label: string;
  left: string;
  right: string;
  differs: boolean;
}

function text(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? translate('Yes') : translate('No');
  return String(value);
}

function flag(value: boolean | number | null): string {
  return value === null ? '—' : value === true || value === 1 ? translate('Yes') : translate('No');
}

function fileList(files: readonly RecordFile[] | undefined): string {
  if (!files) return '…';
  return files.length === 0 ? '—' : files.map((file) => file.name).join(', ');
}

export function compareRows(
  left: DmsRevision,
  right: DmsRevision,
  leftFiles?: readonly RecordFile[],
  rightFiles?: readonly RecordFile[],
): CompareRow[] {
  const rows: [string, string, string][] = [
    [translate('Revision'), text(left.c_revision), text(right.c_revision)],
    [translate('Label'), text(left.c_label), text(right.c_label)],
    [translate('State'), text(left.c_state), text(right.c_state)],
    [translate('Status code'), text(left.c_status_code), text(right.c_status_code)],
    [translate('Issued'), text(formatDocumentDate(left.d_issued)), text(formatDocumentDate(right.d_issued))],
    [translate('Description'), text(left.c_description), text(right.c_description)],
    [translate('Current'), flag(left.b_current), flag(right.b_current)],
    [translate('Files'), fileList(leftFiles), fileList(rightFiles)],
    [
      translate('Content (SHA-256)'),
      leftFiles ? leftFiles.map((f) => f.sha256.slice(0, 12)).join(', ') || '—' : '…',
      rightFiles ? rightFiles.map((f) => f.sha256.slice(0, 12)).join(', ') || '—' : '…',
    ],
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
