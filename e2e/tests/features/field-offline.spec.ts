import { expect, test } from '@playwright/test';

// The field page opens without a connection (issue 50, defect 12): the site engineer opens /siteinspection on a
// phone and signs in; the page says it is kept offline. At a pier without a signal they reload it: the form, the
// look-ups it read before and the outbox are there; an inspection saved then waits on the phone, survives another
// reload offline, and is sent once the connection returns. Another console page, not kept, does not open offline
// (so the reload above really had no network).

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('/siteinspection reloaded without a connection shows its form and what waits to be sent', async ({
  page,
  context,
}) => {
  const remarks = `Pier P118 shuttering checked offline ${Date.now()}`;
  await page.goto('/siteinspection');
  await page.getByLabel('User name or e-mail').fill('engineer');
  await page.getByLabel('Password').fill('Engineer@123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Signed in as')).toBeVisible();
  await expect(page.getByTestId('opens-offline')).toContainText('opens without a connection', {
    timeout: 20_000,
  });
  // The package look-up is read once online (its options are then kept with the page's answers).
  await page.getByRole('textbox', { name: 'Package' }).click();
  await expect(page.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('Escape');

  await context.setOffline(true);
  await page.reload();
  // (Chromium's offline emulation does not reach navigator.onLine of a reloaded page, so the badge is not asked.)
  await expect(page.getByRole('heading', { name: 'Site inspection' })).toBeVisible();
  await expect(page.getByText('Signed in as')).toBeVisible();

  await page.getByRole('textbox', { name: 'Package' }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('textbox', { name: 'Location' }).fill('Pier P118');
  await page.getByRole('textbox', { name: 'Remarks' }).fill(remarks);
  await page.getByRole('button', { name: 'Save inspection' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Waiting to send (1)')).toBeVisible();

  // Still there after another reload without a connection.
  await page.reload();
  await expect(page.getByText('Waiting to send (1)')).toBeVisible();
  await expect(page.getByText('Signed in as')).toBeVisible();

  // A console page the phone did not keep does not open: the network really is off.
  const other = await context.newPage();
  await expect(other.goto('/login')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  await other.close();

  // Back in signal: the inspector sends it now (it would go by itself within 30 seconds).
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByText('Waiting to send')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId('outbox').getByText('Sent', { exact: true }).first()).toBeVisible();
});
