import { describe, expect, it } from 'vitest';

import { groupRoutes } from './permission-groups';

describe('permission groups', () => {
  it('groups and orders routes as the server catalogue does, unknown routes last', () => {
    const groups = groupRoutes(
      [
        { id: 1, c_title: 'Orphan', c_route: '/x/orphan' },
        { id: 2, c_title: 'Station', c_route: '/masters/station' },
        { id: 3, c_title: 'Home', c_route: '/' },
        { id: 4, c_title: 'Corridor', c_route: '/masters/corridor' },
      ],
      [
        { route: '/', title: 'Home', group: 'Dashboard', component: 'dashboard' },
        { route: '/masters/corridor', title: 'Corridor', group: 'Masters', component: 'register' },
        { route: '/masters/station', title: 'Station', group: 'Masters', component: 'register' },
      ],
    );
    expect(groups.map((g) => [g.name, g.routes.map((r) => r.id)])).toEqual([
      ['Dashboard', [3]],
      ['Masters', [4, 2]],
      ['Other screens', [1]],
    ]);
  });
});
