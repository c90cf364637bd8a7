/** Finding the page at a path in the server's catalogue, and whether the user may open it (docs/console.md §6). */
import type { Me, Screen } from '../api/schema';

/** The catalogue's screen at `pathname` (a trailing slash ignored), or undefined: such a path is /misc/404. */
export function screenAt(screens: readonly Screen[], pathname: string): Screen | undefined {
  const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return screens.find((screen) => screen.route === route);
}

/** Superadmins hold every route; anyone else the routes of their permission rows. */
export function mayOpen(me: Pick<Me, 'user' | 'routes'>, route: string): boolean {
  return me.user.superadmin || me.routes.includes(route);
}

/**
 * Where a user lands who may not open the home page (the dashboard): the first screen of the menu they may open,
 * or undefined when they hold none.
 */
export function firstOpenable(me: Pick<Me, 'user' | 'routes' | 'screens'>): Screen | undefined {
  return me.screens.find((screen) => mayOpen(me, screen.route));
}
