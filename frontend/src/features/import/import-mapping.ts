/**
 * Which column of the file fills which column of the register: the gateway's proposal (headers matched to labels
 * and names, or the user's saved mapping), the preset's own headers on top, and the columns the screen gives once
 * (asked or fixed) taken out of the file; and what is still missing before a check can run.
 */
import type { ImportMapping, ImportMode } from '../../api/imports';
import type { ImportColumn } from '../../api/schema';
import { translate } from '../../lib/i18n';

/** A header as people vary it: case, spaces, dots, underscores and hyphens do not count. */
export function normalHeader(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\s._\-:/]+/g, ' ')
    .trim();
}

export interface MappingSources {
  /** The file's headers, in order. */
  headers: readonly string[];
  /** The columns the entry takes. */
  columns: readonly ImportColumn[];
  /** The gateway's mapping for the file (automatic, or the user's saved one). */
  proposed: Readonly<ImportMapping>;
  /** Whether `proposed` is the user's saved mapping (it then wins over the preset's). */
  saved: boolean;
  /** The preset's header → column pairs (matched to the file's headers in any case and spacing). */
  preset?: Readonly<Record<string, string>>;
  /** Columns the screen gives every row (asked or fixed): never read from the file. */
  given?: readonly string[];
}

/**
 * The mapping to start from: every header once, each column filled by at most one header. The preset's pairs
 * apply where the user has not saved a mapping of their own (a saved mapping keeps its choices and takes the
 * preset's only for headers it leaves out); a column the screen gives is left out of the file's.
 */
export function startingMapping({
  headers,
  columns,
  proposed,
  saved,
  preset = {},
  given = [],
}: MappingSources): ImportMapping {
  const known = new Set(columns.map((column) => column.name));
  const givenSet = new Set(given);
  const usable = (column: string | null | undefined): column is string =>
    typeof column === 'string' && known.has(column) && !givenSet.has(column);
  const presetByHeader = new Map(
    Object.entries(preset).map(([header, column]) => [normalHeader(header), column] as const),
  );

  const chosen: ImportMapping = {};
  for (const header of headers) {
    const fromServer = proposed[header];
    const fromPreset = presetByHeader.get(normalHeader(header));
    const pick = saved
      ? usable(fromServer)
        ? fromServer
        : fromPreset
      : usable(fromPreset)
        ? fromPreset
        : fromServer;
    chosen[header] = usable(pick) ? pick : null;
  }
  // One header per column: a column the preset (or a saved choice) claims is taken from any other header, the
  // first header keeping it when two claim it the same way.
  const owner = new Map<string, string>();
  for (const header of headers) {
    const column = chosen[header];
    if (!column) continue;
    const claimed = owner.get(column);
    const strong = (h: string) => presetByHeader.get(normalHeader(h)) === column;
    if (claimed === undefined) owner.set(column, header);
    else if (strong(header) && !strong(claimed)) {
      chosen[claimed] = null;
      owner.set(column, header);
    } else chosen[header] = null;
  }
  return chosen;
}

/** Sets one header's column; a column already taken by another header is taken from it. */
export function remap(
  mapping: Readonly<ImportMapping>,
  header: string,
  column: string | null,
): ImportMapping {
  const next: ImportMapping = {};
  for (const [h, c] of Object.entries(mapping)) next[h] = column !== null && c === column ? null : c;
  next[header] = column;
  return next;
}

/** Something missing before the file can be checked: a column, and why it is needed, in words. */
export interface MissingColumn {
  column: string;
  label: string;
  message: string;
}

/**
 * The columns a check needs and nobody gives: in insert and upsert modes every required column (from a header or
 * the screen), in update and upsert modes the key columns too (the records are found by them).
 */
export function missingColumns(
  columns: readonly ImportColumn[],
  mapping: Readonly<ImportMapping>,
  given: readonly string[],
  mode: ImportMode,
  key: readonly string[],
): MissingColumn[] {
  const filled = new Set<string>([...given, ...Object.values(mapping).filter((c): c is string => !!c)]);
  const missing: MissingColumn[] = [];
  for (const column of columns) {
    if (filled.has(column.name)) continue;
    const isKey = mode !== 'insert' && key.includes(column.name);
    if (isKey) {
      missing.push({
        column: column.name,
        label: column.label,
        message: translate(
          '{{column}} is the key the records are found by: choose the file column that holds it.',
          { column: column.label },
        ),
      });
    } else if (column.required && mode !== 'update') {
      missing.push({
        column: column.name,
        label: column.label,
        message: translate('{{column}} is required: choose the file column that holds it.', {
          column: column.label,
        }),
      });
    }
  }
  return missing;
}

/** The key a mode needs: none for insert; the chosen key, else the preset's, else the entry's first unique key. */
export function startingKey(
  mode: ImportMode,
  presetKey: readonly string[] | undefined,
  keys: readonly (readonly string[])[],
): string[] {
  if (mode === 'insert') return [];
  if (presetKey && presetKey.length > 0) return [...presetKey];
  return [...(keys[0] ?? [])];
}
