import { expect, test } from '@playwright/test';

import { callApi, signIn, signInToDashboard, userWithRoutes } from '../session';

// What a user may do decides what the console offers: buttons per action, a read-only form for a viewer, the first
// screen they may open after sign-in, no forbidden screen drawn under the overlay, and the permission screen that
// grants actions per route and in bulk.

test('the read-only viewer gets no New or Delete, a read-only form, and the gateway refuses her writes', async ({
  page,
}) => {
  await signIn(page, 'viewer', 'Viewer@123');
  await page.goto('/masters/corridor');
  await expect(page.getByTestId('data-screen')).toBeVisible();
  await expect(page.getByText('Read only')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New' })).toHaveCount(0);
  // She may export.
  await expect(page.getByRole('button', { name: 'CSV' })).toBeVisible();

  await page.getByRole('row').filter({ hasText: 'C1' }).first().click();
  const form = page.getByRole('form', { name: 'Corridor form' });
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveAttribute('readonly', '');
  await expect(form.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Update' })).toHaveCount(0);
  // Leaving the form is "Done", never "Close" (a workflow's step may be called that).
  await form.getByRole('button', { name: 'Done' }).click();
  await expect(form).toBeHidden();

  const write = await callApi(page, 'POST', '/api/data/corridor', { c_code: 'C9', c_name: 'Not hers' });
  expect(write.status).toBe(403);
  expect(write.json.code).toBe('PMIS-R403A');
});

test('a user without export sees no export buttons', async ({ page, request }) => {
  const username = await userWithRoutes(request, ['/masters/station'], {
    create: true,
    update: true,
    delete: false,
    export: false,
  });
  await signIn(page, username, 'Route@2026');
  await page.goto('/masters/station');
  await expect(page.getByRole('button', { name: 'New' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'CSV' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Excel' })).toHaveCount(0);
  await page.getByRole('row').filter({ hasText: 'C1-S01' }).click();
  const form = page.getByRole('form', { name: 'Station form' });
  await expect(form.getByRole('button', { name: 'Update' })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Delete' })).toHaveCount(0);
});

test('a user without the dashboard lands on the first screen of the menu they may open', async ({
  page,
  request,
}) => {
  const username = await userWithRoutes(request, ['/masters/station', '/masters/corridor']);
  await signIn(page, username, 'Route@2026');
  await expect(page).toHaveURL(/\/masters\/corridor$/);
  await expect(page.getByTestId('data-screen')).toBeVisible();
  await expect(page.getByTestId('access-overlay')).toHaveCount(0);
});

test('the Access disabled overlay stands alone: the forbidden screen and its data are never asked for', async ({
  page,
}) => {
  // The landing page's own calls (its counts) are done before the forbidden screen is opened.
  await signInToDashboard(page, 'viewer', 'Viewer@123');
  const asked: string[] = [];
  // Only the package screen's calls count.
  page.on('request', (r) => {
    if (decodeURIComponent(r.url()).includes('/api/screen?route=/masters/package')) asked.push(r.url());
    if (
      r.url().includes('/api/custom/datatable') &&
      /"t":\s*"package"|(^|&)t=package(&|$)/.test(r.postData() ?? '')
    )
      asked.push(r.url());
  });
  await page.goto('/masters/package');
  await expect(page.getByTestId('access-overlay')).toContainText(
    'Access disabled - Please contact to Administrator',
  );
  await expect(page.getByTestId('data-screen')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Package' })).toHaveCount(0);
  expect(asked).toEqual([]);
});

test('User permission grants actions per route and in bulk', async ({ page, request }) => {
  const username = await userWithRoutes(request, ['/masters/corridor']);
  await signIn(page, 'admin', 'Admin@123');
  await page.goto('/administration/userpermission');
  await page.getByRole('textbox', { name: 'User' }).fill(username);
  await page.getByRole('option', { name: new RegExp(username.replace('.', '\\.')) }).click();
  const corridor = 'Corridor (/masters/corridor)';
  await expect(page.getByRole('checkbox', { name: `View: ${corridor}` })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: `Delete: ${corridor}` })).toBeChecked();

  // Per row: no delete on corridors.
  await page.getByRole('checkbox', { name: `Delete: ${corridor}` }).uncheck();
  // In bulk: stations and sites, view and export only.
  await page.getByRole('checkbox', { name: 'Choose Station (/masters/station)' }).check();
  await page.getByRole('checkbox', { name: 'Choose Site (/masters/site)' }).check();
  for (const action of ['Create', 'Update', 'Delete']) {
    await page.getByRole('checkbox', { name: `Bulk ${action}` }).uncheck();
  }
  await page.getByRole('button', { name: 'Apply to chosen rows' }).click();
  await expect(page.getByRole('checkbox', { name: 'View: Station (/masters/station)' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Export: Site (/masters/site)' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Create: Site (/masters/site)' })).not.toBeChecked();
  await expect(page.getByTestId('permission-summary')).toContainText('3 rows changed');

  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Updated Successfully')).toBeVisible();

  // What the user may now do, as the gateway tells the console.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  // Logout reloads /login (its own address, unlike the redirect that follows the cleared session at once).
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('User name or e-mail')).toBeVisible();
  await signIn(page, username, 'Route@2026');
  const me = await callApi(page, 'GET', '/api/auth/me');
  const actions = me.json.actions as Record<string, Record<string, boolean>>;
  expect(actions['/masters/corridor']).toEqual({ create: true, update: true, delete: false, export: true });
  expect(actions['/masters/station']).toEqual({ create: false, update: false, delete: false, export: true });
  expect(actions['/masters/site']).toEqual({ create: false, update: false, delete: false, export: true });
});
