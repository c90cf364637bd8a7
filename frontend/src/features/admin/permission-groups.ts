/**
 * The routes of the navigation master grouped as the menu groups them: the server's catalogue (`screens` of
 * `/api/auth/me`) gives each route its group and the order; routes it does not list come last.
 */
import type { NavigationRoute } from '../../api/admin';
import type { Screen } from '../../api/schema';

export const OTHER_SCREENS = 'Other screens';

export interface PermissionGroup {
  name: string;
  routes: NavigationRoute[];
}

export function groupRoutes(
  routes: readonly NavigationRoute[],
  screens: readonly Screen[],
): PermissionGroup[] {
  const rank = new Map(screens.map((screen, index) => [screen.route, index]));
  const groupOf = new Map(screens.map((screen) => [screen.route, screen.group]));
  const sorted = [...routes].sort(
    (a, b) => (rank.get(a.c_route) ?? Infinity) - (rank.get(b.c_route) ?? Infinity) || a.id - b.id,
  );
  const groups = new Map<string, NavigationRoute[]>();
  for (const route of sorted) {
    const name = groupOf.get(route.c_route) ?? OTHER_SCREENS;
    groups.set(name, [...(groups.get(name) ?? []), route]);
  }
  return [...groups].map(([name, members]) => ({ name, routes: members }));
}
