import { describe, expect, it } from 'vitest';

import { dailyPours, monthLabel, sCurve, weeklyChange } from './sample-series';

describe('the sample series', () => {
  it('labels months from April 2025', () => {
    expect(monthLabel(0)).toBe('Apr 25');
    expect(monthLabel(9)).toBe('Jan 26');
  });

  it('draws an S-curve from 0 to 100, actual behind plan and unknown after today', () => {
    const curve = sCurve(20, 12);
    expect(curve[0]?.planned).toBe(0);
    expect(curve[19]?.planned).toBe(100);
    for (let i = 1; i < curve.length; i += 1) {
      expect(curve[i]?.planned ?? 0).toBeGreaterThanOrEqual(curve[i - 1]?.planned ?? 0);
    }
    expect(curve.slice(0, 12).every((p) => p.actual !== null && p.actual <= p.planned)).toBe(true);
    expect(curve.slice(12).every((p) => p.actual === null)).toBe(true);
  });

  it('gives the change over the weeks', () => {
    expect(weeklyChange([6, 8, 12])).toBe(100);
    expect(weeklyChange([4, 3])).toBe(-25);
    expect(weeklyChange([0, 3])).toBeNull();
    expect(weeklyChange([])).toBeNull();
  });

  it('pours the same every time, quieter on Sundays', () => {
    const pours = dailyPours('2026-06-01', 120);
    expect(pours).toEqual(dailyPours('2026-06-01', 120));
    expect(pours).toHaveLength(120);
    expect(pours[0]?.day).toBe('2026-06-01');
    const sundays = pours.filter((p) => new Date(`${p.day}T00:00:00Z`).getUTCDay() === 0);
    const weekdays = pours.filter((p) => new Date(`${p.day}T00:00:00Z`).getUTCDay() !== 0);
    const mean = (list: typeof pours) => list.reduce((s, p) => s + p.m3, 0) / list.length;
    expect(mean(sundays)).toBeLessThan(mean(weekdays) / 2);
    expect(pours.every((p) => p.m3 >= 0)).toBe(true);
  });
});
