import { describe, expect, it } from 'vitest';

import { parseDateText } from './date-text';

describe('typed dates', () => {
  it('reads the display format and ISO', () => {
    expect(parseDateText('05 Jan, 2026')).toBe('2026-01-05');
    expect(parseDateText('5 jan 2026')).toBe('2026-01-05');
    expect(parseDateText('05-Jan-2026')).toBe('2026-01-05');
    expect(parseDateText('29 February, 2028')).toBe('2028-02-29');
    expect(parseDateText(' 2026-11-23 ')).toBe('2026-11-23');
    expect(parseDateText('2026-1-5')).toBe('2026-01-05');
  });

  it('refuses days that do not exist rather than rolling them over', () => {
    expect(parseDateText('2026-13-45')).toBeNull();
    expect(parseDateText('2023-02-29')).toBeNull();
    expect(parseDateText('31 Apr, 2026')).toBeNull();
    expect(parseDateText('00 Jan, 2026')).toBeNull();
  });

  it('refuses what is not a date', () => {
    expect(parseDateText('')).toBeNull();
    expect(parseDateText('soon')).toBeNull();
    expect(parseDateText('05 Janx, 2026')).toBeNull();
    expect(parseDateText('2026/01/05')).toBeNull();
  });
});
