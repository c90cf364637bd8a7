/**
 * Browser behaviour of docs/console.md §2 set up once at start: the right-click menu is blocked except on localhost and
 * loopback addresses, and any registered service worker is removed.
 */

export function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '::1' || hostname === '[::1]' || /^127\./.test(hostname);
}

export function startUp(): void {
  if (!isLoopback(window.location.hostname)) {
    window.addEventListener('contextmenu', (event) => event.preventDefault());
  }
  if ('serviceWorker' in navigator) {
    void navigator.serviceWorker
      .getRegistrations()
      .then((registrations) => Promise.all(registrations.map((registration) => registration.unregister())))
      .catch((error: unknown) => console.warn('could not remove a service worker', error));
  }
}
