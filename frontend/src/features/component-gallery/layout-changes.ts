/**
 * What a layout toggle changed, in words: the option switched and every other option the rules of docs/console.md §4
 * switched with it ("Fixed ribbon on: also fixed header on, fixed navigation on").
 */
import type { LayoutSettings, LayoutToggle } from '../../lib/layout-settings';

export const TOGGLE_LABELS: Record<LayoutToggle, string> = {
  fixedHeader: 'Fixed header',
  fixedNavigation: 'Fixed navigation',
  fixedRibbon: 'Fixed ribbon',
  fixedFooter: 'Fixed footer',
  insideContainer: 'Inside container',
  rtl: 'Right to left (RTL)',
  menuOnTop: 'Menu on top',
  colorblindFriendly: 'Colour-blind friendly',
};

/** What each toggle does to the others (docs/console.md §4), for the page's list. */
export const TOGGLE_RULES: Partial<Record<LayoutToggle, string>> = {
  fixedHeader: 'Off also turns off the fixed ribbon and the fixed navigation.',
  fixedNavigation: 'On also fixes the header and leaves the container; off also frees the ribbon.',
  fixedRibbon: 'On also fixes the header and the navigation, and leaves the container.',
  insideContainer: 'On also frees the ribbon and the navigation.',
};

const ORDER = Object.keys(TOGGLE_LABELS) as LayoutToggle[];

export function layoutChanges(before: LayoutSettings, after: LayoutSettings, toggle: LayoutToggle): string {
  const word = (on: boolean) => (on ? 'on' : 'off');
  const others = ORDER.filter((key) => key !== toggle && before[key] !== after[key]).map(
    (key) => `${TOGGLE_LABELS[key].toLowerCase()} ${word(after[key])}`,
  );
  const main = `${TOGGLE_LABELS[toggle]} ${word(after[toggle])}`;
  return others.length === 0 ? main : `${main}: also ${others.join(', ')}`;
}
