import { expect, test } from '@playwright/test';

import { pick } from '../record-steps';
import { signIn } from '../session';

// A look-up that follows another field (docs/registry.md, `same`): a letter's Contract offers only the contracts of
// the Package chosen in the same form, and follows a change of package; the gateway refuses any other.

test('a letter’s contract look-up offers only the contracts of the package chosen', async ({ page }) => {
  await signIn(page, 'engineer', 'Engineer@123');
  await page.goto('/correspondence/correspondence');
  await page.getByRole('button', { name: 'New' }).click();
  const form = page.getByRole('form', { name: 'Correspondence form' });
  const contracts = page.getByRole('listbox', { name: 'Contract', exact: true }).getByRole('option');

  await pick(page, form, 'Package', /^C1-V01 — /);
  await form.getByRole('textbox', { name: 'Contract', exact: true }).click();
  // An option reads number first, then the title.
  await expect(contracts).toHaveText([/^MRC\/C1-V01\/2022\/01 — /]);
  await contracts.first().click();

  await pick(page, form, 'Package', /^C1-UG01 — /);
  await form.getByRole('textbox', { name: 'Contract', exact: true }).click();
  await expect(contracts.filter({ hasText: 'MRC/C1-UG01/2023/02' })).toHaveCount(1);
  await expect(contracts.filter({ hasText: 'MRC/C1-SYS1' })).toHaveCount(0);
});
