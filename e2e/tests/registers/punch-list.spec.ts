import { expect as baseExpect, type Page, test } from '@playwright/test';

import { actions, isoDay, personPage, pick, SAVE, uniqueSubject } from '../record-steps';
import { signIn } from '../session';

// The punch list (a register declared only in a migration and a registry file): the engineer walks Aerocity
// station, raises a snag with a photo, first naming himself to fix it (refused: the contractor's person fixes it)
// and then the contractor, and issues it; the contractor reports it fixed from the list; the engineer returns it
// once and then verifies and closes it. The History tells each step.

const ROUTE = '/contract-data-entry/punchlist';
const expect = baseExpect.configure({ timeout: 15_000 });

async function openByNumber(page: Page, number: string) {
  await page.goto(ROUTE);
  const filter = page.getByLabel('Filter Item No.');
  await filter.fill(number);
  await filter.press('Enter');
  await page.getByRole('row').filter({ hasText: number }).click();
  await expect(page.getByTestId('record-number')).toHaveText(number);
}

/** A transition of the open item: its button, the window's fields (`fill`), its button again, Yes. */
async function step(page: Page, label: string, fill?: [string, string]) {
  await actions(page).getByRole('button', { name: label }).click();
  const modal = page.getByRole('dialog', { name: label, exact: true });
  if (fill) await modal.getByLabel(fill[0]).fill(fill[1]);
  await modal.getByRole('button', { name: label, exact: true }).click();
  await expect(page.getByText(SAVE)).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(modal).toBeHidden({ timeout: 20_000 });
}

/** A small PNG (a grey square) standing in for a photo of the snag. */
function photo(): Buffer {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAAAAADhZOFXAAAAEUlEQVR4nGNgYPhPAqKNYgBU1g/xeVJv9QAAAABJRU5ErkJggg==',
    'base64',
  );
}

test('a snag raised by the engineer is fixed by the contractor, returned once, then verified and closed', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const title = uniqueSubject('Skirting tile loose at lift L2');
  await signIn(page, 'engineer', 'Engineer@123');
  await page.goto(ROUTE);
  await page.getByRole('button', { name: 'New' }).click();
  const form = page.getByRole('form', { name: 'Punch list form' });
  await expect(page.getByTestId('record-state')).toHaveText('Draft');
  await pick(page, form, 'Package', /^C1-V01 — /);
  await pick(page, form, 'Station', /Aerocity/);
  await form.getByRole('textbox', { name: 'Snag', exact: true }).fill(title);
  await form.getByRole('textbox', { name: 'Location', exact: true }).fill('Concourse, lift L2 lobby');
  await pick(page, form, 'Trade', 'Architectural');
  await expect(form.getByRole('textbox', { name: 'Priority', exact: true })).toHaveValue(
    /^B — Fix before handover/,
  );
  await form
    .getByRole('textbox', { name: 'Description', exact: true })
    .fill('Two skirting tiles loose; refix.');
  await form.getByRole('textbox', { name: 'Due', exact: true }).fill(isoDay(14));
  // The contractor's person fixes it: the engineer is not offered, and Rahul Verma (LNT, on C1-V01) is.
  await form.getByRole('textbox', { name: 'To be fixed by', exact: true }).click();
  await expect(page.getByRole('option', { name: /^Arjun Mehta/ })).toHaveCount(0);
  await page.getByRole('option', { name: /^Rahul Verma/ }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  const numberText = page.getByTestId('record-number');
  await expect(numberText).toHaveText(/^C1-V01-PL-\d{4}$/);
  const number = (await numberText.textContent()) ?? '';

  // The photo of the snag, kept with the item.
  await page.getByRole('tab', { name: 'Files' }).click();
  await page
    .getByTestId('record-files')
    .locator('input[type=file]')
    .setInputFiles({ name: 'lift-l2-skirting.png', mimeType: 'image/png', buffer: photo() });
  await expect(page.getByText('Uploaded Successfully')).toBeVisible();
  await page.getByRole('tab', { name: 'Details' }).click();
  await step(page, 'Issue to contractor');
  await expect(page.getByTestId('record-state')).toHaveText('Open (with contractor to fix)');

  // The contractor finds it in the list and reports it fixed, saying what was done.
  const contractor = await personPage(browser, 'contractor', 'Contractor@123');
  await openByNumber(contractor, number);
  await contractor.getByRole('tab', { name: 'Files' }).click();
  await expect(contractor.getByTestId('record-files')).toContainText('lift-l2-skirting.png');
  await contractor.getByRole('tab', { name: 'Details' }).click();
  await step(contractor, 'Report fixed', ['What was done', 'Tiles refixed with polymer adhesive.']);
  await expect(contractor.getByTestId('record-state')).toHaveText('Fixed (with engineer to verify)');

  // The engineer returns it once, then verifies and closes it after the second fix.
  await openByNumber(page, number);
  await step(page, 'Return: not fixed', ["Engineer's verification", 'One tile still loose at the corner.']);
  await expect(page.getByTestId('record-state')).toHaveText('Open (with contractor to fix)');
  await openByNumber(contractor, number);
  await step(contractor, 'Report fixed', ['What was done', 'Corner tile replaced and grouted.']);
  await contractor.context().close();
  await openByNumber(page, number);
  await step(page, 'Verify and close', ["Engineer's verification", 'Seen on site; acceptable.']);
  await expect(page.getByTestId('record-state')).toHaveText('Closed (verified)');
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('record-history')).toContainText('Return: not fixed');
});
