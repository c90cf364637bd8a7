import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';

import { READABLE_PLACEHOLDER, READABLE_TEXT, readableColours } from './readable-colours';
import { contrast, readableTextColour, TEXT_CONTRAST } from '../lib/readable-colours-rule';

const { orange, blue, yellow } = DEFAULT_THEME.colors;

describe('readable text colours (WCAG 2.2 AA 1.4.3)', () => {
  it('computes the WCAG contrast ratio', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    // Mantine's dimmed gray 6 on white, which axe refused: 3.32:1.
    expect(contrast('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });

  // Worked by hand: blue 8 #1971c2 reads 5.02:1 on white but 4.27:1 on its tint (12 % over white: #e3eef8); blue 9
  // #1864ab reads 6.09:1 and 5.17:1.
  it('takes shade 9 when the filled shade is too pale on its own tint', () => {
    expect(readableTextColour(blue, 8)).toBe('#1864ab');
  });

  // Orange 8 #e8590c: 3.58:1 on white; orange 9 #d9480f: 4.30:1; orange 9 with 15 % black, (184, 61, 13) = #b83d0d:
  // 5.66:1 on white and 4.88:1 on the tint #fcebe2.
  it('darkens shade 9 when even it is too pale', () => {
    expect(readableTextColour(orange, 8)).toBe('#b83d0d');
  });

  // Yellow 9 #e67700 with 30 % black: (161, 83.3, 0) = #a15300, 5.60:1 on white and 5.02:1 on the tint #fdf1e0.
  it('goes as dark as yellow needs', () => {
    expect(readableTextColour(yellow, 8)).toBe('#a15300');
  });

  // Gray 6 #868e96 with 20 % black: (134, 142, 150) × 0.8 = (107, 114, 120) = #6b7278; its luminance 0.165 gives
  // (1.05) / (0.215) = 4.88:1 on white, and 4.63:1 on gray 0 #f8f9fa (a filled field).
  it('writes placeholders in a grey that still reads 4.5:1', () => {
    expect(READABLE_PLACEHOLDER).toBe('#6b7278');
    expect(contrast(READABLE_PLACEHOLDER, '#ffffff')).toBeCloseTo(4.88, 2);
    expect(contrast(READABLE_PLACEHOLDER, DEFAULT_THEME.colors.gray[0])).toBeGreaterThanOrEqual(
      TEXT_CONTRAST,
    );
    expect(readableColours(DEFAULT_THEME).light['--mantine-color-placeholder']).toBe(READABLE_PLACEHOLDER);
  });

  it('ships, for every colour of the theme, the text colour the rule picks with shade 8', () => {
    const picked = Object.fromEntries(
      Object.entries(DEFAULT_THEME.colors).map(([name, palette]) => [name, readableTextColour(palette, 8)]),
    );
    expect(READABLE_TEXT).toEqual(picked);
    for (const text of Object.values(READABLE_TEXT)) {
      expect(contrast(text, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    const { light } = readableColours(DEFAULT_THEME);
    expect(light['--mantine-color-dimmed']).toBe('var(--mantine-color-gray-7)');
    expect(light['--mantine-color-orange-light-color']).toBe('#b83d0d');
    expect(light['--mantine-color-orange-text']).toBe('#b83d0d');
    expect(light['--mantine-color-orange-outline']).toBe('#b83d0d');
  });
});
