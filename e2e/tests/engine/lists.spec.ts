import { expect, test } from '@playwright/test';

import { pickLookupFilter } from '../list-filters';
import { signIn } from '../session';

// Lists: each filter says what it accepts, a filtered list says how many of all records it shows, and flags read
// Yes/No.

test('filters hint what they accept, and a filtered list counts "2 of 6 records"', async ({ page }) => {
  await signIn(page, 'admin', 'Admin@123');
  await page.goto('/masters/package');
  await expect(page.getByTestId('grid-count')).toHaveText('6 records');
  const cost = page.getByLabel('Filter Estimated cost (INR)');
  await expect(cost).toHaveAttribute('placeholder', 'e.g. >20 or 10..20');
  await expect(cost).toHaveAttribute('title', /10\.\.20/);
  await expect(page.getByLabel('Filter Code')).toHaveAttribute('placeholder', 'Contains…');

  await pickLookupFilter(page, 'Corridor', 'green', 'C2 — Corridor 2: Northgate - Southfield (Green Line)');
  await expect(page.getByTestId('grid-count')).toHaveText('2 of 6 records');

  await page.goto('/masters/contract');
  await expect(page.getByLabel('Filter Scheduled completion')).toHaveAttribute(
    'placeholder',
    'e.g. 2026-03 or 2026-01..2026-03',
  );
});

test('a number filter takes comparisons and ranges; text it cannot read is refused with the reason', async ({
  page,
}) => {
  await signIn(page, 'admin', 'Admin@123');
  await page.goto('/masters/station');
  const chainage = page.getByLabel('Filter Chainage (km)');
  await chainage.fill('5..10');
  await chainage.press('Enter');
  await expect(page.getByTestId('grid-count')).toHaveText(/^\d+ of 17 records$/);
  await chainage.fill('five');
  await chainage.press('Enter');
  const refused = page.getByRole('alert').filter({ hasText: 'This search or filter cannot be used' });
  await expect(refused).toContainText('10..20');
  await chainage.fill('>5');
  await chainage.press('Enter');
  await expect(refused).toBeHidden();
  await expect(page.getByTestId('grid-count')).toHaveText(/^\d+ of 17 records$/);
});

test('a search counts what it finds of all records', async ({ page }) => {
  await signIn(page, 'admin', 'Admin@123');
  await page.goto('/masters/station');
  await expect(page.getByTestId('grid-count')).toHaveText('17 records');
  await page.getByRole('textbox', { name: 'Search' }).fill('Airport');
  await expect(page.getByTestId('grid-count')).toHaveText(/^\d+ of 17 records$/);
});

test('flags read Yes or No in lists, never 0 or 1', async ({ page }) => {
  await signIn(page, 'admin', 'Admin@123');
  await page.goto('/administration/manageusers');
  const admin = page.getByRole('row').filter({ hasText: 'admin@metrorail.example' });
  await expect(admin).toContainText('Yes');
  const cells = await page.locator('.ag-cell[col-id="n_active"]').allTextContents();
  expect(cells.length).toBeGreaterThan(0);
  for (const text of cells) expect(['Yes', 'No']).toContain(text);
});
