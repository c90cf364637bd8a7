/**
 * What each look-up input of a form picks from: the entry its column points at (`lookups` of the screen), the
 * column naming a row, and, for a user linked to packages (`packages` of `/api/auth/me`), only those packages in
 * look-ups of the package entry: a register scoped by package refuses any other (docs/registry.md, "scope"). A user
 * column the register's file limits (`workflow.people`: the engineers who may answer, the contractor's responder)
 * offers only the people the gateway lists for the record. A look-up with `same` offers only the rows agreeing with
 * the form's values of the columns it follows (the contracts of the package chosen, the families of the survey), or
 * with a column of the record one of those columns names (`n_ipa.n_contract`: an IPA line's BOQ items of its IPA's
 * contract, read from the IPA through its own rules).
 */
import { useMemo } from 'react';

import { useMe } from '../../api/auth';
import type { ColumnDef, LookupMeta } from '../../api/schema';
import { useRecordColumns } from '../../api/screens';
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

/**
 * The form's current values of the columns look-ups follow (`followedColumns`), by column name; and the values of
 * the other records' columns they follow (`followedThrough`), by `same`'s `column.of`.
 */
export type FollowedValues = Readonly<Record<string, string | null>>;

/**
 * The columns of a form whose values some look-up of `columns` follows (its `same`; for `column.of`, `column`), once
 * each.
 */
export function followedColumns(columns: readonly ColumnDef[]): string[] {
  const names = columns.flatMap((column) =>
    Object.values(column.lookup?.same ?? {}).map((ours) => ours.split('.')[0] ?? ours),
  );
  return [...new Set(names)];
}

/** A look-up following a column of another record: `same`'s `column.of`, the record `column` names. */
export interface FollowedThrough {
  /** `column.of`, as `same` writes it. */
  path: string;
  /** The form's column naming the other record (a line's parent key). */
  column: string;
  /** That record's entry and key column, and the column followed. */
  entry: string;
  primaryKey: string;
  of: string;
}

/**
 * The other records' columns the look-ups of `columns` follow, once each; `all`: the screen's columns, where the
 * column naming the other record is found (a line's parent key is no input of its form).
 */
export function followedThrough(
  columns: readonly ColumnDef[],
  all: readonly ColumnDef[],
  lookups: readonly LookupMeta[],
): FollowedThrough[] {
  const found = new Map<string, FollowedThrough>();
  for (const path of columns.flatMap((column) => Object.values(column.lookup?.same ?? {}))) {
    const [column, of, ...more] = path.split('.');
    if (column === undefined || of === undefined || more.length > 0 || found.has(path)) continue;
    const entry = all.find((c) => c.name === column)?.lookup?.entry;
    const meta = entry === undefined ? undefined : lookups.find((l) => l.entry === entry);
    if (entry === undefined || meta === undefined) continue;
    found.set(path, { path, column, entry, primaryKey: meta.primary_key, of });
  }
  return [...found.values()];
}

export function lookupSourcesOf(
  columns: readonly ColumnDef[],
  lookups: readonly LookupMeta[],
  packages: readonly number[] | null | undefined,
  people?: PeopleContext | null,
  followed?: FollowedValues | null,
  caller?: number | null,
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
          Object.entries(column.lookup.same).map(([theirs, ours]) => [
            theirs,
            followed?.[ours] === undefined ? '' : followed[ours],
          ]),
        )
      : null;
    sources.set(column.name, {
      lookup,
      display: column.lookup.display,
      only,
      people: picked,
      ...(same && { same }),
      // `:user_id` of a look-up's `where` is the person filling the form (the gateway checks the same on save).
      ...(column.lookup.where && { where: column.lookup.where.replaceAll(':user_id', String(caller ?? 0)) }),
    });
  }
  return sources;
}

/**
 * The look-up sources of `columns` for the signed-in user (people limited as `people` says, when given), following
 * the form's values (`followed`) and the columns of the records they name (read as they change; offering nothing
 * while being read, so no other record's rows come first). `all`: the screen's columns (default `columns`).
 */
export function useLookupSources(
  columns: readonly ColumnDef[],
  lookups: readonly LookupMeta[],
  people?: PeopleContext | null,
  followedValues?: FollowedValues | null,
  all?: readonly ColumnDef[],
): Map<string, LookupSource> {
  const through = useMemo(() => followedThrough(columns, all ?? columns, lookups), [columns, all, lookups]);
  const read = useRecordColumns(
    useMemo(
      () =>
        through.map((path) => ({
          entry: path.entry,
          primaryKey: path.primaryKey,
          column: path.of,
          key: followedValues?.[path.column] ?? '',
        })),
      [through, followedValues],
    ),
  );
  const followed = useMemo(
    () =>
      through.length === 0 || !followedValues
        ? followedValues
        : {
            ...followedValues,
            ...Object.fromEntries(through.map((path, i) => [path.path, read[i] ?? null])),
          },
    [through, followedValues, read],
  );
  const me = useMe().data;
  const packages = me?.packages;
  const caller = me?.user.id ?? null;
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
        caller,
      ),
    [columns, lookups, packages, entry, rules, record, pkg, followed, caller],
  );
}
