import { type CSSVariablesResolver } from '@mantine/core';

/**
 * Readable coloured and dimmed text in the light scheme (WCAG 2.2 AA, 1.4.3): each Mantine colour's text is the
 * colour lib/readable-colours-rule.ts picks for it with the theme's filled shade 8 (a table, so the rule's arithmetic
 * stays out of the shell's first load; readable-colours.test.ts checks the table against the rule). Dimmed text is
 * gray 7 (8.2:1 on white). A placeholder (and a date field's empty text) is gray 6 with 20 % black, #6b7278: lighter
 * than a value, and 4.88:1 on white, 4.63:1 on a filled field's gray 0. The dark scheme is Mantine's.
 */
export const READABLE_PLACEHOLDER = '#6b7278';

export const READABLE_TEXT: Readonly<Record<string, string>> = {
  dark: '#1f1f1f',
  gray: '#343a40',
  red: '#c92a2a',
  pink: '#c2255c',
  grape: '#9c36b5',
  violet: '#6741d9',
  indigo: '#3b5bdb',
  blue: '#1864ab',
  cyan: '#0b7285',
  teal: '#076c4d',
  green: '#257535',
  lime: '#406809',
  yellow: '#a15300',
  orange: '#b83d0d',
};

export const readableColours: CSSVariablesResolver = () => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': READABLE_PLACEHOLDER,
  };
  for (const [name, text] of Object.entries(READABLE_TEXT)) {
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-light-color`] = text;
    light[`--mantine-color-${name}-outline`] = text;
  }
  return { variables: {}, light, dark: {} };
};
