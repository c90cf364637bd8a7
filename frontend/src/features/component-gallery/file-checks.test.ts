import { describe, expect, it } from 'vitest';

import { acceptedNames, refusalText } from './file-checks';

describe('the drop zone’s words', () => {
  it('names the types it takes once each', () => {
    expect(acceptedNames()).toBe('PDF, JPG, JPEG, PNG, XLSX, DOCX, DWG');
  });

  it('says why a file was refused', () => {
    expect(refusalText(['file-too-large'])).toBe('larger than 10 MB');
    expect(refusalText(['file-invalid-type', 'file-too-large'], 1024 * 1024)).toBe(
      'not a type this place takes (PDF, JPG, JPEG, PNG, XLSX, DOCX, DWG); larger than 1 MB',
    );
    expect(refusalText(['too-many-files', 'too-many-files'])).toBe('more than 20 files at once');
    expect(refusalText([])).toBe('refused');
  });
});
