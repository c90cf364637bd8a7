/**
 * What a lookup column offers (docs/architecture.md §4): the rows of the entry it points at, keyed by that entry's
 * primary key (`lookups[].primary_key`, not an assumed `id`), named by its display columns. A list cell shows the
 * column's own display column; a drop-down shows the entry's display columns in their order, code first
 * ("C1 — North–South line"), so people can search by either and two rows with the same name stay apart.
 */
import type { LookupMeta } from '../api/schema';
import { textOf } from './format';

export interface LookupOption {
  value: string;
  label: string;
}

export interface LookupChoices {
  /** For drop-downs and filters, sorted by label. */
  options: LookupOption[];
  /** The display column's text by key, for list cells. */
  names: Map<string, string>;
}

export const NO_CHOICES: LookupChoices = { options: [], names: new Map() };

/** The columns to read of the entry: its key, then its display columns. */
export function lookupColumns(lookup: LookupMeta, display: string): string[] {
  return [...new Set([lookup.primary_key, display, ...lookup.display_columns])];
}

export function toLookupChoices(
  rows: readonly Record<string, unknown>[],
  lookup: LookupMeta,
  display: string,
): LookupChoices {
  const shown = lookup.display_columns.filter((name) => name !== lookup.primary_key);
  if (!shown.includes(display)) shown.push(display);
  const options: LookupOption[] = [];
  const names = new Map<string, string>();
  for (const row of rows) {
    const value = textOf(row[lookup.primary_key]);
    if (value === '') continue;
    const parts = [...new Set(shown.map((column) => textOf(row[column])).filter((part) => part !== ''))];
    names.set(value, textOf(row[display]) || value);
    options.push({ value, label: parts.length > 0 ? parts.join(' — ') : value });
  }
  options.sort((a, b) => a.label.localeCompare(b.label));
  return { options, names };
}
