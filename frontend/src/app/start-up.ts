/**
 * Browser behaviour of docs/console.md §2 set up once at start: the right-click menu is blocked except on localhost and
 * loopback addresses, every registered service worker but the field pages' own (scoped to a field page) is removed,
 * and the language chosen last is loaded.
 */

import { getJson } from '../api/client';
import { startLanguages, type LanguageFile } from '../lib/i18n';
import { FIELD_ROUTES } from '../lib/field-routes';

export function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '::1' || hostname === '[::1]' || /^127\./.test(hostname);
}

export function startUp(): void {
  void startLanguages((language) => getJson<LanguageFile>(`/assets/api/langs/${language}.json`)).catch(
    (error: unknown) => console.warn('could not load the chosen language; English is shown', error),
  );
  if (!isLoopback(window.location.hostname)) {
    window.addEventListener('contextmenu', (event) => event.preventDefault());
  }
  if ('serviceWorker' in navigator) {
    void navigator.serviceWorker
      .getRegistrations()
      .then((registrations) =>
        Promise.all(
          registrations
            .filter((registration) => !isFieldWorker(registration.scope))
            .map((registration) => registration.unregister()),
        ),
      )
      .catch((error: unknown) => console.warn('could not remove a service worker', error));
  }
}

/** Whether a service worker's scope is one field page's (the only worker the console keeps). */
export function isFieldWorker(scope: string): boolean {
  const path = new URL(scope, window.location.origin).pathname;
  return FIELD_ROUTES.includes(path);
}
