/**
 * The graphs pages' sample series, all of package work and made the same on every visit (no randomness at draw
 * time): a planned and actual S-curve, RFIs and NCRs by state and category, weekly RFIs per package, package
 * progress, and daily concrete pours (a seeded sequence with quieter Sundays).
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Apr 25" for the month `offset` months after April 2025. */
export function monthLabel(offset: number, startYear = 2025, startMonth = 3): string {
  const index = startMonth + offset;
  const year = startYear + Math.floor(index / 12);
  return `${MONTHS[index % 12] ?? ''} ${String(year).slice(2)}`;
}

/** One point of an S-curve: cumulative planned and actual progress (percent, one decimal; actual null after today). */
export interface CurvePoint {
  month: string;
  planned: number;
  actual: number | null;
}

/**
 * A package's S-curve over `months` months: planned progress rises along a logistic curve from 0 to 100; actual
 * follows `lag` behind it, known for the first `known` months only.
 */
export function sCurve(months: number, known: number, lag = 0.08): CurvePoint[] {
  const logistic = (x: number) => 1 / (1 + Math.exp(-10 * (x - 0.5)));
  const low = logistic(0);
  const high = logistic(1);
  const share = (x: number) => (logistic(Math.min(1, Math.max(0, x))) - low) / (high - low);
  return Array.from({ length: months }, (_, month) => {
    const x = months === 1 ? 1 : month / (months - 1);
    return {
      month: monthLabel(month),
      planned: Math.round(1000 * share(x)) / 10,
      actual: month < known ? Math.round(1000 * share(x - lag)) / 10 : null,
    };
  });
}

/** RFIs by state per package (sample counts). */
export const RFIS_BY_PACKAGE = [
  { package: 'C1-V01', Open: 14, Closed: 62, Rejected: 5 },
  { package: 'C1-UG01', Open: 9, Closed: 31, Rejected: 3 },
  { package: 'C1-DP01', Open: 4, Closed: 18, Rejected: 1 },
  { package: 'C2-V01', Open: 11, Closed: 44, Rejected: 6 },
  { package: 'C2-V02', Open: 7, Closed: 21, Rejected: 2 },
];

/** NCRs by discipline, raised and closed (sample counts). */
export const NCRS_BY_DISCIPLINE = [
  { discipline: 'Civil', raised: 42, closed: 35 },
  { discipline: 'Track', raised: 12, closed: 9 },
  { discipline: 'Electrical', raised: 9, closed: 8 },
  { discipline: 'Signalling', raised: 6, closed: 3 },
  { discipline: 'Architecture', raised: 15, closed: 11 },
  { discipline: 'Utilities', raised: 8, closed: 7 },
];

/** Open NCRs by category (sample counts) with their chart colours. */
export const NCRS_BY_CATEGORY = [
  { name: 'Workmanship', value: 18, color: 'blue.6' },
  { name: 'Material', value: 9, color: 'teal.6' },
  { name: 'Safety', value: 6, color: 'red.6' },
  { name: 'Documentation', value: 4, color: 'yellow.6' },
  { name: 'Environment', value: 2, color: 'grape.6' },
];

/** NCRs raised and closed per month, the last eight months (sample counts). */
export const NCRS_BY_MONTH = [
  { month: 'Apr 26', raised: 7, closed: 4 },
  { month: 'May 26', raised: 9, closed: 6 },
  { month: 'Jun 26', raised: 12, closed: 8 },
  { month: 'Jul 26', raised: 10, closed: 11 },
  { month: 'Aug 26', raised: 8, closed: 9 },
  { month: 'Sep 26', raised: 11, closed: 10 },
  { month: 'Oct 26', raised: 6, closed: 9 },
  { month: 'Nov 26', raised: 5, closed: 7 },
];

/** RFIs raised per week, the last twelve weeks, per package (sample counts). */
export const WEEKLY_RFIS: readonly { package: string; name: string; weeks: number[] }[] = [
  {
    package: 'C1-V01',
    name: 'Viaduct, Airport to Riverside',
    weeks: [6, 8, 7, 9, 12, 10, 11, 9, 13, 12, 14, 11],
  },
  {
    package: 'C1-UG01',
    name: 'Underground, Riverside to Central',
    weeks: [3, 4, 4, 2, 5, 6, 4, 5, 7, 6, 5, 8],
  },
  { package: 'C1-DP01', name: 'Airport depot and workshop', weeks: [2, 1, 3, 2, 2, 1, 2, 3, 2, 1, 1, 2] },
  {
    package: 'C2-V01',
    name: 'Viaduct, Northgate to Central',
    weeks: [5, 7, 6, 8, 7, 9, 8, 10, 9, 8, 11, 10],
  },
  { package: 'C2-V02', name: 'Viaduct, Central to Southfield', weeks: [1, 2, 2, 3, 4, 3, 5, 4, 6, 5, 7, 6] },
];

/** The change over the weeks shown: last week against the first, as a whole percent (null from zero). */
export function weeklyChange(weeks: readonly number[]): number | null {
  const first = weeks[0];
  const last = weeks[weeks.length - 1];
  if (first === undefined || last === undefined || first === 0) return null;
  return Math.round((100 * (last - first)) / first);
}

/** Physical progress per package (sample percentages). */
export const PACKAGE_PROGRESS = [
  { package: 'C1-V01', progress: 62.4, color: 'blue' },
  { package: 'C1-UG01', progress: 38.9, color: 'teal' },
  { package: 'C1-DP01', progress: 71.2, color: 'green' },
  { package: 'C1-SYS1', progress: 17.5, color: 'orange' },
  { package: 'C2-V01', progress: 48.1, color: 'grape' },
  { package: 'C2-V02', progress: 29.6, color: 'cyan' },
];

/** A day's concrete poured. */
export interface PourDay {
  /** YYYY-MM-DD */
  day: string;
  m3: number;
}

/**
 * Concrete poured per day for `days` days from `start` (YYYY-MM-DD): a seeded sequence (the same every time) around
 * 180 m³ a day, rising slowly as fronts open, with Sundays quiet.
 */
export function dailyPours(start: string, days: number, seed = 42): PourDay[] {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const first = new Date(`${start}T00:00:00Z`);
  return Array.from({ length: days }, (_, index) => {
    const date = new Date(first.getTime() + index * 86_400_000);
    const sunday = date.getUTCDay() === 0;
    const base = 150 + (index / Math.max(1, days)) * 90;
    const m3 = sunday ? 20 + next() * 30 : base + (next() - 0.5) * 120;
    return { day: date.toISOString().slice(0, 10), m3: Math.max(0, Math.round(m3)) };
  });
}
