import { readFile } from 'node:fs/promises';

import { expect, type Page, test } from '@playwright/test';

import { signIn } from '../session';

// Custom reports (issue 32): the engineer builds a grouped NCR report with mistakes first, fixes them, runs it,
// shares it with a contractor, saves and exports it; the contractor opens it from "Shared with me" and reads it with
// their own packages, unable to change it.

async function pick(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).first().click();
}

test('a custom report is built, saved, exported and reopened by another user', async ({ browser, page }) => {
  const title = `NCRs by package and status ${Date.now()}`;
  await signIn(page, 'engineer', 'Engineer@123');
  await page.goto('/reports/customreports');
  await expect(page.getByRole('heading', { name: 'Custom Reports' })).toBeVisible();
  await expect(page.getByTestId('custom-report-empty')).toBeVisible();

  // Saving an empty form says what is missing, at each field, without a call.
  await page.getByTestId('custom-report-save').click();
  await expect(page.getByText('Give the report a title')).toBeVisible();
  await expect(page.getByText('Choose a register', { exact: true })).toBeVisible();
  await expect(page.getByText('Choose at least one column')).toBeVisible();

  await page.getByTestId('custom-report-title').fill(title);
  await pick(page, 'custom-report-register', /^NCR$/);
  await page.getByTestId('custom-report-mode').getByText('Grouped with totals').click();
  await pick(page, 'custom-report-group', 'Package');
  await pick(page, 'custom-report-group', 'Status');
  await page.keyboard.press('Escape');
  await page.getByTestId('custom-report-add-measure').click();

  // A filter the language refuses: the gateway's reason, nothing run.
  await page.getByTestId('custom-report-filter').fill("c_state = 'Open'; DROP TABLE ncr");
  await page.getByTestId('custom-report-run').click();
  await expect(page.getByTestId('custom-report-error')).toContainText('filter:');

  // The condition builder writes the filter for a person who does not know the language.
  await page.getByTestId('custom-report-filter').fill('');
  await pick(page, 'custom-report-condition-column', /^Status$/);
  await pick(page, 'custom-report-condition-operator', /^is not$/);
  await page.getByTestId('custom-report-condition-add').click();
  await expect(page.getByText('Enter a value')).toBeVisible();
  await page.getByTestId('custom-report-condition-value').fill('Closed');
  await page.getByTestId('custom-report-condition-add').click();
  await expect(page.getByTestId('custom-report-filter')).toHaveValue("c_state <> 'Closed'");
  const ran = page.waitForResponse((answer) => answer.url().endsWith('/api/custom-reports/preview'));
  await page.getByTestId('custom-report-run').click();
  expect((await ran).status()).toBe(200);
  const table = page.getByTestId('custom-report-table');
  await expect(table.getByRole('columnheader')).toHaveText(['Package', 'Status', 'Count']);
  const engineerRows = await table.getByRole('row').count();
  expect(engineerRows).toBeGreaterThan(1);

  await pick(page, 'custom-report-share', /^Rahul Verma/);
  await page.keyboard.press('Escape');
  await page.getByTestId('custom-report-save').click();
  await expect(page.getByText('Submitted Successfully')).toBeVisible();
  await expect(page).toHaveURL(/[?&]report=\d+/);

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('custom-report-csv').click(),
  ]);
  expect(csv.suggestedFilename()).toBe(`${title} - NCR.csv`);
  const text = (await readFile((await csv.path()) ?? '', 'utf8')).replace(/^\uFEFF/, '');
  expect(text.split(/\r?\n/)[0]).toBe('Package,Status,Count');
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('custom-report-pdf').click(),
  ]);
  expect((await readFile((await pdf.path()) ?? '')).subarray(0, 5).toString()).toBe('%PDF-');

  // The contractor opens it from "Shared with me": their own packages, and a copy is all they may save.
  const context = await browser.newContext();
  const contractor = await context.newPage();
  await signIn(contractor, 'contractor', 'Contractor@123');
  await contractor.goto('/reports/customreports');
  await contractor.getByTestId('custom-report-open').click();
  await contractor.getByRole('option', { name: `${title} (Arjun Mehta)` }).click();
  await expect(contractor.getByTestId('custom-report-shared')).toContainText(
    'Shared with you by Arjun Mehta',
  );
  await expect(contractor.getByTestId('custom-report-title')).toHaveValue(title);
  const theirs = contractor.getByTestId('custom-report-table');
  await expect(theirs.getByRole('columnheader')).toHaveText(['Package', 'Status', 'Count']);
  await expect(contractor.getByTestId('custom-report-save')).toHaveText('Save a copy');
  await expect(contractor.getByTestId('custom-report-delete')).toHaveCount(0);
  await expect(contractor.getByTestId('custom-report-share')).toBeDisabled();
  await context.close();
});
