import { describe, expect, it } from 'vitest';

import { componentOf, ENGINE_COMPONENT, NOT_BUILT, SCREEN_COMPONENTS } from './screen-components';

describe('the component map', () => {
  it("draws registers with the screen engine and the console's own screens by name", () => {
    expect(componentOf({ component: ENGINE_COMPONENT })).toBe(SCREEN_COMPONENTS.register);
    expect(componentOf({ component: 'register' })).not.toBe(NOT_BUILT);
    // Dashboards (the home page's analytics too) are drawn from `GET /api/dashboard` (a 404 there: not built yet).
    expect(componentOf({ component: 'dashboard' })).not.toBe(NOT_BUILT);
    // An import screen of the menu: the registry's preset drawn by the importer.
    expect(componentOf({ component: 'import' })).not.toBe(NOT_BUILT);
    for (const component of ['manage-users', 'user-permission', 'calendar', 'outlook', 'component-gallery']) {
      expect(componentOf({ component })).not.toBe(NOT_BUILT);
    }
  });

  it('shows "not built yet" for a component this console has not built', () => {
    // A component a newer gateway names, and names an object's own keys would answer.
    for (const component of ['site-diary', 'toString', '__proto__', '']) {
      expect(componentOf({ component })).toBe(NOT_BUILT);
    }
  });
});
