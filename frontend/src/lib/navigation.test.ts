import { describe, expect, it } from 'vitest';

import { buildNavigation, pathTo, routesOf } from './navigation';

describe('navigation builder', () => {
  let next = 0;
  const makeId = () => `generated-${++next}`;

  it('keeps titles, routes, hrefs, icons, badges, counters and nesting, and ids missing ones', () => {
    const tree = buildNavigation(
      [
        { id: 'nav-1', title: 'Dashboard', route: '/dashboard/analytics', icon: 'fa-home' },
        {
          title: 'Masters',
          icon: 'fa-database',
          badge: { class: 'bg-color-green', label: 'new' },
          items: [
            { id: 7, title: 'Corridor', route: '/masters/corridor', counter: 3 },
            { title: 'Manual', href: 'https://example.org/manual' },
          ],
        },
      ],
      makeId,
    );
    expect(tree).toEqual([
      { id: 'nav-1', title: 'Dashboard', route: '/dashboard/analytics', icon: 'fa-home', children: [] },
      {
        id: 'generated-2',
        title: 'Masters',
        icon: 'fa-database',
        badge: { class: 'bg-color-green', label: 'new' },
        children: [
          { id: '7', title: 'Corridor', route: '/masters/corridor', counter: '3', children: [] },
          { id: 'generated-1', title: 'Manual', href: 'https://example.org/manual', children: [] },
        ],
      },
    ]);
  });

  it('drops untitled items, dead leaves and empty groups; survives junk', () => {
    expect(
      buildNavigation(
        [
          { title: '', route: '/x' },
          { title: 'Leaf without a target' },
          { title: 'Empty group', items: [{ title: '' }] },
          null as never,
        ],
        makeId,
      ),
    ).toEqual([]);
    expect(buildNavigation(undefined)).toEqual([]);
  });

  it('finds the groups leading to a route and lists every route', () => {
    const tree = buildNavigation(
      [
        {
          id: 'a',
          title: 'A',
          items: [{ id: 'b', title: 'B', items: [{ id: 'c', title: 'C', route: '/c' }] }],
        },
        { id: 'd', title: 'D', route: '/d' },
      ],
      makeId,
    );
    expect(pathTo(tree, '/c')).toEqual(['a', 'b', 'c']);
    expect(pathTo(tree, '/zz')).toEqual([]);
    expect(routesOf(tree)).toEqual(['/c', '/d']);
  });
});
