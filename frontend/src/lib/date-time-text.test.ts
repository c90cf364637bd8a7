import { describe, expect, it } from 'vitest';

import { joinDateTime, nowInIndia, splitDateTime } from './date-time-text';

describe('splitDateTime', () => {
  it('shows an instant in India, whatever offset it was written with', () => {
    expect(splitDateTime('2026-11-29T10:30:00+05:30')).toEqual({ date: '2026-11-29', time: '10:30' });
    // 20:15 UTC is 01:45 the next day in India.
    expect(splitDateTime('2026-11-29T20:15:00Z')).toEqual({ date: '2026-11-30', time: '01:45' });
    expect(splitDateTime('2026-11-29 05:00:00+00')).toEqual({ date: '2026-11-29', time: '10:30' });
  });

  it('keeps a value without a zone as written, and typed text as typed', () => {
    expect(splitDateTime('2026-11-29T23:59:30')).toEqual({ date: '2026-11-29', time: '23:59' });
    expect(splitDateTime('2026-11-29')).toEqual({ date: '2026-11-29', time: '' });
    expect(splitDateTime('')).toEqual({ date: '', time: '' });
    expect(splitDateTime('29 Nov')).toEqual({ date: '29 Nov', time: '' });
  });
});

describe('joinDateTime', () => {
  it('is the instant in India, with the offset where the column keeps one', () => {
    expect(joinDateTime({ date: '2026-11-29', time: '10:30' }, true)).toBe('2026-11-29T10:30:00+05:30');
    expect(joinDateTime({ date: '2026-11-29', time: '10:30' }, false)).toBe('2026-11-29T10:30:00');
  });

  it('is no value when both are blank, and the typed text when either is not a date or a time', () => {
    expect(joinDateTime({ date: '', time: '' }, true)).toBe('');
    expect(joinDateTime({ date: '2026-11-29', time: '' }, true)).toBe('2026-11-29');
    expect(joinDateTime({ date: '2026-11-29', time: '25:00' }, true)).toBe('2026-11-29 25:00');
    expect(joinDateTime({ date: '', time: '10:30' }, true)).toBe('10:30');
  });

  it('round-trips through splitDateTime', () => {
    const value = joinDateTime({ date: '2026-02-28', time: '23:45' }, true);
    expect(splitDateTime(value)).toEqual({ date: '2026-02-28', time: '23:45' });
  });
});

describe('nowInIndia', () => {
  it('is the minute in India', () => {
    expect(nowInIndia(true, new Date('2026-11-29T18:31:42Z'))).toBe('2026-11-30T00:01:00+05:30');
    expect(nowInIndia(false, new Date('2026-11-29T04:00:00Z'))).toBe('2026-11-29T09:30:00');
  });
});
