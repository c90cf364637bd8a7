import { describe, expect, it } from 'vitest';

import {
  formatAlertDate,
  formatBytes,
  formatDocumentDate,
  formatIndianDateTime,
  groupIndian,
  todayInIndia,
} from './format';

describe('groupIndian', () => {
  it('groups the last three digits, then pairs', () => {
    expect(groupIndian(123456789)).toBe('12,34,56,789.00');
    expect(groupIndian(1000)).toBe('1,000.00');
    expect(groupIndian(999)).toBe('999.00');
    expect(groupIndian(100000, 0)).toBe('1,00,000');
    expect(groupIndian('21450000000.00')).toBe('21,45,00,00,000.00');
  });

  it('keeps every digit of long amounts and rounds half away from zero', () => {
    expect(groupIndian('9999999999999999.99')).toBe('9,99,99,99,99,99,99,999.99');
    expect(groupIndian('1234.565')).toBe('1,234.57');
    expect(groupIndian('999.995')).toBe('1,000.00');
    expect(groupIndian(-1234567.5, 1)).toBe('-12,34,567.5');
    expect(groupIndian('-0.001')).toBe('0.00');
    expect(groupIndian('.5', 0)).toBe('1');
  });

  it('leaves what is not a number alone', () => {
    expect(groupIndian('n/a')).toBe('n/a');
    expect(groupIndian('')).toBe('');
  });
});

describe('dates', () => {
  it('shows document dates as DD MMM, YYYY', () => {
    expect(formatDocumentDate('2026-11-02')).toBe('02 Nov, 2026');
    expect(formatDocumentDate('2026-01-31T10:00:00+05:30')).toBe('31 Jan, 2026');
    expect(formatDocumentDate(null)).toBe('');
    expect(formatDocumentDate('soon')).toBe('soon');
  });

  it('writes alert dates as yyyy-MM-dd', () => {
    expect(formatAlertDate(new Date(2026, 10, 5))).toBe('2026-11-05');
  });

  it('shows timestamps with the date as DD MMM, YYYY and the time in Indian English', () => {
    expect(formatIndianDateTime('2026-11-21T04:30:00Z')).toBe('21 Nov, 2026, 10:00:00 am');
    expect(formatIndianDateTime('2026-12-31T20:00:00Z')).toBe('01 Jan, 2027, 1:30:00 am');
    expect(formatIndianDateTime('not a date')).toBe('not a date');
  });
});

describe('todayInIndia', () => {
  it("is India's calendar day, which starts 5½ hours before UTC's", () => {
    expect(todayInIndia(new Date('2026-11-22T18:29:00Z'))).toBe('2026-11-22');
    expect(todayInIndia(new Date('2026-11-22T18:31:00Z'))).toBe('2026-11-23');
  });
});

describe('formatBytes', () => {
  it('says a size in human units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(250_000)).toBe('244 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatBytes(104_857_600)).toBe('100 MB');
    expect(formatBytes(3.25 * 1024 ** 3)).toBe('3.3 GB');
  });
});
