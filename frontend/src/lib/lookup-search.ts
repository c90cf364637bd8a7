/**
 * Searching a look-up entry on the server as the user types (docs/console.md, "Look-up search"): a page of the data
 * table on the look-up entry, asking only for its display columns (what every signed-in user may read of it), in
 * the order of its first display column, narrowed by a `whrc` filter (schema-registry/README.md, "The filter
 * language"): the typed text in any of its text display columns, any case, and, when the user may pick only some
 * rows (a user linked to packages), those keys.
 */
import type { LookupMeta } from '../api/schema';
import { lookupColumns } from './lookup-choices';

/** How many options a search shows at a time. */
export const LOOKUP_PAGE = 20;

/**
 * A person picked for a user column whose registry file says who may be picked (`workflow.people`): the gateway
 * lists them (`GET /api/data/{entry}/people/{column}`) for the record being edited, or for a new one of a package.
 */
export interface PeoplePick {
  entry: string;
  column: string;
  /** The stored record (its key or reference); null for a new one. */
  record: string | null;
  /** For a new record: the package chosen so far (empty: none yet). */
  package: string;
}

/** What a look-up column picks from: the entry, the column naming a row, and the only keys allowed (if limited). */
export interface LookupSource {
  lookup: LookupMeta;
  display: string;
  /** Only these keys may be chosen (null or undefined: any). */
  only?: readonly (number | string)[] | null;
  /** Only the people the register's rule allows, listed by the gateway (null or undefined: any row). */
  people?: PeoplePick | null;
  /**
   * Only the rows whose columns hold these values (the look-up's `same`: the contracts of the package chosen in the
   * form), by the looked-up entry's column; a blank value limits nothing yet; null: the value is still being read
   * (another record's column), so nothing is offered until it is.
   */
  same?: Readonly<Record<string, string | null>> | null;
  /** Only the rows meeting this condition of the filter language (the look-up's `where`: certified IPAs). */
  where?: string | null;
}

/**
 * The display columns text can be searched in: not the key, and not the registry's number (`n_…`) or date (`d_…`)
 * columns, which `ILIKE` refuses.
 */
export function searchColumns(source: Pick<LookupSource, 'lookup' | 'display'>): string[] {
  const { lookup, display } = source;
  return lookupColumns(lookup, display).filter((name) => name !== lookup.primary_key && !/^[nd]_/.test(name));
}

/** A text literal of the filter language: in single quotes, a quote doubled. */
function quoted(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** A key as a literal: a whole number as it is, anything else quoted. */
export function keyLiteral(key: number | string): string {
  const text = String(key);
  return /^-?\d+$/.test(text) ? text : quoted(text);
}

/** `ILIKE`'s pattern for "contains `text`": its own wildcards and escape character taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The `whrc` of a look-up read: the typed text (trimmed; blank means no condition) in any searchable display
 * column, the allowed keys, and `key` (one row, to name a chosen value). Null when nothing limits the read;
 * `false` when nothing can match (no key allowed).
 */
export function lookupFilter(
  source: LookupSource,
  { text = '', key }: { text?: string; key?: number | string } = {},
): string | null | false {
  const pk = source.lookup.primary_key;
  const parts: string[] = [];
  if (source.only) {
    if (source.only.length === 0) return false;
    parts.push(`${pk} IN (${source.only.map(keyLiteral).join(', ')})`);
  }
  if (key !== undefined) parts.push(`${pk} = ${keyLiteral(key)}`);
  for (const [column, value] of Object.entries(source.same ?? {})) {
    if (value === null) return false;
    if (value !== '') parts.push(`${column} = ${keyLiteral(value)}`);
  }
  if (source.where) parts.push(`(${source.where})`);
  const typed = text.trim();
  const columns = searchColumns(source);
  if (typed !== '' && columns.length > 0) {
    const pattern = quoted(containsPattern(typed));
    parts.push(`(${columns.map((column) => `${column} ILIKE ${pattern}`).join(' OR ')})`);
  }
  return parts.length === 0 ? null : parts.join(' AND ');
}

/**
 * The `whrc` finding the rows a list of texts names: any searchable display column equal to one of them, any case
 * (`ILIKE` without wildcards), within the allowed keys. `false` when nothing can match.
 */
export function lookupNamesFilter(
  source: Pick<LookupSource, 'lookup' | 'display' | 'only'>,
  texts: readonly string[],
): string | false {
  const columns = searchColumns(source);
  if (texts.length === 0 || columns.length === 0) return false;
  const parts: string[] = [];
  if (source.only) {
    if (source.only.length === 0) return false;
    parts.push(`${source.lookup.primary_key} IN (${source.only.map(keyLiteral).join(', ')})`);
  }
  const literal = (text: string) => quoted(text.replace(/[\\%_]/g, (c) => `\\${c}`));
  const equal = columns.flatMap((column) => texts.map((text) => `${column} ILIKE ${literal(text)}`));
  parts.push(`(${equal.join(' OR ')})`);
  return parts.join(' AND ');
}
