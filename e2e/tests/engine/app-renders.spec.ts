import { expect, test } from '@playwright/test';

test('a deep link without a session goes to sign-in and, after it, to the page asked for', async ({
  page,
}) => {
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));
  const response = await page.goto('/masters/corridor');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/login\?next=%2Fmasters%2Fcorridor$/);
  await expect(page).toHaveTitle('Metro PMIS');
  await page.getByLabel('User name or e-mail').fill('admin');
  await page.getByLabel('Password').fill('Admin@123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/masters\/corridor$/);
  await expect(page.getByTestId('data-screen')).toContainText('Corridor');
  expect(failures).toEqual([]);
});

test('a wrong password is refused with the server message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('User name or e-mail').fill('admin');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText(/wrong|not correct|incorrect/i);
  await expect(page).toHaveURL(/\/login/);
});

test('an unknown API path answers JSON rather than the application page', async ({ request }) => {
  // Without a session every API path, known or not, is a JSON 401; signed in, an unknown one is a JSON 404.
  const anonymous = await request.get('/api/no-such-endpoint');
  expect(anonymous.status()).toBe(401);
  expect(anonymous.headers()['content-type']).toBe('application/json');
  const signin = await request.post('/api/auth/signin', {
    data: { username: 'admin', password: 'Admin@123' },
  });
  const { accessToken } = (await signin.json()) as { accessToken: string };
  const response = await request.get('/api/no-such-endpoint', { headers: { 'x-access-token': accessToken } });
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toBe('application/json');
  expect(await response.json()).toMatchObject({ code: 'PMIS-R404' });
});
