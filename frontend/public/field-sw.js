// The field pages' service worker (docs/console.md §2 "The field pages open offline"). Registered only by the
// field pages (/rfiwitnessing, /siteinspection), each with its own path as the scope, so it answers for those pages
// and nothing else of the console; the console's start removes every other worker. What it keeps: the page itself
// (network first, the last copy when there is no network) and the files it runs on (the hashed files under
// /assets/ never change: kept copies first; the language files: network first). The API is never touched here:
// the page keeps what it needs to show the form offline, and sends what was saved offline from its own outbox.
'use strict';

const CACHE = 'pmis-field-v1';
/** Vite's hashed build files (`/assets/index-3f2a1b9c.js`); `/assets/api/` holds named files that change. */
const HASHED = /^\/assets\/(?!api\/)/;

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

/** The same-origin, non-API address of `url`, or null: only those are kept. */
function keepable(url) {
  const parsed = new URL(url, self.location.origin);
  if (parsed.origin !== self.location.origin || parsed.pathname.startsWith('/api/')) return null;
  return parsed;
}

/** Keeps the page and the files it loaded before this worker controlled it (`urls`), then says so. */
async function keep(urls, page) {
  const cache = await caches.open(CACHE);
  const addresses = [...new Set([page, ...urls])].map(keepable).filter((url) => url !== null);
  await Promise.all(
    addresses.map(async (url) => {
      const key = HASHED.test(url.pathname) ? url.href : url.origin + url.pathname;
      if (HASHED.test(url.pathname) && (await cache.match(key))) return;
      try {
        // From the browser's own cache when it has them (the hashed files for a year; the page revalidated).
        const response = await fetch(url.href, { credentials: 'same-origin' });
        if (response.ok) await cache.put(key, response);
      } catch {
        // Not reachable now: kept the next time the page loads it.
      }
    }),
  );
}

self.addEventListener('message', (event) => {
  const data = event.data ?? {};
  if (data.type !== 'keep' || !Array.isArray(data.urls) || typeof data.page !== 'string') return;
  event.waitUntil(
    keep(data.urls, data.page).then(() => event.source?.postMessage({ type: 'kept', page: data.page })),
  );
});

async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw error;
  }
}

async function keptFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request.url);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request.url, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = keepable(request.url);
  if (url === null) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, url.origin + url.pathname));
  } else if (HASHED.test(url.pathname)) {
    event.respondWith(keptFirst(request));
  } else {
    event.respondWith(networkFirst(request, url.origin + url.pathname));
  }
});
