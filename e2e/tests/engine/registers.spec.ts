import { expect, type Page, test } from '@playwright/test';

import { pickLookupFilter } from '../list-filters';
import { callApi, signIn } from '../session';

/** The list's data rows (not its heading and filter rows), in the order shown. */
const dataRows = (page: Page) => page.locator('.ag-row[row-index]');

// Registers follow the screen metadata the gateway sends: the registry's default sort, and column filters sent as
// structured `columns[i][search][value]` that the gateway matches by the column's kind.

test('a register whose registry sorts descending lists the newest row first (the audit log)', async ({
  page,
}) => {
  await signIn(page, 'admin', 'Admin@123');
  // Two audit rows of a throwaway discipline: its creation, then (newest) its deletion.
  const code = `AUD-${Date.now() % 1_000_000}`;
  const created = await callApi(page, 'POST', '/api/data/discipline', {
    c_code: code,
    c_name: 'Audit order check',
  });
  expect(created.status).toBe(201);
  const id = String(created.json.id);
  const version = String((created.json.data as { n_row_version: number }).n_row_version);
  const deleted = await callApi(page, 'DELETE', `/api/data/discipline/${id}?n_row_version=${version}`);
  expect(deleted.status).toBe(200);

  await page.goto('/administration/auditlog');
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'When' })).toHaveAttribute('aria-sort', 'descending');
  const rows = dataRows(page);
  await expect(rows.first()).toContainText('discipline');
  await expect(rows.first()).toContainText(id);
  await expect(rows.first()).toContainText('delete');
  await expect(rows.nth(1)).toContainText('create');
  await expect(rows.nth(1)).toContainText(id);
});

test('a choice column filters exactly, sent as a column search value', async ({ page }) => {
  await signIn(page, 'admin', 'Admin@123');
  await page.goto('/masters/station');
  await expect(page.getByTestId('grid-count')).toHaveText('17 records');
  const sent = page.waitForRequest(
    (request) =>
      request.url().endsWith('/api/custom/datatable') && request.postData()?.includes('Underground') === true,
  );
  await page.getByLabel('Filter Station type').selectOption('Underground');
  const body = (await sent).postDataJSON() as {
    whrc?: string;
    columns: { data: string; search: { value: string } }[];
  };
  expect(body.whrc ?? '').toBe('');
  expect(body.columns.find((c) => c.data === 'c_station_type')?.search.value).toBe('Underground');
  await expect(page.getByTestId('grid-count')).toHaveText(/^\d+ of 17 records$/);
  const rows = dataRows(page);
  await expect(rows.first()).toContainText('Underground');
  await expect(rows.filter({ hasText: 'Elevated' })).toHaveCount(0);
});

test('a lookup column filters exactly by the chosen row', async ({ page }) => {
  // The gateway binds the filter value of an integer choice column (a lookup, a 0/1 flag) as text and answers 500
  // ("cannot convert … String … int8"); remove this line when it is fixed.
  await signIn(page, 'admin', 'Admin@123');
  await page.goto('/masters/station');
  await expect(page.getByTestId('grid-count')).toHaveText('17 records');
  const answered = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/custom/datatable') &&
      (response.request().postDataJSON() as { t: string }).t === 'station',
  );
  await pickLookupFilter(page, 'Corridor', 'Corridor 2', /^C2 — Corridor 2:/);
  expect((await answered).status()).toBe(200);
  await expect(page.getByTestId('grid-count')).toHaveText(/^\d+ of 17 records$/);
  await expect(dataRows(page).first()).toContainText('Corridor 2:');
});
