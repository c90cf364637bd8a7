import { expect, test } from '@playwright/test';

import { callApi, signIn } from '../session';

// A session that ends while the user works: the gateway answers 401, the console goes to sign-in saying so and
// comes back to the same screen; the return address never nests.

test('a session that ends while a form is open: sign-in says so, then back to the same screen', async ({
  page,
}) => {
  await signIn(page, 'admin', 'Admin@123');
  await page.goto('/masters/corridor?package=4');
  await page.getByRole('button', { name: 'New' }).click();
  const form = page.getByRole('form', { name: 'Corridor form' });
  await form.getByLabel('Code').fill('C8');
  await form.getByLabel('Name').fill('Corridor 8 (session ends)');
  // The session ends on the server (as when it expires or is signed out elsewhere).
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('user') ?? '{}') as { accessToken: string }).accessToken,
  );
  const id = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('user') ?? '{}') as { id: number }).id,
  );
  expect((await callApi(page, 'POST', '/api/auth/logout', { n_user_id: id, c_token: token })).status).toBe(
    200,
  );

  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fmasters%2Fcorridor%3Fpackage%3D4&ended=1$/);
  await expect(page.getByTestId('session-ended')).toHaveText('Your session has ended; sign in again');

  await page.getByLabel('User name or e-mail').fill('admin');
  await page.getByLabel('Password').fill('Admin@123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/masters\/corridor\?package=4$/);
  await expect(page.getByTestId('data-screen')).toBeVisible();
});

test('a session that ends on the sign-in page itself does not nest return addresses', async ({ page }) => {
  await page.goto('/login?next=%2Flogin%3Fnext%3D%252Fmasters%252Fcorridor&ended=1');
  await page.getByLabel('User name or e-mail').fill('viewer');
  await page.getByLabel('Password').fill('Viewer@123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
});

test('a session locked from another tab sends the open form to the lock screen, and back after unlocking', async ({
  page,
}) => {
  await signIn(page, 'viewer', 'Viewer@123');
  await page.goto('/masters/station');
  await expect(page.getByTestId('grid-count')).toHaveText('17 records');
  // Locked elsewhere: the next call of this tab is answered 423.
  expect((await callApi(page, 'POST', '/api/auth/lock', {})).status).toBe(200);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page).toHaveURL(/\/lock\?next=%2Fmasters%2Fstation$/);
  await page.getByLabel('Password').fill('Viewer@123');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page).toHaveURL(/\/masters\/station$/);
  await expect(page.getByTestId('grid-count')).toHaveText('17 records');
});
