import { expect, test } from '@playwright/test';

import { callApi, signIn } from '../session';

// A person chooses, in the user menu, one digest a day instead of a mail for each copy and reminder; the choice is
// the stored one when the modal opens again, and an administrator sees it on Manage users.
test('the daily digest is turned on and off from the user menu', async ({ page }) => {
  await signIn(page, 'employer', 'Employer@123');
  const open = async () => {
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Mail preferences' }).click();
    return page.getByRole('dialog', { name: 'Mail preferences' });
  };
  let dialog = await open();
  const digest = () => dialog.getByRole('switch', { name: /One digest a day/ });
  await expect(digest()).not.toBeChecked();
  await expect(dialog.getByText('still comes at once')).toBeVisible();
  await digest().check({ force: true });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('One digest a day', { exact: true })).toBeVisible();
  const me = await callApi(page, 'GET', '/api/auth/me');
  expect((me.json.user as { mailDigest: boolean }).mailDigest).toBe(true);

  // Opened again: the stored choice. Cancel keeps it; turned off and saved, it is off.
  dialog = await open();
  await expect(digest()).toBeChecked();
  await digest().uncheck({ force: true });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  dialog = await open();
  await expect(digest()).toBeChecked();
  await digest().uncheck({ force: true });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const after = await callApi(page, 'GET', '/api/auth/me');
  expect((after.json.user as { mailDigest: boolean }).mailDigest).toBe(false);
});
