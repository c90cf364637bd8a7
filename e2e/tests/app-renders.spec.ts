import { expect, test } from '@playwright/test';

test('the served console renders and reports a connected database', async ({ page }, testInfo) => {
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));

  await page.goto('/');
  await expect(page).toHaveTitle('Metro PMIS');
  await expect(page.getByRole('heading', { level: 1, name: 'Metro PMIS' })).toBeVisible();
  await expect(page.getByTestId('health-status')).toHaveText(/Database connected/);
  await page.screenshot({ path: testInfo.outputPath('home.png'), fullPage: true });
  expect(failures).toEqual([]);
});

test('a deep link loads the application, not a server 404', async ({ page }) => {
  const response = await page.goto('/masters/corridor');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Metro PMIS' })).toBeVisible();
  await expect(page.locator('code')).toHaveText('/masters/corridor');
});

test('an unknown API path answers JSON 404 rather than the application page', async ({ request }) => {
  const response = await request.get('/api/no-such-endpoint');
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toBe('application/json');
  expect(await response.json()).toMatchObject({ code: 'PMIS-R404' });
});
