import { describe, expect, it } from 'vitest';

import type { DmsRevision } from '../../api/dms';
import type { RecordFile } from '../../api/schema';
import { compareRows, previewFile, previewKind } from './compare';

function revision(values: Partial<DmsRevision>): DmsRevision {
  return {
    id: 1,
    c_revision: 'P01.01',
    c_label: null,
    c_status_code: 'S0',
    c_state: 'WIP',
    c_description: null,
    d_issued: null,
    b_current: false,
    b_auto: true,
    ...values,
  };
}

function file(name: string, content_type: string, sha256 = 'a'.repeat(64)): RecordFile {
  return { id: 1, name, content_type, sha256, size: 10, uploaded_at: '2026-11-20T10:00:00Z' };
}

describe('compareRows', () => {
  it('marks the rows that differ', () => {
    const rows = compareRows(
      revision({ c_revision: 'P01.01' }),
      revision({ c_revision: 'P01.02', b_current: 1 }),
      [file('a.pdf', 'application/pdf')],
      [file('a.pdf', 'application/pdf', 'b'.repeat(64))],
    );
    const differing = rows.filter((row) => row.differs).map((row) => row.label);
    expect(differing).toEqual(['Revision', 'Current', 'Content (SHA-256)']);
    expect(rows.find((row) => row.label === 'Current')).toMatchObject({ left: 'No', right: 'Yes' });
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
