// The rows of look-ups that texts name (a sheet's codes and names), as TanStack Query hooks: apart from the screens'
// hooks, since only a bulk upload asks it and a list's first load need not carry it.
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';

import { lookupColumns } from '../lib/lookup-choices';
import { lookupNamesFilter, type LookupSource, searchColumns } from '../lib/lookup-search';
import * as records from './records';

const lookupKeysKey = (source: LookupSource, texts: readonly string[]) =>
  ['lookup-names', source.lookup.entry, (source.only ?? []).join(','), texts.join('\u0000')] as const;

/** How many conditions one read of `findLookupKeys` asks at most (the filter language nests each `OR`). */
const NAMES_PER_READ = 12;

/**
 * The keys of the look-up rows each text names (by lower-case text): a row is named by any of its searchable
 * display columns equal to the text, any case (a package's code or its name). Read in small batches.
 */
async function findLookupKeys(
  source: LookupSource,
  texts: readonly string[],
  signal: AbortSignal,
): Promise<Map<string, string[]>> {
  const { lookup, display } = source;
  const columns = searchColumns(source);
  const perRead = Math.max(1, Math.floor(NAMES_PER_READ / Math.max(1, columns.length)));
  const batches: string[][] = [];
  for (let i = 0; i < texts.length; i += perRead) batches.push(texts.slice(i, i + perRead));
  const cols = lookupColumns(lookup, display);
  const answers = await Promise.all(
    batches.map(async (batch) => {
      const whrc = lookupNamesFilter(source, batch);
      if (whrc === false) return [];
      const answer = await records.dataTable(
        {
          t: lookup.entry,
          start: 0,
          // A text may name a few rows (then it is ambiguous): enough to see that, not the whole entry.
          length: batch.length * 5,
          columns: cols.map((data) => ({ data })),
          order: [{ column: 0, dir: 'asc' }],
          whrc,
        },
        signal,
      );
      return answer.data as unknown as Record<string, unknown>[];
    }),
  );
  const wanted = new Set(texts.map((text) => text.toLowerCase()));
  const keys = new Map<string, string[]>();
  for (const row of answers.flat()) {
    const key = String(row[lookup.primary_key] ?? '');
    for (const column of columns) {
      const text = String(row[column] ?? '').toLowerCase();
      if (!wanted.has(text)) continue;
      const named = keys.get(text) ?? [];
      if (!named.includes(key)) keys.set(text, [...named, key]);
    }
  }
  return keys;
}

/**
 * For each look-up field, the keys its texts name (`findLookupKeys`); undefined until every field is read. A text
 * naming no row has no entry.
 */
export function useLookupKeys(
  sources: ReadonlyMap<string, LookupSource>,
  texts: ReadonlyMap<string, readonly string[]>,
): ReadonlyMap<string, ReadonlyMap<string, readonly string[]>> | undefined {
  const asked = [...texts].flatMap(([field, list]) => {
    const source = sources.get(field);
    return source ? [{ field, source, list }] : [];
  });
  const results = useQueries({
    queries: asked.map(({ source, list }) => ({
      queryKey: lookupKeysKey(source, list),
      staleTime: 60_000,
      queryFn: ({ signal }: { signal: AbortSignal }) => findLookupKeys(source, list, signal),
    })),
  });
  const ready = results.every((result) => result.data !== undefined);
  // A new map only when a read has answered, so that what is worked out from it is not redone at each render.
  const stamp = results.map((result) => result.dataUpdatedAt).join(',');
  const fields = asked.map(({ field }) => field).join(',');
  return useMemo(
    () =>
      ready
        ? new Map(
            asked.map(({ field }, index) => [field, results[index]?.data ?? new Map<string, string[]>()]),
          )
        : undefined,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [ready, stamp, fields],
  );
}
