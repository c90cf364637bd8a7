/**
 * The station master's rows for the gallery's pages (maps, lists, autocomplete): code, name, corridor (by name,
 * from the data table's `names`), type and chainage when the user holds the Station master, otherwise the code and
 * name every signed-in user may read of a look-up.
 */
import { useQuery } from '@tanstack/react-query';

import { useMe } from '../../api/auth';
import * as records from '../../api/records';
import type { DataTableAnswer } from '../../api/schema';

export const STATION_ROUTE = '/masters/station';

export interface StationRow {
  code: string;
  name: string;
  corridor: string | null;
  type: string | null;
  /** Kilometres along the corridor; null when the user may not read it. */
  chainageKm: number | null;
}

const FULL = ['c_code', 'c_name', 'n_corridor', 'c_station_type', 'n_chainage_km'];
const DISPLAY = ['c_code', 'c_name'];

/** The rows of the answer as stations (a value of the wrong kind reads as none). */
export function stationRows(answer: DataTableAnswer): StationRow[] {
  const corridors = answer.names?.n_corridor ?? {};
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return answer.data.map((row) => {
    const corridor = row.n_corridor;
    const chainage = typeof row.n_chainage_km === 'number' ? row.n_chainage_km : Number(row.n_chainage_km);
    return {
      code: text(row.c_code) ?? '',
      name: text(row.c_name) ?? '',
      corridor: corridor === null || corridor === undefined ? null : (corridors[String(corridor)] ?? null),
      type: text(row.c_station_type),
      chainageKm:
        row.n_chainage_km === undefined || row.n_chainage_km === null || Number.isNaN(chainage)
          ? null
          : chainage,
    };
  });
}

export function useStations() {
  const me = useMe();
  const full = me.data?.routes.includes(STATION_ROUTE) === true;
  const columns = full ? FULL : DISPLAY;
  const stations = useQuery({
    queryKey: ['component-gallery', 'stations', full],
    enabled: me.isSuccess,
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) =>
      records.dataTable(
        {
          t: 'station',
          names: full,
          start: 0,
          length: 500,
          columns: columns.map((data) => ({ data })),
          order: [{ column: 0, dir: 'asc' }],
        },
        signal,
      ),
    select: stationRows,
  });
  return { ...stations, full };
}
