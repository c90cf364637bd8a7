/**
 * What each look-up input of a form picks from: the entry its column points at (`lookups` of the screen), the
 * column naming a row, and, for a user linked to packages (`packages` of `/api/auth/me`), only those packages in
 * look-ups of the package entry: a register scoped by package refuses any other (docs/registry.md, "scope"). A user
 * column the register's file limits (`workflow.people`: the engineers who may answer, the contractor's responder)
 * offers only the people the gateway lists for the record. A look-up with `same` offers only the rows agreeing with
 * the form's values of the columns it follows (the contracts of the package chosen, the families of the survey).
 */
import { useMemo } from 'react';

import { useMe } from '../../api/auth';
import type { ColumnDef, LookupMeta } from '../../api/schema';
import type { LookupSource } from '../../lib/lookup-search';

/** The entry whose keys `/api/auth/me` lists as the user's packages. */
export const PACKAGE_ENTRY = 'package';

/** The record people are picked for: the register, its rules by column, the stored record or a new one's package. */
export interface PeopleContext {
  entry: string;
  /** The columns with a rule (`workflow.people` of the screen). */
  rules: Readonly<Record<string, unknown>>;
  /** The stored record's key; null for a new record. */
  record: string | null;
  /** A new record's package so far (its form value; empty when none is chosen). */
  package: string;
}

/** The form's current values of the columns look-ups follow (`followedColumns`), by column name. */
export type FollowedValues = Readonly<Record<string, string>>;

/** The columns of a form whose values some look-up of `columns` follows (its `same`), once each. */
export function followedColumns(columns: readonly ColumnDef[]): string[] {
  const names = columns.flatMap((column) => Object.values(column.lookup?.same ?? {}));
  return [...new Set(names)];
}

export function lookupSourcesOf(
  columns: readonly ColumnDef[],
  lookups: readonly LookupMeta[],
  packages: readonly number[] | null | undefined,
  people?: PeopleContext | null,
  followed?: FollowedValues | null,
): Map<string, LookupSource> {
  const sources = new Map<string, LookupSource>();
  for (const column of columns) {
    const lookup = column.lookup && lookups.find((l) => l.entry === column.lookup?.entry);
    if (!column.lookup || !lookup) continue;
    const only = lookup.entry === PACKAGE_ENTRY ? (packages ?? null) : null;
    const picked =
      people && Object.hasOwn(people.rules, column.name)
        ? { entry: people.entry, column: column.name, record: people.record, package: people.package }
        : null;
    const same = column.lookup.same
      ? Object.fromEntries(
          Object.entries(column.lookup.same).map(([theirs, ours]) => [theirs, followed?.[ours] ?? '']),
        )
      : null;
    sources.set(column.name, {
      lookup,
      display: column.lookup.display,
      only,
      people: picked,
      ...(same && { same }),
    });
  }
  return sources;
}

/** The look-up sources of `columns` for the signed-in user (people limited as `people` says, when given). */
export function useLookupSources(
  columns: readonly ColumnDef[],
  lookups: readonly LookupMeta[],
  people?: PeopleContext | null,
  followed?: FollowedValues | null,
): Map<string, LookupSource> {
  const packages = useMe().data?.packages;
  const entry = people?.entry;
  const rules = people?.rules;
  const record = people?.record;
  const pkg = people?.package;
  return useMemo(
    () =>
      lookupSourcesOf(
        columns,
        lookups,
        packages,
        entry !== undefined && rules !== undefined
          ? { entry, rules, record: record ?? null, package: pkg ?? '' }
          : null,
        followed,
      ),
    [columns, lookups, packages, entry, rules, record, pkg, followed],
  );
}
