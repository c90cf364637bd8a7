import { describe, expect, it } from 'vitest';

import { componentOf, NOT_BUILT, SCREEN_COMPONENTS } from './screen-components';

describe('the kind map', () => {
  it('draws registers with the screen engine and named components by name', () => {
    expect(componentOf({ kind: 'register' })).toBe(SCREEN_COMPONENTS.register.default);
    expect(componentOf({ kind: 'register' })).not.toBe(NOT_BUILT);
    // Dashboards (the home page's analytics too) are drawn from `GET /api/dashboard` (a 404 there: not built yet).
    expect(componentOf({ kind: 'dashboard' })).toBe(SCREEN_COMPONENTS.dashboard.default);
    expect(componentOf({ kind: 'dashboard' })).not.toBe(NOT_BUILT);
    // A report list is a read-only register over a view (a report the registry does not describe: not built yet).
    expect(componentOf({ kind: 'report' })).toBe(SCREEN_COMPONENTS.register.default);
    expect(componentOf({ kind: 'custom', component: 'manage-users' })).not.toBe(NOT_BUILT);
    expect(componentOf({ kind: 'custom', component: 'user-permission' })).not.toBe(NOT_BUILT);
    // An import screen of the menu: the registry's preset drawn by the importer.
    expect(componentOf({ kind: 'import', component: null })).toBe(SCREEN_COMPONENTS.import.default);
    expect(componentOf({ kind: 'import', component: null })).not.toBe(NOT_BUILT);
  });

  it('shows "not built yet" for screens without a built component', () => {
    expect(componentOf({ kind: 'workflow' })).toBe(NOT_BUILT);
    // A component a newer gateway names.
    expect(componentOf({ kind: 'custom', component: 'site-diary' })).toBe(NOT_BUILT);
    for (const component of ['calendar', 'outlook', 'component-gallery']) {
      expect(componentOf({ kind: 'custom', component })).not.toBe(NOT_BUILT);
    }
    // A kind a newer gateway adds.
    expect(componentOf({ kind: 'map' as never })).toBe(NOT_BUILT);
  });
});
