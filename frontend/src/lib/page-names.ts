/**
 * The names of the look-up keys a list's pages came with (`names` of the data table's answer, asked for with
 * `names: true`), kept per column across pages, so a row ag-grid draws again (scrolling back, resizing) still shows
 * its corridor's name and not its key. Only the keys of pages read are ever known: no look-up list is read whole.
 * Each column keeps at most `limit` names, the least recently given dropped first (the grid itself keeps at most a
 * few thousand rows).
 */

/** `names` of a data-table answer: per look-up column, the display text by key. */
export type PageNamesAnswer = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** The names of one answer (every row read at once: a record's lines, a month's calendar), by column then key. */
export function namesByColumn(
  names: PageNamesAnswer | null | undefined,
): ReadonlyMap<string, ReadonlyMap<string, string>> {
  return new Map(
    Object.entries(names ?? {}).map(([column, byKey]) => [column, new Map(Object.entries(byKey))]),
  );
}

/** How many names a column keeps by default: far more than the rows the grid holds. */
export const PAGE_NAMES_LIMIT = 5_000;

export interface PageNames {
  /** Takes in the names of a page (newer ones replace what was known of a key). */
  add: (names: PageNamesAnswer | null | undefined) => void;
  /** The names known for a column, by key (empty when none). */
  of: (column: string) => ReadonlyMap<string, string>;
}

const NONE: ReadonlyMap<string, string> = new Map();

export function pageNames(limit = PAGE_NAMES_LIMIT): PageNames {
  const columns = new Map<string, Map<string, string>>();
  return {
    add(names) {
      if (!names) return;
      for (const [column, byKey] of Object.entries(names)) {
        let known = columns.get(column);
        if (!known) {
          known = new Map();
          columns.set(column, known);
        }
        for (const [key, name] of Object.entries(byKey)) {
          // Moved to the end: the most recently given names are the last to go.
          known.delete(key);
          known.set(key, name);
        }
        for (const oldest of known.keys()) {
          if (known.size <= limit) break;
          known.delete(oldest);
        }
      }
    },
    of: (column) => columns.get(column) ?? NONE,
  };
}
