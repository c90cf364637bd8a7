import { expect, test } from '@playwright/test';

import { callApi, signIn } from '../session';

test('a locked console stays locked whatever address is typed, until the password is given', async ({
  page,
}) => {
  await signIn(page, 'viewer', 'Viewer@123');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Lock screen' }).click();
  await expect(page).toHaveURL(/\/lock/);
  // Typing another address does not get past the lock; the server refuses the session's calls too.
  // The console may send the page on to /lock before the typed page has loaded: wait only for the address to
  // be taken, then for where the console sends it.
  await page.goto('/masters/corridor', { waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/lock\?next=%2Fmasters%2Fcorridor/);
  expect((await callApi(page, 'GET', '/api/custom/cmnmsg')).status).toBe(423);
  await page.getByLabel('Password').fill('Viewer@123');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page).toHaveURL(/\/masters\/corridor$/);
  expect((await callApi(page, 'GET', '/api/custom/cmnmsg')).status).toBe(200);
});

test('a return address that leads outside the console falls back to the home page', async ({ page }) => {
  await page.goto('/login?next=/%5Cevil.example/x');
  await page.getByLabel('User name or e-mail').fill('viewer');
  await page.getByLabel('Password').fill('Viewer@123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
});
