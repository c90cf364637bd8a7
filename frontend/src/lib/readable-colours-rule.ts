import { type MantineColorShade, type MantineColorsTuple } from '@mantine/core';

/**
 * The rule behind readable-colours.ts's table (kept out of the console's bundle; its test checks the table). Colours
 * every reader can read (WCAG 2.2 AA, 1.4.3: 4.5:1 for text). Mantine's light scheme writes coloured text
 * (a `c="orange"` text, a light or outline badge, a link) in the palette's filled shade, which is too pale on white
 * for most colours (orange 2.9:1, green 2.5:1 on a light badge), and dimmed text in gray 6 (3.3:1). Here each colour's
 * text is the lightest of its dark shades that reaches 4.5:1 on white and on its own light tint (the light variant's
 * hover background, the darker of the two), and dimmed text is gray 7 (8.2:1).
 */

/** The contrast a colour's text must reach (WCAG 1.4.3, normal text). */
export const TEXT_CONTRAST = 4.5;

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  const digits = hex.replace('#', '');
  const full =
    digits.length === 3
      ? digits
          .split('')
          .map((digit) => digit + digit)
          .join('')
      : digits;
  return [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16)) as Rgb;
}

function hexOf(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** `colour` laid over `under` with `alpha` (what a translucent background shows). */
function over([r, g, b]: Rgb, alpha: number, [ur, ug, ub]: Rgb): Rgb {
  const mix = (channel: number, below: number) => channel * alpha + below * (1 - alpha);
  return [mix(r, ur), mix(g, ug), mix(b, ub)];
}

/** WCAG relative luminance. */
function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [la, lb] = [luminance(rgbOf(a)), luminance(rgbOf(b))];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/**
 * The text colour for a palette: its filled shade, shade 9, then shade 9 darkened by 15 % steps, the first that reads
 * at `TEXT_CONTRAST` on white and on the palette's light tint (`filledShade` at 12 % over white).
 */
export function readableTextColour(palette: MantineColorsTuple, filledShade: MantineColorShade): string {
  const tint = hexOf(over(rgbOf(palette[filledShade]), 0.12, WHITE));
  const darkest = rgbOf(palette[9]);
  const candidates = [
    palette[filledShade],
    palette[9],
    ...[0.15, 0.3, 0.45, 0.6].map((share) => hexOf(over(BLACK, share, darkest))),
  ];
  const reads = (colour: string) =>
    contrast(colour, '#ffffff') >= TEXT_CONTRAST && contrast(colour, tint) >= TEXT_CONTRAST;
  return candidates.find(reads) ?? hexOf(BLACK);
}
