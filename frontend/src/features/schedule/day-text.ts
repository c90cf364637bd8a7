/**
 * A date as DD MMM, YYYY, as everywhere in the console (docs/console.md), for the chart's own columns: the day of
 * the local calendar, its month named in the user's language (lib/format).
 */
import { formatAlertDate, formatDocumentDate } from '../../lib/format';

export function dayText(date: Date | null | undefined): string {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) return '';
  return formatDocumentDate(formatAlertDate(date));
}
