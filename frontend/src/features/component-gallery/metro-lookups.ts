/**
 * The look-ups of the gallery's forms, on the real masters: packages (only the user's own when they are linked to
 * packages, as registers scoped by package allow), corridors and stations, named by code and name and searched on
 * the server as the user types (what every signed-in user may read of them).
 */
import { useMemo } from 'react';

import { useMe } from '../../api/auth';
import type { LookupMeta } from '../../api/schema';
import type { LookupSource } from '../../lib/lookup-search';

const lookup = (entry: string): LookupMeta => ({
  entry,
  primary_key: 'id',
  display_columns: ['id', 'c_code', 'c_name'],
});

export interface MetroSources {
  package: LookupSource;
  corridor: LookupSource;
  station: LookupSource;
}

export function useMetroSources(): MetroSources {
  const packages = useMe().data?.packages;
  return useMemo(
    () => ({
      package: { lookup: lookup('package'), display: 'c_name', only: packages ?? null },
      corridor: { lookup: lookup('corridor'), display: 'c_name' },
      station: { lookup: lookup('station'), display: 'c_name' },
    }),
    [packages],
  );
}
