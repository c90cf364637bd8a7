/**
 * The field pages' own query client, whose answers (the signed-in user, the form's description, its look-up
 * options) are kept on the phone, so that a field page reloaded without a connection still shows its form and
 * outbox (docs/console.md §2 "The field pages open offline"). Only successful answers are kept (TanStack Query's
 * `dehydrate`), in localStorage under one key, written a moment after the cache changes; signing out forgets them.
 */
import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';

const KEPT_KEY = 'pmis-field-answers';
/** A day: an answer older than that is not shown offline (nor kept). */
const KEPT_FOR_MS = 24 * 60 * 60 * 1000;

export function createFieldQueryClient(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: 1, gcTime: KEPT_FOR_MS } } });
  try {
    const kept = localStorage.getItem(KEPT_KEY);
    if (kept) hydrate(client, JSON.parse(kept));
  } catch (error) {
    console.warn('the answers kept for the field page could not be read', error);
    localStorage.removeItem(KEPT_KEY);
  }
  // Written at most every 300 ms while answers arrive (never put off for good by a busy page), and as the page
  // goes away.
  let timer: number | undefined;
  const keep = () => {
    timer = undefined;
    try {
      localStorage.setItem(KEPT_KEY, JSON.stringify(dehydrate(client)));
    } catch (error) {
      // Full storage: the page still works online; it is just not kept for a reload offline.
      console.warn('the field page answers could not be kept', error);
    }
  };
  client.getQueryCache().subscribe(() => {
    timer ??= window.setTimeout(keep, 300);
  });
  window.addEventListener('pagehide', () => {
    window.clearTimeout(timer);
    keep();
  });
  return client;
}

/** Forgets what the field pages kept (at sign-out: the next person must not see the last one's answers). */
export function forgetFieldAnswers(client: QueryClient): void {
  client.clear();
  localStorage.removeItem(KEPT_KEY);
}
