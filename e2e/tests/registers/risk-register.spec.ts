import { expect, type Locator, test } from '@playwright/test';

import { isoDay, pick, SAVE, uniqueSubject } from '../record-steps';
import { signIn } from '../session';

// The risk register (issue 29), declared only in a migration and registry files: a risk raised in the console
// with its likelihood and impact gets its score (likelihood × impact) and rating computed by the database, shown
// in the form and in the list; a likelihood out of the 1-5 scale is refused under its field before anything is
// sent. (The workflow, raised → reviewed → mitigated → closed by the right people only, is walked by the API
// test's fixture gateway/tests/registers/controls.toml.)

const ROUTE = '/dataentry/risk_register';

/** A field of the form by its exact label. */
function field(scope: Locator, label: string): Locator {
  return scope.getByRole('textbox', { name: label, exact: true });
}

test('a risk raised in the console is scored by the database; a likelihood of 6 is refused under its field', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const title = uniqueSubject('Crane overturning at the casting yard');
  await signIn(page, 'contractor', 'Contractor@123');
  await page.goto(ROUTE);
  await page.getByRole('button', { name: 'New' }).click();
  const form = page.getByRole('form', { name: 'Risk register form' });
  await expect(page.getByTestId('record-state')).toHaveText('Raised');
  await pick(page, form, 'Package', /^C1-V01 — /);
  await form.getByRole('textbox', { name: 'Risk', exact: true }).fill(title);
  await form.getByLabel('Cause').fill('Crawler crane working on backfilled ground by the segment stack.');
  await form.getByLabel('Risk event').fill('The 250 t crane overturns while lifting a segment.');
  await form.getByLabel('Consequence').fill('Injury to workers and a stoppage of segment handling.');
  await form.getByRole('textbox', { name: 'Identified on' }).fill(isoDay(0));
  await pick(page, form, 'Risk owner', /^Rahul Verma — LNT/);
  await pick(page, form, 'Reviewer', /^Arjun Mehta — GC/);
  await field(form, 'Likelihood (1-5)').fill('6');
  await field(form, 'Impact (1-5)').fill('4');
  await form.getByRole('button', { name: 'Save' }).click();
  // Refused under the field, in the gateway's own words, before the confirmation is asked.
  await expect(form.getByText('Likelihood (1-5) must be a whole number between 1 and 5')).toBeVisible();
  await expect(page.getByText(SAVE)).toBeHidden();

  await field(form, 'Likelihood (1-5)').fill('4');
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Submitted Successfully')).toBeVisible();
  const numberText = page.getByTestId('record-number');
  await expect(numberText).toHaveText(/^C1-V01-RSK-\d{3}$/);
  const number = (await numberText.textContent()) ?? '';
  // The database computed the score and its rating.
  await expect(field(form, 'Score')).toHaveValue('16', { timeout: 15_000 });
  await expect(field(form, 'Rating')).toHaveValue('Extreme');

  // The list shows them too.
  await page.goto(ROUTE);
  const filter = page.getByLabel('Filter Risk No.');
  await filter.fill(number);
  await filter.press('Enter');
  const row = page.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText('16', { timeout: 15_000 });
  await expect(row).toContainText('Extreme');
});
