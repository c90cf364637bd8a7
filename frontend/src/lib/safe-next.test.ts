import { describe, expect, it } from 'vitest';

import { safeNext } from './safe-next';

describe('safeNext', () => {
  it('keeps plain console paths', () => {
    expect(safeNext('/masters/corridor')).toBe('/masters/corridor');
    expect(safeNext('/masters/station?package=3')).toBe('/masters/station?package=3');
  });

  it('never leaves the console or loops back to a sign-in page', () => {
    for (const next of [
      null,
      '',
      '//evil.example/x',
      '/\\evil.example/x',
      '/%5Cevil.example/x',
      '/%2F%2Fevil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '/login?next=/login?next=/x',
      '/lock',
      '/masters/corridor#x',
    ]) {
      expect(safeNext(next)).toBe('/');
    }
  });
});
