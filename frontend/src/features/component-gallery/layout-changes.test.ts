import { describe, expect, it } from 'vitest';

import { applyToggle, DEFAULT_LAYOUT } from '../../lib/layout-settings';
import { layoutChanges } from './layout-changes';

describe('what a layout toggle changed', () => {
  it('names the toggle alone when nothing else moved', () => {
    const after = applyToggle(DEFAULT_LAYOUT, 'fixedFooter', true);
    expect(layoutChanges(DEFAULT_LAYOUT, after, 'fixedFooter')).toBe('Fixed footer on');
  });

  it('names what the rules switched with it', () => {
    const after = applyToggle(DEFAULT_LAYOUT, 'fixedRibbon', true);
    expect(layoutChanges(DEFAULT_LAYOUT, after, 'fixedRibbon')).toBe(
      'Fixed ribbon on: also fixed header on, fixed navigation on',
    );
    const off = applyToggle(after, 'fixedHeader', false);
    expect(layoutChanges(after, off, 'fixedHeader')).toBe(
      'Fixed header off: also fixed navigation off, fixed ribbon off',
    );
  });
});
