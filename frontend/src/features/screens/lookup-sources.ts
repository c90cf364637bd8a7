/**
 * What each look-up input of a form picks from: the entry its column points at (`lookups` of the screen), the
 * column naming a row, and, for a user linked to packages (`packages` of `/api/auth/me`), only those packages in
 * look-ups of the package entry: a register scoped by package refuses any other (docs/registry.md, "scope").
 */
import { useMemo } from 'react';

import { useMe } from '../../api/auth';
import type { ColumnDef, LookupMeta } from '../../api/schema';
import type { LookupSource } from '../../lib/lookup-search';

/** The entry whose keys `/api/auth/me` lists as the user's packages. */
export const PACKAGE_ENTRY = 'package';

export function lookupSourcesOf(
  columns: readonly ColumnDef[],
  lookups: readonly LookupMeta[],
  packages: readonly number[] | null | undefined,
): Map<string, LookupSource> {
  const sources = new Map<string, LookupSource>();
  for (const column of columns) {
    const lookup = column.lookup && lookups.find((l) => l.entry === column.lookup?.entry);
    if (!column.lookup || !lookup) continue;
    const only = lookup.entry === PACKAGE_ENTRY ? (packages ?? null) : null;
    sources.set(column.name, { lookup, display: column.lookup.display, only });
  }
  return sources;
}

/** The look-up sources of `columns` for the signed-in user. */
export function useLookupSources(
  columns: readonly ColumnDef[],
  lookups: readonly LookupMeta[],
): Map<string, LookupSource> {
  const packages = useMe().data?.packages;
  return useMemo(() => lookupSourcesOf(columns, lookups, packages), [columns, lookups, packages]);
}
