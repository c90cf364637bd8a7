import { expect, type Locator, type Page, test } from '@playwright/test';

import { signIn } from '../session';

// Child registers in the parent's form, on the daily report and its manpower lines: a tab per child next to
// Details and History, lines added, changed and deleted with the confirmations and notices, the rules of the
// child's own description under the fields, the totals the database keeps re-read after each change, and no
// changes once the report is closed. The console's code knows no particular register: this test only uses one.

const ROUTE = '/contract-data-entry/dailyreport';
const SAVE = 'Are you sure, you want to save the data in database ?';
const DELETE = 'Are you sure, you want to Delte the data in database ?';

/** Opens the first report of the list in `state` (the Status filter offers the states by their labels). */
async function openFirstIn(page: Page, state: string) {
  await page.goto(ROUTE);
  await page.getByLabel('Filter Status').selectOption({ label: state });
  await expect(page.getByTestId('grid-count')).toContainText(' of ');
  await page.getByRole('row').filter({ hasText: /-DR-/ }).first().click();
  await expect(page.getByTestId('record-number')).toBeVisible();
}

/** A read-only amount of the form's Details tab, as a number. */
async function amount(form: Locator, label: string): Promise<number> {
  return Number((await form.getByLabel(label, { exact: true }).inputValue()).replaceAll(',', ''));
}

async function totals(page: Page) {
  await page.getByRole('tab', { name: 'Details' }).click();
  const form = page.getByRole('form', { name: 'Daily report form' });
  return { persons: await amount(form, 'Manpower (persons)'), hours: await amount(form, 'Manpower hours') };
}

async function confirmYes(page: Page, question: string) {
  await expect(page.getByText(question)).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
}

test('a contractor adds, changes and deletes a manpower line of a draft report; the totals follow', async ({
  page,
}) => {
  await signIn(page, 'contractor', 'Contractor@123');
  await openFirstIn(page, 'Draft');
  const before = await totals(page);

  await page.getByRole('tab', { name: 'Manpower' }).click();
  const tab = page.getByTestId('child-lines').filter({ visible: true });
  const count = tab.getByTestId('child-line-count');
  await expect(count).toHaveText(/^\d+ lines?$/);
  const lines = Number((await count.textContent())?.split(' ')[0]);
  // The other children have tabs too, and the record its files and history.
  for (const name of ['Equipment', 'Activities done', 'Files', 'History']) {
    await expect(page.getByRole('tab', { name })).toBeVisible();
  }

  // A new line: the child's rules under its fields before anything is sent; the key is not a field.
  await tab.getByRole('button', { name: 'Add a line' }).click();
  const lineForm = page.getByRole('form', { name: 'Manpower line form' });
  await expect(lineForm.getByLabel('Daily report')).toHaveCount(0);
  await lineForm.getByLabel('Persons').fill('6000');
  await lineForm.getByRole('button', { name: 'Save line' }).click();
  await expect(lineForm.getByText('Trade is required')).toBeVisible();
  await expect(lineForm.getByText(/Persons must be .*5000/)).toBeVisible();
  await lineForm.getByRole('textbox', { name: 'Trade', exact: true }).click();
  await page.getByRole('option', { name: 'Mason', exact: true }).click();
  await lineForm.getByLabel('Persons').fill('3');
  await lineForm.getByLabel('Hours each').fill('8');
  // No keeps the form as it is.
  await lineForm.getByRole('button', { name: 'Save line' }).click();
  await expect(page.getByText(SAVE)).toBeVisible();
  await page.getByRole('button', { name: 'No' }).click();
  await expect(page.getByText('Submitting Details')).toBeVisible();
  await lineForm.getByRole('button', { name: 'Save line' }).click();
  await confirmYes(page, SAVE);
  await expect(page.getByText('Submitted Successfully')).toBeVisible();
  await expect(lineForm).toBeHidden();
  await expect(count).toHaveText(`${lines + 1} lines`);
  const mason = tab.getByRole('row').filter({ hasText: 'Mason' });
  await expect(mason).toContainText('3');
  await expect(mason).toContainText('8.0');

  // The report's totals, kept by the database, are read again.
  await expect.poll(() => totals(page)).toEqual({ persons: before.persons + 3, hours: before.hours + 24 });

  // Changed: 4 masons.
  await page.getByRole('tab', { name: 'Manpower' }).click();
  await mason.getByRole('button', { name: /^Edit line/ }).click();
  await expect(lineForm.getByLabel('Persons')).toHaveValue('3');
  await lineForm.getByLabel('Persons').fill('4');
  await lineForm.getByRole('button', { name: 'Update line' }).click();
  await confirmYes(page, SAVE);
  await expect(page.getByText('Updated Successfully')).toBeVisible();
  await expect(mason.getByRole('cell').nth(1)).toHaveText('4');
  await expect.poll(() => totals(page)).toEqual({ persons: before.persons + 4, hours: before.hours + 32 });

  // Deleted.
  await page.getByRole('tab', { name: 'Manpower' }).click();
  await mason.getByRole('button', { name: /^Delete line/ }).click();
  await confirmYes(page, DELETE);
  await expect(page.getByText('Deleted Successfully')).toBeVisible();
  await expect(count).toHaveText(`${lines} lines`);
  await expect(tab.getByRole('row').filter({ hasText: 'Mason' })).toHaveCount(0);
  await expect.poll(() => totals(page)).toEqual(before);
});

test('the lines of a reviewed (closed) report are read only', async ({ page }) => {
  await signIn(page, 'contractor', 'Contractor@123');
  await openFirstIn(page, 'Reviewed');
  await page.getByRole('tab', { name: 'Equipment' }).click();
  const tab = page.getByTestId('child-lines').filter({ visible: true });
  await expect(tab.getByTestId('child-line-count')).toContainText('read only');
  await expect(tab.getByRole('button', { name: 'Add a line' })).toHaveCount(0);
  await expect(tab.getByRole('button', { name: /^(Edit|Delete) line/ })).toHaveCount(0);
});

test('lines work on a phone: blocks instead of a table', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'contractor', 'Contractor@123');
  await openFirstIn(page, 'Draft');
  await page.getByRole('tab', { name: 'Activities done' }).click();
  const tab = page.getByTestId('child-lines').filter({ visible: true });
  const blocks = tab.getByRole('list', { name: 'Activities done' });
  await expect(blocks.getByRole('listitem').first()).toBeVisible();
  await tab.getByRole('button', { name: 'Add a line' }).click();
  const lineForm = page.getByRole('form', { name: 'Activities done line form' });
  await expect(lineForm.getByLabel('Activity')).toBeVisible();
  const box = await lineForm.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
});
