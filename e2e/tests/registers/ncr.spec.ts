import { expect, type Page, test } from '@playwright/test';

import { actions, isoDay, openPending, perform, personPage, pick, uniqueSubject } from '../record-steps';
import { signIn } from '../session';

// Workflows people can trust, in the console: the NCR register (declared only in a migration and registry files)
// walked from both sides (raised by the engineer and with the contractor at once, each side filling only its own
// part and lines, closing held back by an open corrective action), and people pickers that offer only who may be
// picked (a contractor cannot find themselves among an RFI's engineers).

const ROUTE = '/contract-data-entry/ncr';

/** The options a look-up offers once opened (and, with `typed`, after typing it), as their labels. */
async function optionsOf(page: Page, scope: ReturnType<Page['getByRole']>, label: string, typed = '') {
  const input = scope.getByRole('textbox', { name: label, exact: true });
  await input.click();
  if (typed) await input.fill(typed);
  const list = page.getByRole('listbox', { name: label, exact: true });
  // Options arrive from the server: wait for the first.
  await expect(list.getByRole('option').first()).toBeVisible();
  return list.getByRole('option').allTextContents();
}

async function openByNumber(page: Page, number: string) {
  await page.goto(ROUTE);
  const filter = page.getByLabel('Filter NCR No.');
  await filter.fill(number);
  await filter.press('Enter');
  await page.getByRole('row').filter({ hasText: number }).click();
  await expect(page.getByTestId('record-number')).toHaveText(number);
}

test('an NCR goes from the engineer to the contractor and back, each side filling only its own part', async ({
  page,
  browser,
}) => {
  // Two people, eleven steps: longer than one screen's test.
  test.setTimeout(120_000);
  const title = uniqueSubject('Spalling at pier');
  await signIn(page, 'engineer', 'Engineer@123');
  await page.goto(ROUTE);
  await page.getByRole('button', { name: 'New' }).click();
  const form = page.getByRole('form', { name: 'NCR form' });
  await expect(page.getByTestId('record-state')).toHaveText('Open (with contractor)');
  // The contractor's response is not the engineer's to write.
  await expect(form.getByLabel('Root cause')).toHaveAttribute('readonly', '');
  await pick(page, form, 'Package', /^C1-V01 — /);
  // Only the contractor's people linked to the package may respond.
  expect(await optionsOf(page, form, 'Responder (contractor)')).toEqual([
    expect.stringMatching(/^Rahul Verma — LNT/),
  ]);
  await page.getByRole('listbox', { name: 'Responder (contractor)' }).getByRole('option').first().click();
  await form.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await form.getByLabel('Non-conformance observed').fill('Spalled cover over 0.2 m2 at the pier top.');
  await form.getByRole('textbox', { name: 'Observed on' }).fill(isoDay(0));
  await form.getByRole('textbox', { name: 'Response due' }).fill(isoDay(7));
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Submitted Successfully')).toBeVisible();
  const numberText = page.getByTestId('record-number');
  await expect(numberText).toHaveText(/^C1-V01-NCR-\d{4}$/);
  const number = (await numberText.textContent()) ?? '';
  // It is with the contractor at once: nothing for the engineer to do now.
  await expect(actions(page)).toHaveCount(0);

  // The contractor finds it waiting on them, may not change the engineer's part, answers with a corrective action.
  const contractor = await personPage(browser, 'contractor', 'Contractor@123');
  await openPending(contractor, 'NCR');
  const pending = contractor.getByRole('dialog', { name: 'Pending Document List' });
  await pending.getByRole('row').filter({ hasText: number }).getByRole('link', { name: number }).click();
  await expect(contractor.getByTestId('record-state')).toHaveText('Open (with contractor)');
  const theirs = contractor.getByRole('form', { name: 'NCR form' });
  await expect(theirs.getByRole('textbox', { name: 'Title', exact: true })).toHaveAttribute('readonly', '');
  await expect(theirs.getByLabel('Root cause')).not.toHaveAttribute('readonly', '');
  await contractor.getByRole('tab', { name: 'Corrective actions' }).click();
  const lines = contractor.getByTestId('child-lines');
  await lines.getByRole('button', { name: 'Add a line' }).click();
  await lines
    .getByRole('textbox', { name: 'Action', exact: true })
    .fill('Break out and repair with micro-concrete');
  await lines.getByRole('textbox', { name: 'Target date' }).fill(isoDay(10));
  await lines.getByRole('button', { name: 'Save' }).click();
  await contractor.getByRole('button', { name: 'Yes' }).click();
  await expect(lines.getByTestId('child-line-count')).toHaveText('1 line');
  await actions(contractor).getByRole('button', { name: 'Send response to engineer' }).click();
  const respond = contractor.getByRole('dialog', { name: 'Send response to engineer', exact: true });
  await respond.getByLabel('Root cause').fill('Poor compaction at the construction joint.');
  await pick(contractor, respond, 'Disposition', 'Repair');
  await respond.getByLabel('Corrective action').fill('Repair and re-test by rebound hammer.');
  await perform(contractor, respond, 'Send response to engineer');
  await expect(contractor.getByTestId('record-state')).toHaveText('Responded (with engineer)');

  // The engineer accepts it: the corrective action is now under way, with the contractor; nothing closes yet.
  await openByNumber(page, number);
  await expect(page.getByTestId('record-state')).toHaveText('Responded (with engineer)');
  // A repair is not a concession: that step says why it is not open instead of being refused.
  await expect(actions(page).getByRole('button', { name: 'Refer concession to employer' })).toBeDisabled();
  await actions(page).getByRole('button', { name: 'Accept response' }).click();
  await perform(page, page.getByRole('dialog', { name: 'Accept response', exact: true }), 'Accept response');
  await expect(page.getByTestId('record-state')).toHaveText('Action under way (with contractor)');
  await expect(actions(page).getByRole('button', { name: 'Verify and close NCR' })).toHaveCount(0);

  // The contractor reports the work done only once its action has a done date, then hands it back.
  await openByNumber(contractor, number);
  const report = 'Report corrective action done';
  await actions(contractor).getByRole('button', { name: report }).click();
  const early = contractor.getByRole('dialog', { name: report, exact: true });
  await early.getByRole('button', { name: report, exact: true }).click();
  await contractor.getByRole('button', { name: 'Yes' }).click();
  await expect(contractor.getByText(/Every corrective action needs its done date/).first()).toBeVisible();
  await early.getByRole('button', { name: 'Cancel' }).click();
  await contractor.getByRole('tab', { name: 'Corrective actions' }).click();
  await contractor.getByRole('button', { name: 'Edit line 1' }).click();
  await contractor.getByTestId('child-lines').getByRole('textbox', { name: 'Done on' }).fill(isoDay(0));
  await contractor.getByTestId('child-lines').getByRole('button', { name: 'Update' }).click();
  await contractor.getByRole('button', { name: 'Yes' }).click();
  await expect(contractor.getByText('Updated Successfully').first()).toBeVisible();
  await actions(contractor).getByRole('button', { name: report }).click();
  await perform(contractor, contractor.getByRole('dialog', { name: report, exact: true }), report);
  await expect(contractor.getByTestId('record-state')).toHaveText('Action done: to verify (with engineer)');
  await contractor.context().close();
  // The engineer verifies that the action worked and closes the NCR.
  await openByNumber(page, number);
  const verify = 'Verify and close NCR';
  await actions(page).getByRole('button', { name: verify }).click();
  await perform(page, page.getByRole('dialog', { name: verify, exact: true }), verify);
  await expect(page.getByTestId('record-state')).toHaveText('Closed (verified effective)');

  // The History tells it all, the line's changes with it.
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByTestId('record-history');
  await expect(history).toContainText('Corrective actions: line changed');
  await expect(history).toContainText('Corrective actions: line added');
  await expect(history.locator('.mantine-Timeline-itemTitle').first()).toHaveText(/^Verify and close NCR/);
});

test('the contractor may respond to NCRs but not raise one', async ({ page }) => {
  await signIn(page, 'contractor', 'Contractor@123');
  await page.goto(ROUTE);
  await expect(page.getByTestId('data-screen')).toBeVisible();
  await expect(page.getByRole('button', { name: 'New' })).toHaveCount(0);
});

test('an RFI’s engineer is picked among the employer’s engineers only: the contractor cannot pick themselves', async ({
  page,
}) => {
  await signIn(page, 'contractor', 'Contractor@123');
  await page.goto('/contract-data-entry/rfi');
  await page.getByRole('button', { name: 'New' }).click();
  const form = page.getByRole('form', { name: 'RFI form' });
  await pick(page, form, 'Package', /^C1-V01 — /);
  const offered = await optionsOf(page, form, 'Assigned to (engineer)');
  expect(offered.some((label) => label.startsWith('Arjun Mehta — GC'))).toBe(true);
  for (const label of offered) expect(label).not.toMatch(/Rahul Verma|Sunil Rao|Priya Raman/);
  // Typing their own name finds nothing.
  await form.getByRole('textbox', { name: 'Assigned to (engineer)', exact: true }).fill('Rahul');
  await expect(
    page.getByRole('listbox', { name: 'Assigned to (engineer)', exact: true }).getByRole('option'),
  ).toHaveCount(0);
  await expect(page.getByText('Nothing found').last()).toBeVisible();
});
