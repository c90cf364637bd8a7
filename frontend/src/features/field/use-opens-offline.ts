/**
 * Registers the field pages' service worker (public/field-sw.js) for `route`, scoped to that page only, and asks it
 * to keep the page and the files it has loaded; answers whether it did, so the page can say that it opens without
 * a connection (docs/console.md §2 "The field pages open offline"). Nothing happens where browsers have no service
 * workers (or on plain http other than localhost): the page then works as before, online.
 */
import { useEffect, useState } from 'react';

export const FIELD_WORKER = '/field-sw.js';

export function useOpensOffline(route: string): boolean {
  const [kept, setKept] = useState(false);
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const page = `${window.location.origin}${route}`;
    const onMessage = (event: MessageEvent<{ type?: string; page?: string }>) => {
      if (event.data.type === 'kept' && event.data.page === page) setKept(true);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    void (async () => {
      try {
        await navigator.serviceWorker.register(FIELD_WORKER, { scope: route });
        const registration = await navigator.serviceWorker.ready;
        const urls = performance.getEntriesByType('resource').map((entry) => entry.name);
        registration.active?.postMessage({ type: 'keep', page, urls });
      } catch (error) {
        console.warn('this page will not open without a connection', error);
      }
    })();
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [route]);
  return kept;
}
