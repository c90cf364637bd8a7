import { expect, test } from '@playwright/test';

import { actions, isoDay, perform, personPage, pick, rfiByApi, SAVE, uniqueSubject } from '../record-steps';
import { callApi, signIn } from '../session';

// Records as people work them: the rough edges a walk of the RFI and the daily report from both sides met, fixed in
// the generic screen engine (so every register has the fixes). Each test fails on the console before the fix.

const RFI = '/contract-data-entry/rfi';
const REPORT = '/contract-data-entry/dailyreport';

test('an answered RFI has one Close, the step; the form is left with Done', async ({ page }) => {
  await signIn(page, 'contractor', 'Contractor@123');
  const rows = await callApi(page, 'GET', `/api/custom/selectall?t=rfi&cols=c_rfi_no,c_state`);
  const answered = (rows.json as unknown as { c_rfi_no: string; c_state: string }[]).find(
    (row) => row.c_state === 'Answered' && row.c_rfi_no.startsWith('C1-V01'),
  );
  expect(answered).toBeTruthy();
  await page.goto(`${RFI}?record=${answered?.c_rfi_no ?? ''}`);
  await expect(page.getByTestId('record-state')).toHaveText('Answered (with raiser)');
  await expect(page.getByRole('button', { name: 'Close', exact: true })).toHaveCount(1);
  await expect(actions(page).getByRole('button', { name: 'Close', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Done', exact: true }).click();
  await expect(page.getByTestId('record-number')).toHaveCount(0);
  await expect(page).not.toHaveURL(/record=/);
});

test('an edited draft is saved and submitted in one go, and a saved record stays open', async ({ page }) => {
  await signIn(page, 'contractor', 'Contractor@123');
  const rfi = await rfiByApi(page, { subject: uniqueSubject('Resubmit'), assignee: 'Arjun Mehta' });
  await page.goto(`${RFI}?record=${rfi.number}`);
  const form = page.getByRole('form', { name: 'RFI form' });
  // What the next step needs is marked; a date already past is worth a word, not a refusal.
  const due = form.getByRole('textbox', { name: 'Response needed by' });
  await expect(form.getByText('Needed to Submit to engineer')).toBeVisible();
  await due.fill('2026-01-05');
  await expect(form.getByText('This date has already passed')).toBeVisible();
  await due.fill(isoDay(10));
  // Update keeps the record open.
  await form.getByLabel('Subject').fill(`${rfi.number} edited`);
  await form.getByRole('button', { name: 'Update' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Updated Successfully').first()).toBeVisible();
  await expect(page.getByTestId('record-number')).toHaveText(rfi.number);
  // With a change unsaved, the step saves it first.
  await form.getByLabel('Subject').fill(`${rfi.number} edited again`);
  await actions(page).getByRole('button', { name: 'Save and submit to engineer' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  const submit = page.getByRole('dialog', { name: 'Submit to engineer', exact: true });
  await perform(page, submit, 'Submit to engineer');
  await expect(page.getByTestId('record-state')).toHaveText('Open (with engineer)');
  await expect(form.getByLabel('Subject')).toHaveValue(`${rfi.number} edited again`);
});

test('the reason a record came back is shown at the top of its form', async ({ page, browser }) => {
  await signIn(page, 'contractor', 'Contractor@123');
  const rfi = await rfiByApi(page, {
    subject: uniqueSubject('Returned'),
    assignee: 'Arjun Mehta',
    submit: true,
  });
  const engineer = await personPage(browser, 'engineer', 'Engineer@123');
  await engineer.goto(`${RFI}?record=${rfi.number}`);
  // The raiser's question is not the engineer's to edit: no Update for them.
  await expect(engineer.getByRole('button', { name: 'Update' })).toHaveCount(0);
  await actions(engineer).getByRole('button', { name: 'Return for clarification' }).click();
  const back = engineer.getByRole('dialog', { name: 'Return for clarification', exact: true });
  await back.getByLabel('Comment').fill('Please name the drawing and its revision.');
  await perform(engineer, back, 'Return for clarification');
  await expect(engineer.getByRole('button', { name: 'Update' })).toHaveCount(0);
  await engineer.context().close();
  await page.goto(`${RFI}?record=${rfi.number}`);
  await expect(page.getByTestId('record-state')).toHaveText('Draft');
  await expect(page.getByTestId('last-step')).toContainText('Return for clarification by Arjun Mehta on');
  await expect(page.getByTestId('last-step')).toContainText('“Please name the drawing and its revision.”');
});

test('picking the chosen option again keeps it; a new report starts today', async ({ page }) => {
  await signIn(page, 'contractor', 'Contractor@123');
  await page.goto(REPORT);
  await page.getByRole('button', { name: 'New' }).click();
  const form = page.getByRole('form', { name: 'Daily report form' });
  const shift = form.getByRole('textbox', { name: 'Shift', exact: true });
  await expect(shift).toHaveValue('Day');
  await pick(page, form, 'Shift', 'Day');
  await expect(shift).toHaveValue('Day');
  const today = isoDay(0).split('-');
  const month = new Date(`${isoDay(0)}T00:00:00Z`).toLocaleString('en-GB', {
    month: 'short',
    timeZone: 'UTC',
  });
  await expect(form.getByRole('textbox', { name: 'Report date' })).toHaveValue(
    `${today[2]} ${month}, ${today[0]}`,
  );
});

test('a submitted report offers no Delete; links open records by number, and a missing one says so', async ({
  page,
}) => {
  await signIn(page, 'contractor', 'Contractor@123');
  const rows = await callApi(page, 'GET', `/api/custom/selectall?t=dailyreport&cols=c_report_no,c_state`);
  const submitted = (rows.json as unknown as { c_report_no: string; c_state: string }[]).find(
    (row) => row.c_state === 'Submitted',
  );
  expect(submitted).toBeTruthy();
  await page.goto(`${REPORT}?record=${submitted?.c_report_no ?? ''}`);
  await expect(page.getByTestId('record-number')).toHaveText(submitted?.c_report_no ?? '');
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  // Opening a record from the list puts it in the address.
  await page.goto(REPORT);
  await page.getByRole('row').nth(2).click();
  await expect(page).toHaveURL(/\?record=\d+/);
  await expect(page.getByTestId('record-number')).toBeVisible();
  // A number no record has.
  await page.goto(`${REPORT}?record=C1-V01-DR-99999`);
  await expect(page.getByText('Daily report not found')).toBeVisible();
  await expect(page.getByText(SAVE)).toHaveCount(0);
});

test('“Waiting on me” lists only what waits on the person, and is remembered', async ({ page }) => {
  await signIn(page, 'engineer', 'Engineer@123');
  await page.goto(RFI);
  await page.getByTestId('list-views').getByText('Waiting on me').click();
  const rows = page.getByRole('row').filter({ hasText: /-RFI-/ });
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) await expect(row).toContainText('Arjun Mehta');
  await expect(page.getByTestId('grid-count')).toContainText(' of ');
  await page.reload();
  await expect(page.getByTestId('list-views').getByRole('radio', { name: 'Waiting on me' })).toBeChecked();
  await page.getByTestId('list-views').getByText('All').click();
});

test('yesterday’s daily report is copied with its lines as today’s', async ({ page }) => {
  await signIn(page, 'contractor', 'Contractor@123');
  const reports = (
    await callApi(
      page,
      'GET',
      `/api/custom/selectall?t=dailyreport&cols=id,c_report_no,d_report_date,n_row_version`,
    )
  ).json as unknown as { id: number; c_report_no: string; d_report_date: string; n_row_version: number }[];
  const onC2 = reports.filter((r) => r.c_report_no.startsWith('C2-V01'));
  const today = onC2.find((r) => r.d_report_date === isoDay(0));
  if (today) {
    const removed = await callApi(
      page,
      'DELETE',
      `/api/data/dailyreport/${today.id}?n_row_version=${today.n_row_version}`,
    );
    expect(removed.status, JSON.stringify(removed.json)).toBe(200);
  }
  const yesterday = onC2.find((r) => r.d_report_date === isoDay(-1));
  expect(yesterday).toBeTruthy();
  await page.goto(`${REPORT}?record=${yesterday?.c_report_no ?? ''}`);
  await page.getByRole('button', { name: 'Copy as a new report' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Submitted Successfully').first()).toBeVisible();
  await expect(page.getByTestId('record-state')).toHaveText('Draft');
  await expect(page.getByTestId('record-number')).not.toHaveText(yesterday?.c_report_no ?? '');
  await page.getByRole('tab', { name: 'Manpower' }).click();
  await expect(
    page
      .locator('[data-testid="child-lines"][data-entry="dailyreport_manpower"]')
      .getByTestId('child-line-count'),
  ).toHaveText('5 lines');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a list shows each record as a card of what matters; the pending list is one labelled button', async ({
    page,
  }) => {
    await signIn(page, 'contractor', 'Contractor@123');
    await page.goto(RFI);
    const card = page.getByTestId('phone-card').first();
    await expect(card).toContainText(/-RFI-\d{5}/);
    await expect(card).toContainText('Subject:');
    await expect(card).toContainText('Response needed by:');
    await expect(card).toContainText('Waiting on:');
    // Nothing runs past the screen's edge.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    const pending = page.getByTestId('pending-button');
    await expect(pending).toHaveCount(1);
    await expect(pending).toHaveText(/^To do \d+$/);
    await pending.click();
    const list = page.getByRole('dialog', { name: 'Pending Document List' });
    await expect(list.getByTestId('pending-group').first()).toBeVisible();
    // The last document can be reached.
    const last = list.getByRole('link').last();
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport();
  });
});
