import { describe, expect, it } from 'vitest';

import { contrast, TEXT_CONTRAST } from '../../lib/readable-colours-rule';
import { COLOURS } from './calendar-events';

describe('calendar colours', () => {
  // The event's title is white on its kind's colour: Mantine's orange 6 #fd7e14 gave 2.57:1, which axe refused.
  it('keep white titles readable on every kind (4.5:1)', () => {
    for (const [kind, colour] of Object.entries(COLOURS)) {
      expect(contrast('#ffffff', colour), kind).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    expect(contrast('#ffffff', '#fd7e14')).toBeLessThan(TEXT_CONTRAST);
  });
});
