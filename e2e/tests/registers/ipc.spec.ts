import { expect, type Locator, type Page, test } from '@playwright/test';

import { signIn } from '../session';

// Interim payment certificates as the engineer reads them: every figure of an IPC is computed by the database
// (gross certified from the certified IPA, retention, the deductions' total, the net payable), and what the console
// shows must add up to the paisa: net payable = gross certified - retention - advance recovery - deductions. The
// test reads the figures as displayed (Indian grouping) and computes with integer paise, on a paid IPC of the demo
// and on a draft whose advance recovery the engineer changes.

const ROUTE = '/contract-data-entry/ipc';

/** "5,04,78,100.00" → 5047810000 paise (integers only: no floating point between the figures). */
function paise(shown: string): number {
  const text = shown.replace(/[,\s₹]/g, '');
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new Error(`not an amount: "${shown}"`);
  const [, sign, rupees, fraction = ''] = match;
  const value = Number(rupees) * 100 + Number(fraction.padEnd(2, '0'));
  return sign ? -value : value;
}

/** What a field shows: an input's value, or the text of a read-only field. */
async function shown(form: Locator, label: string): Promise<string> {
  const field = form.getByRole('textbox', { name: label, exact: true });
  await expect(field).toBeVisible();
  return field.evaluate((el) =>
    el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el.value : (el.textContent ?? ''),
  );
}

async function figure(form: Locator, label: string): Promise<number> {
  return paise(await shown(form, label));
}

async function figures(form: Locator) {
  return {
    gross: await figure(form, 'Gross certified (INR)'),
    retention: await figure(form, 'Retention (INR)'),
    advance: await figure(form, 'Advance recovery (INR)'),
    deductions: await figure(form, 'Deductions (INR)'),
    net: await figure(form, 'Net payable (INR)'),
    percent: await figure(form, 'Retention (%)'),
  };
}

async function openByNumber(page: Page, number: string) {
  await page.goto(ROUTE);
  const filter = page.getByLabel('Filter IPC No.');
  await filter.fill(number);
  await filter.press('Enter');
  await page.getByRole('row').filter({ hasText: number }).click();
  await expect(page.getByTestId('record-number')).toHaveText(number, { timeout: 15_000 });
  return page.getByRole('form', { name: 'IPC form' });
}

test('a paid IPC shows a net payable equal to certified less retention, advance recovery and deductions', async ({
  page,
}) => {
  // Opening a record loads the form's look-ups: longer than a list's test.
  test.setTimeout(90_000);
  await signIn(page, 'engineer', 'Engineer@123');
  // C1-V01-IPC-002: paid, with income tax and GST TDS, labour cess, liquidated damages and a recovery of charges.
  const form = await openByNumber(page, 'C1-V01-IPC-002');
  await expect(page.getByTestId('record-state')).toHaveText('Paid');
  const f = await figures(form);
  expect(f.gross).toBeGreaterThan(0);
  expect(f.deductions).toBeGreaterThan(0);
  // Retention is the percent of the gross, rounded to the paisa (percent read in hundredths).
  expect(f.retention).toBe(Math.round((f.gross * f.percent) / 10_000));
  expect(f.net).toBe(f.gross - f.retention - f.advance - f.deductions);
});

test('a draft IPC recomputes its net payable to the paisa when the engineer changes the advance recovery', async ({
  page,
}) => {
  // Opening a record loads the form's look-ups: longer than a list's test.
  test.setTimeout(90_000);
  await signIn(page, 'engineer', 'Engineer@123');
  // C2-V01-IPC-003: the engineer's draft.
  const form = await openByNumber(page, 'C2-V01-IPC-003');
  await expect(page.getByTestId('record-state')).toHaveText('Draft');
  const before = await figures(form);
  expect(before.net).toBe(before.gross - before.retention - before.advance - before.deductions);

  // An advance recovery with paise, other than the one stored.
  const advance = before.advance === 123_456_789 ? 123_456_780 : 123_456_789;
  const typed = `${Math.floor(advance / 100)}.${String(advance % 100).padStart(2, '0')}`;
  await form.getByRole('textbox', { name: 'Advance recovery (INR)', exact: true }).fill(typed);
  await page.getByRole('dialog').getByRole('button', { name: 'Update', exact: true }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Updated Successfully').first()).toBeVisible();

  // The record stays open with the database's figures.
  await expect.poll(async () => figure(form, 'Advance recovery (INR)')).toBe(advance);
  const after = await figures(form);
  expect(after.gross).toBe(before.gross);
  expect(after.deductions).toBe(before.deductions);
  expect(after.net).toBe(after.gross - after.retention - advance - after.deductions);
  expect(after.net).toBe(before.net + before.advance - advance);
});
