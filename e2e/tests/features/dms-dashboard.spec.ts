import { expect, test } from '@playwright/test';

import { signIn } from '../session';

// The DMS dashboard (issue 31) drawn from GET /api/dashboard: its figures, the package filter kept in the address,
// and the drill-through to the registers (a bar to the document list filtered by its package, an overdue review's
// row to that review's form). Reads the demo only; depends on no row order.

test('the DMS dashboard draws its widgets and drills through to the registers', async ({ page }) => {
  await signIn(page, 'engineer', 'Engineer@123');
  await page.goto('/dashboard/dms');
  await expect(page.getByRole('heading', { name: 'DMS Dashboard' })).toBeVisible();
  await expect(page.getByTestId('stat-documents')).toHaveText(/^[\d,]+$/);
  await expect(page.getByTestId('widget-by_state').locator('.recharts-bar-rectangle').first()).toBeVisible();

  // A bar: the document list, filtered by that package (the filter is set under its heading).
  await page.getByTestId('widget-by_state').locator('.recharts-bar-rectangle').first().click();
  await expect(page).toHaveURL(/\/dms\/dms\?filter=n_package%3A\d+/);
  await expect(page.getByTestId('data-screen')).toBeVisible();
  await expect(page.getByText(/\d+ of \d+ records/)).toBeVisible();

  // An overdue review: its form opens.
  await page.goto('/dashboard/dms');
  const overdue = page.getByTestId('widget-overdue');
  const first = overdue.getByRole('link').first();
  if ((await first.count()) > 0) {
    await first.click();
    await expect(page).toHaveURL(/\/administration\/dmsreview\?record=\d+/);
    await expect(page.getByRole('dialog')).toBeVisible();
  }
});

test('the package filter is kept in the address and narrows the figures', async ({ page }) => {
  await signIn(page, 'engineer', 'Engineer@123');
  await page.goto('/dashboard/dms');
  const all = Number((await page.getByTestId('stat-documents').innerText()).replace(/,/g, ''));
  const picker = page.getByTestId('dashboard-package');
  await picker.click();
  await page.getByRole('option').first().click();
  await expect(page).toHaveURL(/[?&]package=\d+/);
  await expect
    .poll(async () => Number((await page.getByTestId('stat-documents').innerText()).replace(/,/g, '')))
    .toBeLessThanOrEqual(all);
  await page.reload();
  await expect(page.getByTestId('dashboard-package')).not.toHaveValue('');
});
