import { describe, expect, it } from 'vitest';

import type { ColumnDef, RecordFile } from '../../api/schema';
import type { RecordRow } from '../../api/screens';
import { formatCell } from '../screens/record-fields';
import { compareRows, previewFile, previewKind } from './compare';

// A lines register's list columns, as its metadata describes them (a document's revisions, shortened).
const columns: ColumnDef[] = [
  { name: 'c_revision', type: 'text', label: 'Revision' },
  { name: 'c_state', type: 'text', label: 'State at the time' },
  { name: 'd_issued', type: 'date', label: 'Issued' },
  { name: 'b_current', type: 'boolean', label: 'Current' },
];
const cellText = (column: ColumnDef, row: RecordRow) =>
  formatCell(column, row[column.name], { primaryKey: 'id' }) || '—';

function revision(values: RecordRow): RecordRow {
  return { id: 1, c_revision: 'P01.01', c_state: 'WIP', d_issued: null, b_current: false, ...values };
}

function file(name: string, content_type: string, sha256 = 'a'.repeat(64)): RecordFile {
  return { id: 1, name, content_type, sha256, size: 10, uploaded_at: '2026-11-20T10:00:00Z' };
}

describe('compareRows', () => {
  it('marks the rows that differ', () => {
    const rows = compareRows(
      columns,
      cellText,
      revision({ c_revision: 'P01.01', d_issued: '2026-11-20' }),
      revision({ c_revision: 'P01.02', d_issued: '2026-11-20', b_current: true }),
      [file('a.pdf', 'application/pdf')],
      [file('a.pdf', 'application/pdf', 'b'.repeat(64))],
    );
    const differing = rows.filter((row) => row.differs).map((row) => row.label);
    expect(differing).toEqual(['Revision', 'Current', 'Content (SHA-256)']);
    expect(rows.find((row) => row.label === 'Current')).toMatchObject({ left: 'No', right: 'Yes' });
    expect(rows.find((row) => row.label === 'Issued')).toMatchObject({
      left: '20 Nov, 2026',
      differs: false,
    });
    expect(rows.map((row) => row.label)).toEqual([
      'Revision',
      'State at the time',
      'Issued',
      'Current',
      'Files',
      'Content (SHA-256)',
    ]);
  });
});

describe('preview', () => {
  it('shows PDFs and images, not other files', () => {
    expect(previewKind(file('x.pdf', 'application/octet-stream'))).toBe('pdf');
    expect(previewKind(file('x.png', 'image/png'))).toBe('image');
    expect(previewKind(file('x.svg', 'image/svg+xml'))).toBeNull();
    expect(previewKind(file('x.docx', 'application/vnd.openxmlformats'))).toBeNull();
    expect(previewFile([file('a.docx', 'application/zip'), file('b.png', 'image/png')])?.name).toBe('b.png');
    expect(previewFile([])).toBeNull();
  });
});
