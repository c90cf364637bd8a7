import { expect, test } from '@playwright/test';

import { signIn } from '../session';

// The analytics dashboard (issue 32) on the home page: its figures from the registers, the filter bar kept in the
// address, and the drill-through into a register filtered by the clicked package. Reads the demo only.

test('the analytics dashboard drills down into a register', async ({ page }) => {
  await signIn(page, 'engineer', 'Engineer@123');
  await expect(page.getByRole('heading', { name: 'Analytics' })).toBeVisible();
  // 10,640 of 105,760 m² of land in possession; the S-curve draws its two lines.
  await expect(page.getByTestId('stat-land')).toHaveText('10.1%');
  await expect(page.getByTestId('widget-scurve').locator('.recharts-line')).toHaveCount(2);

  // A bar of the land chart: the land register, filtered by that bar's package.
  await page.getByTestId('widget-land_by_package').locator('.recharts-bar-rectangle').first().click();
  await expect(page).toHaveURL(/\/dataentry\/la\?filter=n_package%3A\d+/);
  await expect(page.getByTestId('data-screen')).toBeVisible();
  await expect(page.getByText(/\d+ of \d+ records/)).toBeVisible();

  // A figure: its register.
  await page.goto('/');
  await page.getByTestId('stat-certified').click();
  await expect(page).toHaveURL(/\/contract-data-entry\/ipc$/);
});

test('the filter bar narrows every figure and the address keeps it', async ({ page }) => {
  await signIn(page, 'engineer', 'Engineer@123');
  await expect(page.getByTestId('stat-land')).toHaveText('10.1%');
  await page.getByTestId('dashboard-corridor').click();
  await page.getByRole('option', { name: /^C2/ }).click();
  await expect(page).toHaveURL(/[?&]corridor=2/);
  // Corridor 2: 2,540 of 28,600 m² in possession.
  await expect(page.getByTestId('stat-land')).toHaveText('8.9%');
  const bars = page.getByTestId('widget-land_by_package');
  await expect(bars.getByText('C2-V01')).toBeVisible();
  await expect(bars.getByText('C1-V01')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('stat-land')).toHaveText('8.9%');
  await expect(page.getByTestId('dashboard-corridor')).not.toHaveValue('');
  // The bar is the package register's programme levels: the corridor narrows the packages offered to its own, and
  // a new corridor clears the package chosen.
  await page.getByTestId('dashboard-package').click();
  await expect(page.getByRole('option', { name: /^C2-V01/ })).toBeVisible();
  await expect(page.getByRole('option', { name: /^C1-/ })).toHaveCount(0);
  await page.getByRole('option', { name: /^C2-V01/ }).click();
  await expect(page).toHaveURL(/[?&]package=\d+/);
  await page.getByTestId('dashboard-corridor').click();
  await page.getByRole('option', { name: /^C1/ }).click();
  await expect(page).toHaveURL(/[?&]corridor=1/);
  await expect(page).not.toHaveURL(/[?&]package=/);
});

test('the dashboard summary lights each package', async ({ page }) => {
  await signIn(page, 'planner', 'Planner@123');
  await page.goto('/dashboard/dashboardsummary');
  const table = page.getByTestId('widget-packages');
  await expect(table.getByRole('row')).toHaveCount(7);
  await expect(table.getByRole('row', { name: /C1-V01/ }).getByText('Red')).toBeVisible();
  await table.getByRole('link', { name: 'C1-V01' }).click();
  await expect(page).toHaveURL(/\/dataentry\/risk_register\?filter=n_package%3A\d+/);
});

test('the map draws each corridor and a station opens its key elements', async ({ page }) => {
  await signIn(page, 'engineer', 'Engineer@123');
  await page.goto('/dashboard/map');
  await expect(page.getByTestId('network-line')).toHaveCount(2);
  await expect(page.getByTestId('network-node')).toHaveCount(17);
  await page.getByRole('link', { name: 'Aerocity: In progress' }).click();
  await expect(page).toHaveURL(/\/contract-data-entry\/keyelementstatus\?filter=n_station%3A\d+/);
  await expect(page.getByTestId('data-screen')).toBeVisible();
  // Aerocity's station box: its concourse and platform slabs and roof, and the section's four spans after it.
  await expect(page.getByText(/^7 of \d+ records$/)).toBeVisible();
});
