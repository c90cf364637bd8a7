// The activity wall's call (`GET /api/activity`), as a TanStack Query infinite query: a page at a time, older pages
// on demand.
import { useInfiniteQuery } from '@tanstack/react-query';

import { request } from './client';
import type { WallPage } from './schema';

export const activityKeys = { wall: ['activity', 'wall'] as const };

export function useActivityWall() {
  return useInfiniteQuery({
    queryKey: activityKeys.wall,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      request<WallPage>('/api/activity', { query: pageParam ? { before: pageParam } : {}, signal }),
    getNextPageParam: (page) => page.next ?? null,
    refetchInterval: 2 * 60_000,
  });
}
