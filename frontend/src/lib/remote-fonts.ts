/**
 * A library's CSS without its `@font-face` rules that fetch fonts from another host. The timeline's chart (SVAR)
 * declares Roboto and Open Sans on its CDN; the console's Content-Security-Policy refuses that host, and Roboto is
 * also in the console's own font stack, so every page that had loaded the chart asked the CDN for its fonts (and
 * logged a refusal each time). Without the rules, text falls back to the fonts the console ships with or the
 * system has; the build applies this to the chart's CSS (vite.config.ts).
 */
export function stripRemoteFontFaces(css: string): string {
  return css.replace(/@font-face\s*\{[^}]*\burl\(\s*["']?(?:https?:)?\/\/[^}]*\}/g, '');
}
