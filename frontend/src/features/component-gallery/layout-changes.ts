/**
 * What a layout toggle changed, in words: the option switched and every other option the rules of docs/console.md §4
 * switched with it ("Fixed ribbon on: also fixed header on, fixed navigation on").
 */
import { translate } from '../../lib/i18n';
import type { LayoutSettings, LayoutToggle } from '../../lib/layout-settings';

/** The options' names in English: the place that shows one translates it. */
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

/** What each toggle does to the others (docs/console.md §4), for the page's list (translated where shown). */
export const TOGGLE_RULES: Partial<Record<LayoutToggle, string>> = {
  fixedHeader: 'Off also turns off the fixed ribbon and the fixed navigation.',
  fixedNavigation: 'On also fixes the header and leaves the container; off also frees the ribbon.',
  fixedRibbon: 'On also fixes the header and the navigation, and leaves the container.',
  insideContainer: 'On also frees the ribbon and the navigation.',
};

const ORDER = Object.keys(TOGGLE_LABELS) as LayoutToggle[];

/** The change in the user's language. */
export function layoutChanges(before: LayoutSettings, after: LayoutSettings, toggle: LayoutToggle): string {
  const state = (option: string, on: boolean) =>
    on ? translate('{{option}} on', { option }) : translate('{{option}} off', { option });
  const others = ORDER.filter((key) => key !== toggle && before[key] !== after[key]).map((key) =>
    state(translate(TOGGLE_LABELS[key]).toLowerCase(), after[key]),
  );
  const main = state(translate(TOGGLE_LABELS[toggle]), after[toggle]);
  return others.length === 0
    ? main
    : translate('{{change}}: also {{others}}', { change: main, others: others.join(', ') });
}
