/**
 * The gallery's state, headless: the filter the address keeps (`?package=&station=&from=&to=`; stations offered
 * from the chosen package's), the photos read so far (older pages on demand), and the photo open in the lightbox
 * with its neighbours. The view (gallery-screen) only draws it.
 */
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

import { useMe } from '../../api/auth';
import { type GalleryNarrowing, useGallery } from '../../api/gallery';
import type { LookupSource } from '../../lib/lookup-search';

function idParam(text: string | null): number | null {
  if (text === null || !/^\d{1,15}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}

function dayParam(text: string | null): string | null {
  return text !== null && /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : null;
}

export type GalleryFilter = keyof GalleryNarrowing;

export function useGalleryController() {
  const [params, setParams] = useSearchParams();
  const narrowing = useMemo<GalleryNarrowing>(
    () => ({
      package: idParam(params.get('package')),
      station: idParam(params.get('station')),
      from: dayParam(params.get('from')),
      to: dayParam(params.get('to')),
    }),
    [params],
  );
  const gallery = useGallery(narrowing);
  const photos = useMemo(() => gallery.data?.pages.flatMap((page) => page.photos) ?? [], [gallery.data]);

  const packages = useMe().data?.packages;
  const sources = useMemo(
    () => ({
      package: {
        lookup: { entry: 'package', primary_key: 'id', display_columns: ['id', 'c_code', 'c_name'] },
        display: 'c_code',
        only: packages ?? null,
      } satisfies LookupSource,
      station: {
        lookup: { entry: 'station', primary_key: 'id', display_columns: ['id', 'c_code', 'c_name'] },
        display: 'c_name',
        same: narrowing.package === null ? null : { n_package: String(narrowing.package) },
      } satisfies LookupSource,
    }),
    [packages, narrowing.package],
  );

  /** Sets one filter (empty: clears it); a new package clears the station, which may not be in it. */
  const setFilter = useCallback(
    (filter: GalleryFilter, value: string | null) =>
      setParams(
        (old) => {
          const next = new URLSearchParams(old);
          if (value) next.set(filter, value);
          else next.delete(filter);
          if (filter === 'package') next.delete('station');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const narrowed = Object.values(narrowing).some((value) => value !== null);
  const clear = useCallback(() => setParams({}, { replace: true }), [setParams]);

  // The lightbox: the index of the open photo among those read.
  const [open, setOpen] = useState<number | null>(null);
  const shown = open !== null && open < photos.length ? photos[open] : undefined;
  const step = useCallback(
    (by: number) =>
      setOpen((index) => (index === null ? null : Math.min(Math.max(index + by, 0), photos.length - 1))),
    [photos.length],
  );

  return {
    gallery,
    photos,
    narrowing,
    narrowed,
    sources,
    setFilter,
    clear,
    openAt: setOpen,
    close: () => setOpen(null),
    shown: shown ?? null,
    shownIndex: open,
    previous: () => step(-1),
    next: () => step(1),
    hasPrevious: open !== null && open > 0,
    hasNext: open !== null && open < photos.length - 1,
  };
}

export type GalleryController = ReturnType<typeof useGalleryController>;
