import { describe, expect, it } from 'vitest';

import { findIcons, ICON_SETS } from './icon-sets';

describe('the icons pages', () => {
  it('find icons by name or use, any case', () => {
    expect(findIcons(ICON_SETS.actions, 'delete').map((icon) => icon.name)).toEqual([
      'IconTrash',
      'IconRestore',
    ]);
    expect(findIcons(ICON_SETS.states, 'PDF').map((icon) => icon.name)).toEqual(['IconFileTypePdf']);
    expect(findIcons(ICON_SETS.states, ' ')).toHaveLength(ICON_SETS.states.length);
  });

  it('name every icon once', () => {
    const names = [...ICON_SETS.actions, ...ICON_SETS.states].map((icon) => icon.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
