/**
 * A new record started from a stored one (`follow_ups` of the screen: a letter's Reply, Reply all, Forward): each
 * starting value is its template with `{column}` replaced by the stored record's value ("Re: {c_subject}"), and
 * each mapped column the stored record's value of it translated by its table (a reply's direction: IN → OUT).
 */
import type { FollowUpDef } from '../../api/schema';
import { textOf } from '../../lib/format';

/** The new record's starting values: a template's `{column}`s filled from `record`; blank ones left out. */
export function followUpValues(
  followUp: Pick<FollowUpDef, 'starts' | 'maps'>,
  record: Readonly<Record<string, unknown>>,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [column, template] of Object.entries(followUp.starts)) {
    const value = template.replace(/\{([a-z_][a-z0-9_]*)\}/g, (_, name: string) => textOf(record[name]));
    // A blank value ("{c_cc}" of a letter without copies) leaves the new record's own start.
    if (value.trim() !== '') values[column] = value;
  }
  for (const [column, table] of Object.entries(followUp.maps ?? {})) {
    const mapped = table[textOf(record[column])];
    if (mapped !== undefined) values[column] = mapped;
  }
  return values;
}
