import { expect, type Page, test } from '@playwright/test';

import { signIn } from '../session';

/** A selectall through the page's own session, as the console calls it. */
async function selectAll(page: Page, query: string): Promise<unknown[]> {
  return page.evaluate(async (q) => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as {
      accessToken?: string;
    };
    const response = await fetch(`/api/custom/selectall?${q}`, {
      headers: { 'x-access-token': user.accessToken ?? '' },
    });
    return (await response.json()) as unknown[];
  }, query);
}

/** The signed-in user's own alerts: the bell counts these (a superadmin may read everyone's). */
async function myAlerts(page: Page): Promise<number> {
  const id = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('user') ?? '{}') as { id?: number }).id,
  );
  return (await selectAll(page, `t=v_reminder&cols=id&whrc=${encodeURIComponent(`n_user_id = ${id}`)}`))
    .length;
}

test('the administrator sees the shell: navigation, dashboard counts, bell, ribbon and footer', async ({
  page,
}, testInfo) => {
  await signIn(page, 'admin', 'Admin@123');
  await expect(page.getByTestId('nav-user')).toHaveText('PMIS Administrator');
  await expect(page.getByRole('navigation').getByText('Masters')).toBeVisible();
  const stored = await page.evaluate(() => ({
    user: JSON.parse(localStorage.getItem('user') ?? 'null') as Record<string, unknown> | null,
    navjson: JSON.parse(localStorage.getItem('navjson') ?? '[]') as unknown[],
  }));
  expect(Object.keys(stored.user ?? {}).sort()).toEqual(['accessToken', 'id', 'name']);
  expect(stored.navjson.length).toBeGreaterThan(5);

  // The home page is the analytics dashboard: certified ₹1,045,849,030 of ₹89,700,000,000 contract value.
  await expect(page.getByTestId('stat-certified')).toHaveText('1.2%');
  await expect(page.getByTestId('bell-count')).toContainText(String(await myAlerts(page)));

  await expect(page.getByTestId('manual-link')).toHaveAttribute(
    'href',
    '/_support_resources/dashboard_analytics.pdf',
  );
  await expect(page.getByTestId('video-link')).toBeVisible();
  await expect(page.getByTestId('banner')).toContainText('Safety Week');
  await expect(page.getByTestId('support-contact')).toContainText('pmis.support@metrorail.example');
  // Another page has no manual: the ribbon re-checks on the route change.
  await page.getByRole('navigation').getByText('Masters').click();
  await page.getByRole('navigation').getByText('Corridor', { exact: true }).click();
  await expect(page).toHaveURL(/\/masters\/corridor$/);
  await expect(page.getByTestId('manual-link')).toHaveCount(0);
  await page.goto('/dashboard/analytics');
  // 10,640 of 105,760 m² of land in possession.
  await expect(page.getByTestId('stat-land')).toHaveText('10.1%');
  await page.screenshot({
    path: testInfo.outputPath('dashboard.png'),
    fullPage: true,
  });
});

test('a reminder is added through the modal after the confirmation, and listed', async ({
  page,
}, testInfo) => {
  await signIn(page, 'admin', 'Admin@123');
  const before = (await selectAll(page, 't=v_reminder&cols=id')).length;
  const mine = await myAlerts(page);
  await page.getByRole('button', { name: 'Reminders' }).click();
  const modal = page.getByRole('dialog', { name: 'Set Reminder' });
  await modal.getByRole('tab', { name: 'Add New Alert' }).click();
  await expect(modal.getByLabel('URL')).toHaveValue('/');
  await expect(modal.getByLabel('URL')).toHaveAttribute('readonly', '');
  await modal.getByLabel('Title').fill('Inspect pier P112 formwork');
  await modal.getByLabel('Detailed Action Plan').fill('Check the shuttering alignment before the pour.');
  await modal.getByLabel('Forward to').click();
  await page.getByRole('option', { name: /Priya Raman/ }).click();
  await modal.getByRole('button', { name: 'Add' }).click();
  await expect(modal.getByTestId('recipients')).toContainText('Priya Raman');
  await page.screenshot({ path: testInfo.outputPath('reminder-modal.png') });

  // No first: nothing is saved.
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Are you sure, you want to save the data in database ?')).toBeVisible();
  await page.getByRole('button', { name: 'No' }).click();
  await expect(page.getByText('You pressed No...')).toBeVisible();
  expect((await selectAll(page, 't=v_reminder&cols=id')).length).toBe(before);

  await modal.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Submitted Successfully')).toBeVisible();
  await expect(modal.getByTestId('alert-list')).toContainText('Inspect pier P112 formwork');
  await expect(page.getByTestId('bell-count')).toContainText(String(mine + 1));
});

test('the pending document list opens with links to the documents', async ({ page }) => {
  await signIn(page, 'admin', 'Admin@123');
  await page.getByTestId('pending-button').first().click();
  const modal = page.getByRole('dialog', { name: 'Pending Document List' });
  // With many registers waiting, the header's "To do N" is a menu of them.
  const everything = page.getByRole('menuitem', { name: 'Everything' });
  await expect(everything.or(modal).first()).toBeVisible();
  if (await everything.isVisible()) await everything.click();
  await expect(modal.getByRole('columnheader', { name: 'Document No.' })).toBeVisible();
  // The gateway gives each document a record link, which opens its form.
  const link = modal.getByRole('link', { name: 'C1-V01/DRG/PC-112' });
  await expect(link).toHaveAttribute('href', /^\/administration\/dmsreview\?record=r\./);
  await link.click();
  await expect(page.getByRole('dialog').getByRole('tab', { name: 'History' })).toBeVisible();
});

test('a route without permission is covered by the overlay; unknown paths land on /misc/404', async ({
  page,
}) => {
  await signIn(page, 'viewer', 'Viewer@123');
  await page.goto('/masters/package');
  await expect(page.getByTestId('access-overlay')).toContainText(
    'Access disabled - Please contact to Administrator',
  );
  await page.goto('/masters/corridor');
  await expect(page.getByTestId('data-screen')).toBeVisible();
  await expect(page.getByTestId('access-overlay')).toHaveCount(0);
  // A report the viewer holds: the pending list, with nothing for them (they read no workflow register).
  await page.goto('/reports/pendinglist');
  await expect(page.getByTestId('pending-report-empty')).toBeVisible();
  // A screen the viewer does not hold (the calendar): only the overlay shows, never the screen.
  await page.goto('/calendar');
  await expect(page.getByTestId('access-overlay')).toBeVisible();
  await expect(page.getByTestId('calendar-screen')).toHaveCount(0);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/misc\/404$/);
  await expect(page.getByTestId('page-404')).toBeVisible();
});

test('logout asks first: No keeps the session, Yes ends it', async ({ page }) => {
  await signIn(page, 'viewer', 'Viewer@123');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText('Are you sure, you want to logout ?')).toBeVisible();
  await page.getByRole('button', { name: 'No' }).click();
  await expect(page.getByText('Logout Denied')).toBeVisible();
  await expect(page.getByTestId('nav-user')).toBeVisible();

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/login/);
  // The session is cleared before the page loads /login afresh; a read that meets that navigation is retried.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('user')).catch(() => 'navigating'))
    .toBeNull();
});

test('layout options follow the toggle rules and are kept across reloads', async ({ page }) => {
  await signIn(page, 'viewer', 'Viewer@123');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Setting' }).click();
  const panel = page.getByRole('dialog', { name: 'Layout options' });
  await panel.getByLabel('Fixed ribbon').check({ force: true });
  await expect(panel.getByLabel('Fixed header')).toBeChecked();
  await expect(panel.getByLabel('Fixed navigation')).toBeChecked();
  await panel.getByLabel('Inside container').check({ force: true });
  await expect(panel.getByLabel('Fixed ribbon')).not.toBeChecked();
  await expect(panel.getByLabel('Fixed navigation')).not.toBeChecked();
  await panel.getByRole('textbox', { name: 'Skin' }).click();
  await page.getByRole('option', { name: 'Maroon' }).click();
  await expect(page.locator('[data-skin="smart-style-3"]')).toHaveCount(1);
  await page.reload();
  await expect(page.locator('[data-skin="smart-style-3"]')).toHaveCount(1);
  const stored = await page.evaluate(
    () => JSON.parse(localStorage.getItem('layout-settings') ?? '{}') as object,
  );
  expect(stored).toMatchObject({
    skin: 'smart-style-3',
    insideContainer: true,
    fixedHeader: true,
  });
});

test('the package strip shows a chosen package and hides without a row', async ({ page }) => {
  await signIn(page, 'viewer', 'Viewer@123');
  const rows = (await selectAll(page, 't=v_package_detail&cols=n_package,package')) as {
    n_package: number;
    package: string;
  }[];
  const chosen = rows[0];
  expect(chosen).toBeDefined();
  await page.goto(`/dashboard/analytics?package=${chosen?.n_package}`);
  const strip = page.getByTestId('package-strip');
  await expect(strip).toContainText(`Package: ${chosen?.package}`);
  await expect(strip).toContainText('Project:');
  await expect(strip).toContainText('Corridor:');
  await page.goto('/dashboard/analytics?package=999999');
  await expect(page.getByTestId('dashboard-screen')).toBeVisible();
  await expect(page.getByTestId('package-strip')).toHaveCount(0);
});
