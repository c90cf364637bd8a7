import { describe, expect, it } from 'vitest';

import type { Screen } from '../api/schema';
import { firstOpenable, mayOpen, screenAt } from './catalogue';

const screens: Screen[] = [
  { route: '/', title: 'Home', group: 'Dashboard', component: 'dashboard' },
  { route: '/masters/station', title: 'Station', group: 'Masters', component: 'register' },
];

describe('the catalogue', () => {
  it('finds a screen by its route, a trailing slash ignored; anything else is unknown', () => {
    expect(screenAt(screens, '/')?.title).toBe('Home');
    expect(screenAt(screens, '/masters/station/')?.title).toBe('Station');
    expect(screenAt(screens, '/masters/Station')).toBeUndefined();
    expect(screenAt(screens, '/no/such/page')).toBeUndefined();
  });

  it('lets superadmins open everything and others their held routes', () => {
    const user = { id: 2, username: 'v', name: 'V', email: 'v@x', superadmin: false, locked: false };
    expect(mayOpen({ user, routes: ['/'] }, '/')).toBe(true);
    expect(mayOpen({ user, routes: ['/'] }, '/masters/station')).toBe(false);
    expect(mayOpen({ user: { ...user, superadmin: true }, routes: [] }, '/masters/station')).toBe(true);
  });
});

describe('where a user lands', () => {
  const user = { id: 3, username: 'two', name: 'Two', email: 't@x', superadmin: false, locked: false };
  const menu: Screen[] = [
    { route: '/', title: 'Home', group: 'Dashboard', component: 'dashboard' },
    { route: '/masters/corridor', title: 'Corridor', group: 'Masters', component: 'register' },
    { route: '/masters/station', title: 'Station', group: 'Masters', component: 'register' },
  ];

  it('is the first screen of the menu they may open', () => {
    const me = { user, routes: ['/masters/station', '/masters/corridor'], screens: menu };
    expect(firstOpenable(me)?.route).toBe('/masters/corridor');
    expect(firstOpenable({ ...me, routes: [] })).toBeUndefined();
  });
});
