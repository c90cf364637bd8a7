import { expect as baseExpect, type Page, test } from '@playwright/test';

import { actions, personPage, pick, SAVE, uniqueSubject } from '../record-steps';
import { signIn } from '../session';

// Transmittals in the console (a register declared only in a migration and registry files): the contractor writes
// a transmittal to the employer's engineer with two documents of the submittal schedule, sends it, and the engineer
// acknowledges receipt; both see the documents and the state, and the History tells the lines and the steps.

const ROUTE = '/contract-data-entry/transmittal';
// Two people and a dozen steps on a shared test machine: each expectation may take a little longer than usual.
const expect = baseExpect.configure({ timeout: 15_000 });

async function openByNumber(page: Page, number: string) {
  await page.goto(ROUTE);
  const filter = page.getByLabel('Filter Transmittal No.');
  await filter.fill(number);
  await filter.press('Enter');
  await page.getByRole('row').filter({ hasText: number }).click();
  await expect(page.getByTestId('record-number')).toHaveText(number);
}

/** record-steps' perform, with this spec's patience: the transition's button, Yes, the notice. */
async function perform(page: Page, modal: ReturnType<Page['getByRole']>, label: string) {
  await modal.getByRole('button', { name: label, exact: true }).click();
  await expect(page.getByText(SAVE)).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Updated Successfully').first()).toBeVisible();
  await expect(modal).toBeHidden();
}

async function addDocument(page: Page, documentNo: string, revision: string, copies: string) {
  const lines = page.getByTestId('child-lines');
  await lines.getByRole('button', { name: 'Add a line' }).click();
  await lines.getByRole('textbox', { name: 'Document No.', exact: true }).fill(documentNo);
  await lines.getByRole('textbox', { name: 'Revision', exact: true }).fill(revision);
  await lines.getByRole('textbox', { name: 'Copies', exact: true }).fill(copies);
  await lines.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
}

test('the contractor sends a transmittal of two documents and the engineer acknowledges it', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const subject = uniqueSubject('Pier drawings');
  await signIn(page, 'contractor', 'Contractor@123');
  await page.goto(ROUTE);
  await page.getByRole('button', { name: 'New' }).click();
  const form = page.getByRole('form', { name: 'Transmittal form' });
  await expect(page.getByTestId('record-state')).toHaveText('Draft');
  await pick(page, form, 'Package', /^C1-V01 — /);
  await pick(page, form, 'Recipient', /^Arjun Mehta — GC/);
  await form.getByRole('textbox', { name: 'Subject', exact: true }).fill(subject);
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  // Saved: the form stays open on the new record, numbered.
  const numberText = page.getByTestId('record-number');
  await expect(numberText).toHaveText(/^C1-V01-TR-\d{4}$/);
  const number = (await numberText.textContent()) ?? '';

  // Not without documents: the step is refused with the reason.
  await actions(page).getByRole('button', { name: 'Send transmittal' }).click();
  const early = page.getByRole('dialog', { name: 'Send transmittal', exact: true });
  await early.getByRole('button', { name: 'Send transmittal', exact: true }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(
    page.getByText(/Add at least one document before sending the transmittal/).first(),
  ).toBeVisible();
  await early.getByRole('button', { name: 'Cancel' }).click();

  // Two documents of the package's submittal schedule.
  await page.getByRole('tab', { name: 'Documents' }).click();
  await addDocument(page, 'C1-V01-LNT-DRG-STR-0012', 'R1', '2');
  await expect(page.getByTestId('child-lines').getByTestId('child-line-count')).toHaveText('1 line');
  await addDocument(page, 'C1-V01-LNT-MS-STR-0004', 'R0', '1');
  await expect(page.getByTestId('child-lines').getByTestId('child-line-count')).toHaveText('2 lines');

  await actions(page).getByRole('button', { name: 'Send transmittal' }).click();
  await perform(
    page,
    page.getByRole('dialog', { name: 'Send transmittal', exact: true }),
    'Send transmittal',
  );
  await expect(page.getByTestId('record-state')).toHaveText('Sent (with recipient)');
  // Sent: it waits on the engineer, nothing left for the sender but to recall it.
  await expect(actions(page).getByRole('button', { name: 'Acknowledge receipt' })).toHaveCount(0);

  // The engineer opens it, sees the two documents and acknowledges receipt.
  const engineer = await personPage(browser, 'engineer', 'Engineer@123');
  await openByNumber(engineer, number);
  await expect(engineer.getByTestId('record-state')).toHaveText('Sent (with recipient)');
  await engineer.getByRole('tab', { name: 'Documents' }).click();
  const theirLines = engineer.getByTestId('child-lines');
  // The lines are the sender's: the recipient reads them.
  await expect(theirLines.getByTestId('child-line-count')).toHaveText('2 lines · read only');
  await expect(theirLines).toContainText('C1-V01-LNT-DRG-STR-0012');
  await expect(theirLines).toContainText('C1-V01-LNT-MS-STR-0004');
  await expect(theirLines).toContainText('Pier P101-P118 general arrangement');
  await actions(engineer).getByRole('button', { name: 'Acknowledge receipt' }).click();
  const acknowledge = engineer.getByRole('dialog', { name: 'Acknowledge receipt', exact: true });
  await acknowledge
    .getByLabel('Acknowledgement remarks')
    .fill('Both documents received; hard copies to follow.');
  await perform(engineer, acknowledge, 'Acknowledge receipt');
  await expect(engineer.getByTestId('record-state')).toHaveText('Acknowledged');
  await engineer.context().close();

  // Back with the contractor: acknowledged, the documents and the steps in its History.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('record-number')).toHaveCount(0);
  await openByNumber(page, number);
  await expect(page.getByTestId('record-state')).toHaveText('Acknowledged');
  await page.getByRole('tab', { name: 'Documents' }).click();
  const lines = page.getByTestId('child-lines');
  await expect(lines.getByTestId('child-line-count')).toHaveText(/^2 lines/);
  await expect(lines).toContainText('C1-V01-LNT-DRG-STR-0012');
  await expect(lines).toContainText('C1-V01-LNT-MS-STR-0004');
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByTestId('record-history');
  await expect(history).toContainText('Documents: line added');
  await expect(history.locator('.mantine-Timeline-itemTitle').first()).toHaveText(/^Acknowledge receipt/);
});
