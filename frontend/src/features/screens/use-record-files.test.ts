import { describe, expect, it } from 'vitest';

import { previewKind } from './use-record-files';

describe('a file preview', () => {
  it('shows images in the console and PDFs in a new tab; anything else is downloaded', () => {
    expect(previewKind({ name: 'site.png', content_type: 'image/png' })).toBe('image');
    expect(previewKind({ name: 'crack.JPG', content_type: 'image/jpeg' })).toBe('image');
    expect(previewKind({ name: 'drawing.pdf', content_type: 'application/pdf' })).toBe('pdf');
    expect(previewKind({ name: 'notes.txt', content_type: 'text/plain; charset=utf-8' })).toBeNull();
    expect(previewKind({ name: 'scan.tiff', content_type: 'image/tiff' })).toBeNull();
  });
});
