// Lines that start as a chosen record's lines (`prefill` of a child register in `GET /api/screen`): the rows of the
// source register under the chosen record, in that register's own order, with the columns the registry shows.
import { useQuery } from '@tanstack/react-query';

import * as records from './records';
import type { EntryName, PrefillMeta } from './schema';

/** A source row: its id, its name (the lines' look-up display) and the columns shown beside it. */
export interface PrefillRow {
  id: number;
  name: string;
  shown: { label: string; value: string }[];
}

function cellText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/** The rows a new set of lines starts from once `chosen` (the record's `prefill.from`) names a record. */
export function usePrefillRows(prefill: PrefillMeta | null | undefined, chosen: string) {
  return useQuery({
    queryKey: ['prefill', prefill?.entry, prefill?.key, chosen],
    enabled: prefill !== null && prefill !== undefined && /^\d+$/.test(chosen),
    staleTime: 30 * 60_000,
    queryFn: async ({ signal }): Promise<PrefillRow[]> => {
      if (!prefill) return [];
      const columns = ['id', prefill.name, ...prefill.shows.map((shown) => shown.name)];
      const rows = await records.selectAll<Record<string, unknown>>(
        // The metadata's name of an entry the registry declares (the gateway refuses any other).
        prefill.entry as EntryName,
        { cols: [...new Set(columns)].join(','), whrc: `${prefill.key} = ${chosen}` },
        signal,
      );
      return rows.map((row) => ({
        id: Number(row.id),
        name: cellText(row[prefill.name]),
        shown: prefill.shows
          .map((shown) => ({ label: shown.label, value: cellText(row[shown.name]) }))
          .filter((shown) => shown.value !== ''),
      }));
    },
  });
}
