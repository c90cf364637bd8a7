import { describe, expect, it } from 'vitest';

import {
  applyToggle,
  DEFAULT_LAYOUT,
  type LayoutSettings,
  restoreLayout,
  SKIN_LOOKS,
  SKINS,
  storeLayout,
} from './layout-settings';

const all = (overrides: Partial<LayoutSettings>): LayoutSettings => ({ ...DEFAULT_LAYOUT, ...overrides });

describe('layout toggle rules (docs/console.md §4)', () => {
  it('fixed header off also turns off fixed ribbon and fixed navigation', () => {
    const before = all({ fixedHeader: true, fixedNavigation: true, fixedRibbon: true });
    expect(applyToggle(before, 'fixedHeader', false)).toEqual(all({}));
  });

  it('fixed navigation on forces fixed header on and inside-container off; off turns fixed ribbon off', () => {
    expect(applyToggle(all({ insideContainer: true }), 'fixedNavigation', true)).toEqual(
      all({ fixedNavigation: true, fixedHeader: true }),
    );
    const before = all({ fixedHeader: true, fixedNavigation: true, fixedRibbon: true });
    expect(applyToggle(before, 'fixedNavigation', false)).toEqual(all({ fixedHeader: true }));
  });

  it('fixed ribbon on forces fixed header and navigation on and inside-container off', () => {
    expect(applyToggle(all({ insideContainer: true }), 'fixedRibbon', true)).toEqual(
      all({ fixedRibbon: true, fixedHeader: true, fixedNavigation: true }),
    );
  });

  it('inside-container on turns off fixed ribbon and fixed navigation', () => {
    const before = all({ fixedHeader: true, fixedNavigation: true, fixedRibbon: true });
    expect(applyToggle(before, 'insideContainer', true)).toEqual(
      all({ fixedHeader: true, insideContainer: true }),
    );
  });

  it('other toggles change only themselves', () => {
    expect(applyToggle(all({}), 'rtl', true)).toEqual(all({ rtl: true }));
    expect(applyToggle(all({ fixedHeader: true }), 'fixedFooter', true)).toEqual(
      all({ fixedHeader: true, fixedFooter: true }),
    );
  });
});

describe('stored layout', () => {
  it('round-trips, and resets when the configured default skin changes', () => {
    const chosen = all({ skin: 'smart-style-3', fixedHeader: true });
    expect(restoreLayout(storeLayout(chosen))).toEqual(chosen);
    expect(restoreLayout(storeLayout(chosen, 'smart-style-0'), 'smart-style-2')).toEqual(
      all({ skin: 'smart-style-2' }),
    );
    expect(restoreLayout('{not json')).toEqual(all({}));
    expect(restoreLayout(null)).toEqual(all({}));
  });
});

describe('skins', () => {
  it('are seven, each with a name of its own and a colour', () => {
    expect(SKINS).toHaveLength(7);
    const names = SKINS.map((skin) => SKIN_LOOKS[skin].name);
    expect(new Set(names).size).toBe(7);
    for (const skin of SKINS) expect(SKIN_LOOKS[skin].header).toMatch(/^#[0-9a-f]{6}$/);
    expect(names.some((name) => name.startsWith('smart-style'))).toBe(false);
  });
});
