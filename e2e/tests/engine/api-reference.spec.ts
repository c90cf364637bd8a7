import { expect, test } from '@playwright/test';

test('the API reference renders the served OpenAPI document without reaching outside the site', async ({
  page,
  baseURL,
}) => {
  const outside: string[] = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (baseURL && url.startsWith(baseURL)) return route.continue();
    outside.push(url);
    return route.abort();
  });
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));

  await page.goto('/api-docs');
  // RapiDoc renders the whole document (some hundred operations) before showing it: on a busy two-core machine that
  // takes longer than an assertion's usual wait.
  await expect(page.getByText('Metro PMIS API').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('/api/custom/selectall').first()).toBeVisible();
  await expect(page.getByText('/api/reminder/create').first()).toBeVisible();
  expect(outside).toEqual([]);
  expect(failures).toEqual([]);
});
