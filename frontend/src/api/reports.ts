// The reports' calls that are not a register's list (those go through the screen engine), as TanStack Query hooks.
import { useQuery } from '@tanstack/react-query';

import { request } from './client';
import { pendingKeys } from './console';
import type { PendingReport } from './schema';

/** `GET /api/reports/pendinglist`: every open record waiting on someone, in the registers the reader reads. Under
 * the pending keys: a write that moves a record between people makes it read again. */
export function usePendingReport() {
  return useQuery({
    queryKey: [...pendingKeys.all, 'report'],
    queryFn: ({ signal }) => request<PendingReport>('/api/reports/pendinglist', { signal }),
    staleTime: 60_000,
  });
}
