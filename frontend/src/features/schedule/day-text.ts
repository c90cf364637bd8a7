/**
 * A date as DD MMM, YYYY, as everywhere in the console (docs/console.md), for the chart's own columns: the day of
 * the local calendar, its month named in the user's language (lib/format).
 */
import { formatAlertDate, formatDocumentDate } from '../../lib/format';

export function dayText(date: Date | null | undefined): string {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) return '';
  return formatDocumentDate(formatAlertDate(date));
}

/** A number of days for the chart's columns: whole days, a minus sign for a negative, empty when unknown. */
export function daysText(days: number | null | undefined): string {
  if (typeof days !== 'number' || !Number.isFinite(days)) return '';
  const rounded = Math.round(days);
  return rounded < 0 ? `−${String(-rounded)}` : String(rounded);
}
