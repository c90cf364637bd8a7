/**
 * What a lookup column offers (docs/architecture.md §4): the rows of the entry it points at, keyed by that entry's
 * primary key (`lookups[].primary_key`, not an assumed `id`), named by its display columns. A list cell shows the
 * column's own display column; a drop-down shows what the entry's options show (`option_columns`: never a key, each
 * written as its type is, "C1-IPA-003 — 01 Oct, 2026 — 12,34,567.00 — Certified"), so people can search by any
 * and two rows with the same name stay apart.
 */
import type { LookupMeta } from '../api/schema';
import { formatDocumentDate, groupIndian, textOf } from './format';

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

/** The columns to read of the entry: its key, then its display columns and what its options show. */
export function lookupColumns(lookup: LookupMeta, display: string): string[] {
  return [
    ...new Set([
      lookup.primary_key,
      display,
      ...lookup.display_columns,
      ...(lookup.option_columns ?? []).map((c) => c.name),
    ]),
  ];
}

type OptionColumn = NonNullable<LookupMeta['option_columns']>[number];

const NUMBER_TYPES = new Set(['smallint', 'integer', 'bigint', 'numeric', 'real', 'double']);

/** A value an option shows, as its column's type is written: numbers grouped, dates `DD MMM, YYYY`. */
function optionPart(value: unknown, column: OptionColumn): string {
  const text = textOf(value);
  if (text === '') return '';
  if (NUMBER_TYPES.has(column.type)) return groupIndian(text, column.scale ?? 0);
  if (column.type === 'date' || column.type === 'timestamptz') return formatDocumentDate(text);
  return text;
}

/**
 * What an option shows of a row: its option columns in their order (the display column first unless among them);
 * metadata without them: the display columns less the key, as text.
 */
function optionParts(row: Record<string, unknown>, lookup: LookupMeta, display: string): string[] {
  const columns = lookup.option_columns ?? [];
  let parts: string[];
  if (columns.length > 0) {
    parts = columns.map((column) => optionPart(row[column.name], column));
    if (!columns.some((column) => column.name === display)) parts.unshift(textOf(row[display]));
  } else {
    const shown = lookup.display_columns.filter((name) => name !== lookup.primary_key);
    if (!shown.includes(display)) shown.push(display);
    parts = shown.map((column) => textOf(row[column]));
  }
  return [...new Set(parts.filter((part) => part !== ''))];
}

export function toLookupChoices(
  rows: readonly Record<string, unknown>[],
  lookup: LookupMeta,
  display: string,
): LookupChoices {
  const options: LookupOption[] = [];
  const names = new Map<string, string>();
  for (const row of rows) {
    const value = textOf(row[lookup.primary_key]);
    if (value === '') continue;
    const parts = optionParts(row, lookup, display);
    names.set(value, textOf(row[display]) || value);
    options.push({ value, label: parts.length > 0 ? parts.join(' — ') : value });
  }
  options.sort((a, b) => a.label.localeCompare(b.label));
  return { options, names };
}
