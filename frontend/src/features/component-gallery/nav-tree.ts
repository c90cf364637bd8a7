/**
 * The user's menu as tree data for the tree-views page: each group with its items, each screen named by its title
 * and keyed by its route (a group, which has none, by its id), as Mantine's Tree takes it.
 */
import type { NavNode } from '../../lib/navigation';

export interface TreeItem {
  value: string;
  label: string;
  children?: TreeItem[];
}

export function navTree(nodes: readonly NavNode[]): TreeItem[] {
  return nodes.map((node) => {
    const value = node.route ?? node.href ?? `group:${node.id}`;
    return node.children.length > 0
      ? { value, label: node.title, children: navTree(node.children) }
      : { value, label: node.title };
  });
}

/** How many screens (leaves with a route) the tree holds. */
export function screenCount(nodes: readonly NavNode[]): number {
  return nodes.reduce((sum, node) => sum + (node.route ? 1 : 0) + screenCount(node.children), 0);
}
