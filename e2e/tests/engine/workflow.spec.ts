import { expect, type Page, test } from '@playwright/test';

import {
  actions,
  isoDay,
  openPending,
  perform,
  personPage,
  pick,
  rfiByApi,
  SAVE,
  uniqueSubject,
} from '../record-steps';
import { revokeRoutes, signIn, userWithRoutes } from '../session';

// A register's business process in the console, on the RFI register: the state as a badge, the record's number
// from the server, the transitions the user may perform as buttons with their own form (required fields and
// comment, the confirmation, the notices), the History tab, record links from the pending list, and the person a
// record waits on acting without the register's route. The console's code knows no particular register: these
// tests only use one.

const ROUTE = '/contract-data-entry/rfi';

/** Opens a record of the list by its number (filtering the list to it). */
async function openByNumber(page: Page, number: string) {
  await page.goto(ROUTE);
  const filter = page.getByLabel('Filter RFI No.');
  await filter.fill(number);
  await filter.press('Enter');
  await page.getByRole('row').filter({ hasText: number }).click();
  await expect(page.getByTestId('record-number')).toHaveText(number);
}

test('an RFI goes from the contractor to the engineer and back, each step in its history', async ({
  page,
  browser,
}) => {
  // Two people in two browsers through five steps: over 30 s on a busy two-core machine (CI took 32 s).
  test.setTimeout(90_000);
  const subject = uniqueSubject('Pier cap cover');
  await signIn(page, 'contractor', 'Contractor@123');
  await page.goto(ROUTE);
  await page.getByRole('button', { name: 'New' }).click();
  const form = page.getByRole('form', { name: 'RFI form' });
  // The number is the server's: not an input of a new record.
  await expect(form.getByLabel('RFI No.')).toHaveCount(0);
  await expect(page.getByTestId('record-state')).toHaveText('Draft');
  await pick(page, form, 'Package', /^C1-V01 — /);
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Question').fill('Is 50 mm clear cover required on the pier cap top face?');
  await pick(page, form, 'Assigned to (engineer)', /^Arjun Mehta/);
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Submitted Successfully')).toBeVisible();

  // The saved record stays open with its number, state and the transitions open to its raiser.
  const numberText = page.getByTestId('record-number');
  await expect(numberText).toHaveText(/^C1-V01-RFI-\d{5}$/);
  const number = (await numberText.textContent()) ?? '';
  await expect(form.getByLabel('RFI No.')).toHaveValue(number);
  await expect(form.getByLabel('RFI No.')).toHaveAttribute('readonly', '');
  await expect(page.getByTestId('record-state')).toHaveText('Draft');
  await expect(actions(page).getByRole('button')).toHaveText(['Submit to engineer']);

  // Submitting asks for the date the response is needed by.
  await actions(page).getByRole('button', { name: 'Submit to engineer' }).click();
  const submit = page.getByRole('dialog', { name: 'Submit to engineer', exact: true });
  const due = submit.getByRole('textbox', { name: 'Response needed by' });
  await expect(due).toBeVisible();
  await submit.getByRole('button', { name: 'Submit to engineer' }).click();
  await expect(submit.getByText('Response needed by is required')).toBeVisible();
  await expect(page.getByText(SAVE)).toBeHidden();
  await due.fill(isoDay(7));
  await submit.getByLabel('Comment').fill('Drawing R2 attached.');
  await perform(page, submit, 'Submit to engineer');
  await expect(page.getByTestId('record-state')).toHaveText('Open (with engineer)');
  await expect(actions(page)).toHaveCount(0);

  // The engineer finds it in the pending list and opens it from there.
  const engineer = await personPage(browser, 'engineer', 'Engineer@123');
  await openPending(engineer, 'RFI');
  const pending = engineer.getByRole('dialog', { name: 'Pending Document List' });
  const entry = pending.getByRole('row').filter({ hasText: number });
  await expect(entry).toContainText(subject);
  await expect(entry).toContainText('0 days waiting');
  await expect(entry.getByText('Overdue')).toHaveCount(0);
  await entry.getByRole('link', { name: number }).click();
  await expect(engineer).toHaveURL(/\?record=r\./);
  await expect(engineer.getByTestId('record-number')).toHaveText(number);
  await expect(engineer.getByTestId('record-state')).toHaveText('Open (with engineer)');
  await expect(actions(engineer).getByRole('button')).toHaveText(['Answer', 'Return for clarification']);

  // A first answer without the response says so under the field; then it goes.
  await actions(engineer).getByRole('button', { name: 'Answer' }).click();
  const answer = engineer.getByRole('dialog', { name: 'Answer', exact: true });
  await answer.getByRole('button', { name: 'Answer', exact: true }).click();
  await expect(answer.getByText('Response is required')).toBeVisible();
  await answer.getByLabel('Response').fill('Yes: 50 mm clear cover on the top face, as in drawing R2.');
  await pick(engineer, answer, 'Cost impact', 'No');
  await perform(engineer, answer, 'Answer');
  await expect(engineer.getByTestId('record-state')).toHaveText('Answered (with raiser)');
  await expect(actions(engineer).getByRole('button')).toHaveText(['Reopen']);
  await engineer.context().close();

  // The contractor closes it.
  await openByNumber(page, number);
  await expect(page.getByTestId('record-state')).toHaveText('Answered (with raiser)');
  await actions(page).getByRole('button', { name: 'Close' }).click();
  const close = page.getByRole('dialog', { name: 'Close', exact: true });
  await perform(page, close, 'Close');
  await expect(page.getByTestId('record-state')).toHaveText('Closed');
  await expect(actions(page).getByRole('button')).toHaveText(['Reopen']);
  // A closed record has nothing left to change: read-only, no Update.
  await expect(form.getByRole('button', { name: 'Update' })).toHaveCount(0);

  // Its history, newest first: each step, who, the comment and what changed.
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByTestId('record-history');
  await expect(history.locator('.mantine-Timeline-itemTitle')).toHaveText([
    /^Close/,
    /^Answer/,
    /^Submit to engineer/,
    /^Created/,
  ]);
  const steps = history.locator('.mantine-Timeline-item');
  await expect(steps.nth(1)).toContainText('Arjun Mehta');
  await expect(steps.nth(1)).toContainText(
    'Response: — → Yes: 50 mm clear cover on the top face, as in drawing R2.',
  );
  await expect(steps.nth(2)).toContainText('Draft');
  await expect(steps.nth(2)).toContainText('Open (with engineer)');
  await expect(steps.nth(2)).toContainText('“Drawing R2 attached.”');
  await expect(steps.nth(3)).toContainText('Rahul Verma');
  await expect(steps.nth(3)).toContainText(`Subject: — → ${subject}`);
  // When: DD MMM, YYYY with the time.
  await expect(steps.nth(0)).toContainText(/\d{2} [A-Z][a-z]{2}, \d{4}, \d{1,2}:\d{2}:\d{2} [ap]m/);
});

test('the list shows each state as a badge and marks an RFI past its due date as overdue', async ({
  page,
}) => {
  await signIn(page, 'contractor', 'Contractor@123');
  const late = await rfiByApi(page, {
    subject: uniqueSubject('Late'),
    assignee: 'Arjun Mehta',
    due: '2026-01-05',
  });
  const early = await rfiByApi(page, {
    subject: uniqueSubject('In time'),
    assignee: 'Arjun Mehta',
    due: isoDay(30),
  });
  await page.goto(ROUTE);
  const filter = page.getByLabel('Filter RFI No.');
  for (const { number, overdue } of [
    { number: late.number, overdue: true },
    { number: early.number, overdue: false },
  ]) {
    await filter.fill(number);
    await filter.press('Enter');
    const row = page.getByRole('row').filter({ hasText: number });
    await expect(row.locator('.mantine-Badge-root').first()).toHaveText('Draft');
    await expect(row.getByText('Overdue')).toHaveCount(overdue ? 1 : 0);
    if (overdue) await expect(row).toContainText('05 Jan, 2026');
  }
});

test('the viewer, who holds no RFI route, gets no access and no transition buttons', async ({ page }) => {
  await signIn(page, 'viewer', 'Viewer@123');
  await page.goto(ROUTE);
  await expect(page.getByTestId('access-overlay')).toBeVisible();
  // A record link to an RFI that does not wait on her opens nothing either.
  await page.goto(`${ROUTE}?record=1`);
  await expect(page.getByTestId('access-overlay')).toContainText(
    'Access disabled - Please contact to Administrator',
  );
  await expect(page.getByTestId('data-screen')).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Actions on this record' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Answer' })).toHaveCount(0);
});

test('someone an RFI waits on opens it from the pending list without the route, and returns it', async ({
  page,
  request,
  browser,
}) => {
  // An engineer of the consultant who may answer RFIs is made the RFI's engineer, then loses the register's route:
  // what waits on them stays theirs to act on.
  const username = await userWithRoutes(
    request,
    ['/', '/dashboard/analytics', '/contract-data-entry/rfi'],
    undefined,
    'Route@2026',
    'GC',
  );
  const contractor = await personPage(browser, 'contractor', 'Contractor@123');
  const rfi = await rfiByApi(contractor, {
    subject: uniqueSubject('Waiting'),
    assignee: `E2E ${username}`,
    submit: true,
  });
  await contractor.context().close();
  await revokeRoutes(request, username, ['/contract-data-entry/rfi']);

  await signIn(page, username, 'Route@2026');
  await page.goto(ROUTE);
  await expect(page.getByTestId('access-overlay')).toBeVisible();
  await openPending(page, 'RFI');
  const pending = page.getByRole('dialog', { name: 'Pending Document List' });
  await pending.getByRole('link', { name: rfi.number }).click();
  await expect(page.getByTestId('access-overlay')).toHaveCount(0);
  await expect(page.getByTestId('record-number')).toHaveText(rfi.number);
  await expect(page.getByText('Waiting on you')).toBeVisible();
  await expect(actions(page).getByRole('button')).toHaveText(['Answer', 'Return for clarification']);
  // Fields are the record's, not theirs to change.
  await expect(
    page.getByRole('form', { name: 'RFI form' }).getByRole('button', { name: 'Update' }),
  ).toHaveCount(0);

  // Returning needs a comment.
  await actions(page).getByRole('button', { name: 'Return for clarification' }).click();
  const back = page.getByRole('dialog', { name: 'Return for clarification', exact: true });
  await back.getByRole('button', { name: 'Return for clarification' }).click();
  await expect(back.getByText('Comment is required')).toBeVisible();
  await back.getByLabel('Comment').fill('Please name the drawing.');
  await perform(page, back, 'Return for clarification');
  // It no longer waits on them: its form closes, and their list is empty.
  await expect(page.getByTestId('record-number')).toHaveCount(0);
  await expect(page.getByTestId('grid-count')).toHaveText('No RFI records yet.');
});
