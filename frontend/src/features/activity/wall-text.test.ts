import { describe, expect, it } from 'vitest';

import type { WallEvent } from '../../api/schema';
import { byDay, initials, timeAgo } from './wall-text';

const now = new Date('2026-11-26T06:30:00Z'); // 12:00 in India

describe('timeAgo', () => {
  it('says how long ago in words, then the date beyond a week', () => {
    expect(timeAgo('2026-11-26T06:29:30Z', now)).toBe('just now');
    expect(timeAgo('2026-11-26T06:29:00Z', now)).toBe('1 minute ago');
    expect(timeAgo('2026-11-26T04:00:00Z', now)).toBe('2 hours ago');
    expect(timeAgo('2026-11-25T06:00:00Z', now)).toBe('yesterday');
    expect(timeAgo('2026-11-22T06:00:00Z', now)).toBe('4 days ago');
    expect(timeAgo('2026-11-01T06:00:00Z', now)).toBe('01 Nov, 2026');
  });
});

describe('initials', () => {
  it('takes the first and last names', () => {
    expect(initials('Arjun Mehta')).toBe('AM');
    expect(initials('S. Krishnan Iyer')).toBe('SI');
    expect(initials('priya')).toBe('P');
    expect(initials(null)).toBe('?');
  });
});

describe('byDay', () => {
  const event = (id: number, at: string) => ({ id, at }) as WallEvent;
  it('heads each day in India, today and yesterday by name', () => {
    const groups = byDay(
      [
        event(4, '2026-11-26T05:00:00Z'),
        // 00:30 on the 26th in India, though the 25th in UTC.
        event(3, '2026-11-25T19:00:00Z'),
        event(2, '2026-11-25T10:00:00Z'),
        event(1, '2026-11-20T10:00:00Z'),
      ],
      now,
    );
    expect(groups.map((g) => [g.title, g.events.map((e) => e.id)])).toEqual([
      ['Today', [4, 3]],
      ['Yesterday', [2]],
      ['20 Nov, 2026', [1]],
    ]);
  });
});
