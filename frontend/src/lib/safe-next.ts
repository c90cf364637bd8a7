/**
 * Where to go after signing in or unlocking: the console page the user asked for, never anywhere else. Only a
 * plain console path is taken (`/masters/corridor`, with an optional simple query); anything that a browser could
 * read as another site (`//host`, `/\host`, a scheme, encoded slashes) or a sign-in page itself gives the home page.
 */
const CONSOLE_PATH = /^\/(?![/\\])[A-Za-z0-9_\-/]*(\?[A-Za-z0-9_\-=&.%]*)?$/;
const NOT_A_DESTINATION = ['/login', '/lock', '/register', '/forgot', '/resetp'];

export function safeNext(next: string | null): string {
  if (!next || !CONSOLE_PATH.test(next) || /%2f|%5c/i.test(next)) return '/';
  const path = next.split('?')[0] ?? next;
  return NOT_A_DESTINATION.some((page) => path === page || path.startsWith(`${page}/`)) ? '/' : next;
}
