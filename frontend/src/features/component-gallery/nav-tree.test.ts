import { describe, expect, it } from 'vitest';

import { buildNavigation } from '../../lib/navigation';
import { navTree, screenCount } from './nav-tree';

describe('the menu as a tree', () => {
  const nodes = buildNavigation(
    [
      { id: 'g1', title: 'Masters', items: [{ id: 's', title: 'Station', route: '/masters/station' }] },
      { id: 'd', title: 'Dashboard', route: '/dashboard/analytics' },
      { id: 'h', title: 'Manual', href: 'https://example.org/manual.pdf' },
    ],
    () => 'x',
  );

  it('keys screens by route, groups by id, links by address', () => {
    expect(navTree(nodes)).toEqual([
      { value: 'group:g1', label: 'Masters', children: [{ value: '/masters/station', label: 'Station' }] },
      { value: '/dashboard/analytics', label: 'Dashboard' },
      { value: 'https://example.org/manual.pdf', label: 'Manual' },
    ]);
  });

  it('counts the screens', () => {
    expect(screenCount(nodes)).toBe(2);
  });
});
