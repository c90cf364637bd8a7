import { expect, type Page } from '@playwright/test';

/**
 * A look-up column's filter under a list heading ("Filter Corridor"): a picker that searches the look-up on the
 * server as one types. Its input is the textbox of that name; its options sit in the listbox of that name.
 */
export function lookupFilter(page: Page, label: string) {
  const name = `Filter ${label}`;
  return {
    input: page.getByRole('textbox', { name, exact: true }),
    options: page.getByRole('listbox', { name, exact: true }).getByRole('option'),
  };
}

/** Types `typed` into a look-up filter and picks the option named `option`. */
export async function pickLookupFilter(page: Page, label: string, typed: string, option: string | RegExp) {
  const filter = lookupFilter(page, label);
  await filter.input.click();
  await filter.input.fill(typed);
  const chosen = filter.options.filter({ hasText: option });
  await expect(chosen).toHaveCount(1);
  await chosen.click();
}
