// The gallery's calls: its pages (`GET /api/gallery`, a TanStack Query infinite query, older pages on demand) and
// each photo's bytes, read with the session's header and shown from a local address.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';

import { download, request } from './client';
import type { GalleryPage } from './schema';

/** What the gallery is narrowed to: ids and `YYYY-MM-DD` days, null for none. */
export interface GalleryNarrowing {
  package: number | null;
  station: number | null;
  from: string | null;
  to: string | null;
}

export function useGallery(narrowing: GalleryNarrowing) {
  return useInfiniteQuery({
    queryKey: ['gallery', narrowing],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      request<GalleryPage>('/api/gallery', {
        query: {
          package: narrowing.package ?? undefined,
          station: narrowing.station ?? undefined,
          from: narrowing.from ?? undefined,
          to: narrowing.to ?? undefined,
          before: pageParam ?? undefined,
        },
        signal,
      }),
    getNextPageParam: (page) => page.next ?? null,
  });
}

/** A photo's bytes (kept a while: the grid and the lightbox show the same ones). */
export function usePhotoBytes(fileUrl: string | null) {
  return useQuery({
    queryKey: ['gallery', 'photo', fileUrl],
    enabled: fileUrl !== null,
    staleTime: 10 * 60_000,
    gcTime: 10 * 60_000,
    queryFn: async () => (await download(fileUrl ?? '', [['inline', '1']])).blob,
  });
}
