/**
 * Dates as people type them in a form: the console's display format DD MMM, YYYY ("05 Jan, 2026", docs/console.md
 * §9) or ISO ("2026-01-05"), read strictly. A day that does not exist (2026-13-45, 29 Feb, 2023) is no date at all,
 * never rolled over into another one; the gateway is sent ISO.
 */
import { isIsoDate } from './record-rules';

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

function iso(year: string, month: number, day: string): string | null {
  const text = `${year}-${String(month).padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isIsoDate(text) ? text : null;
}

/** The ISO date typed text names, or null when it names no real day. */
export function parseDateText(typed: string): string | null {
  const text = typed.trim();
  const isoMatch = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (isoMatch) return iso(isoMatch[1] ?? '', Number(isoMatch[2]), isoMatch[3] ?? '');
  // 05 Jan, 2026 · 5 jan 2026 · 05-Jan-2026 · 5 January 2026
  const human = /^(\d{1,2})[\s-]+([A-Za-z]{3,9})\.?,?[\s-]+(\d{4})$/.exec(text);
  if (!human) return null;
  const name = (human[2] ?? '').toLowerCase();
  // "Jan", "Sept" or "January"; not "Janxyz".
  const month = MONTHS.findIndex((full) => full.startsWith(name)) + 1;
  if (month === 0) return null;
  return iso(human[3] ?? '', month, human[1] ?? '');
}
