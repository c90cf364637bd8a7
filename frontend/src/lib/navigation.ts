/**
 * The navigation tree of docs/console.md §3 (`navjson` in browser storage): title, route or href, icon, badge (class and
 * label), counter, nested items, and an id (a random one when an item has none).
 */

export interface NavBadge {
  class?: string;
  label: string;
}

/** An item as the server sends it (`/api/auth/me`) or as older clients stored it. */
export interface NavItemInput {
  id?: string | number | null;
  title?: string | null;
  route?: string | null;
  href?: string | null;
  icon?: string | null;
  badge?: NavBadge | null;
  counter?: string | number | null;
  items?: NavItemInput[] | null;
}

export interface NavNode {
  id: string;
  title: string;
  /** A console route (`/masters/corridor`). */
  route?: string;
  /** An external address, opened as a link. */
  href?: string;
  icon?: string;
  badge?: NavBadge;
  counter?: string;
  children: NavNode[];
}

export function randomId(): string {
  return `nav-${Math.random().toString(36).slice(2, 10)}`;
}

/** Normalises stored or served items into a tree, dropping untitled leaves and empty groups. */
export function buildNavigation(
  items: readonly NavItemInput[] | null | undefined,
  makeId: () => string = randomId,
): NavNode[] {
  const nodes: NavNode[] = [];
  for (const item of items ?? []) {
    if (!item || typeof item !== 'object') continue;
    const children = buildNavigation(item.items, makeId);
    const route = item.route?.trim() || undefined;
    const href = item.href?.trim() || undefined;
    const title = item.title?.trim();
    if (!title || (!route && !href && children.length === 0)) continue;
    const node: NavNode = {
      id: item.id === null || item.id === undefined || item.id === '' ? makeId() : String(item.id),
      title,
      children,
    };
    if (route) node.route = route;
    else if (href) node.href = href;
    if (item.icon) node.icon = item.icon;
    if (item.badge?.label) node.badge = { class: item.badge.class, label: item.badge.label };
    if (item.counter !== null && item.counter !== undefined && item.counter !== '') {
      node.counter = String(item.counter);
    }
    nodes.push(node);
  }
  return nodes;
}

/** The ids of the groups leading to `route` (to open the accordion where the user is). */
export function pathTo(nodes: readonly NavNode[], route: string): string[] {
  for (const node of nodes) {
    if (node.route === route) return [node.id];
    const below = pathTo(node.children, route);
    if (below.length > 0) return [node.id, ...below];
  }
  return [];
}

/** Every route in the tree. */
export function routesOf(nodes: readonly NavNode[]): string[] {
  return nodes.flatMap((node) => [...(node.route ? [node.route] : []), ...routesOf(node.children)]);
}
