import { expect, type Page, test } from '@playwright/test';

import { actions, isoDay, perform, personPage, pick, uniqueSubject } from '../record-steps';
import { signIn } from '../session';

// An activity extension (Data entry, Activity extension; declared only in a migration and registry files) through
// its approval workflow by three accounts in the console: the contractor raises and submits it, the employer's
// engineer recommends days, the employer's contract manager approves the days granted; the revised finish the
// database computed (planned finish + days granted) is shown on the record.

const ROUTE = '/dataentry/pkgactextension';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** An ISO day as the console shows dates: "07 Feb, 2027". */
function shown(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day} ${MONTHS[Number(month) - 1]}, ${year}`;
}

async function openByNumber(page: Page, number: string) {
  await page.goto(ROUTE);
  const filter = page.getByLabel('Filter Extension No.');
  await filter.fill(number);
  await filter.press('Enter');
  await page.getByRole('row').filter({ hasText: number }).click();
  // A record opens once its look-ups have answered: give a loaded machine time.
  await expect(page.getByTestId('record-number')).toHaveText(number, { timeout: 15_000 });
}

test('an activity extension is raised by the contractor, recommended by the engineer and approved by the manager', async ({
  page,
  browser,
}) => {
  // Three people, several steps: longer than one screen's test.
  test.setTimeout(120_000);
  const location = uniqueSubject('Spans S160-S165');
  const plannedFinish = isoDay(40);

  // The contractor raises the request and submits it to the engineer.
  await signIn(page, 'contractor', 'Contractor@123');
  await page.goto(ROUTE);
  await page.getByRole('button', { name: 'New' }).click();
  const form = page.getByRole('form', { name: 'Activity extension form' });
  await expect(page.getByTestId('record-state')).toHaveText('Draft');
  await pick(page, form, 'Package', /^C1-V01 — /);
  await pick(page, form, 'Activity', /^SUP — Superstructure/);
  await form.getByRole('textbox', { name: 'Location (piers, spans, chainage)', exact: true }).fill(location);
  await form.getByRole('textbox', { name: 'Current planned finish' }).fill(plannedFinish);
  await form.getByRole('textbox', { name: 'Days requested', exact: true }).fill('20');
  await form
    .getByRole('textbox', { name: 'Justification', exact: true })
    .fill(
      'Road closure for the festival at Tech Park junction; launching girder could not move for 20 days.',
    );
  await pick(page, form, 'Engineer (recommends)', /^Arjun Mehta/);
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Submitted Successfully')).toBeVisible();
  const numberText = page.getByTestId('record-number');
  await expect(numberText).toHaveText(/^C1-V01-AEX-\d{3}$/, { timeout: 15_000 });
  const number = (await numberText.textContent()) ?? '';
  // The save's notice goes first, so that the step's own notice is the one looked for.
  await expect(page.getByText('Submitted Successfully')).toBeHidden({ timeout: 15_000 });
  await actions(page).getByRole('button', { name: 'Submit to engineer' }).click();
  await perform(
    page,
    page.getByRole('dialog', { name: 'Submit to engineer', exact: true }),
    'Submit to engineer',
  );
  await expect(page.getByTestId('record-state')).toHaveText('Submitted (with engineer)');
  // The next step is not the contractor's.
  await expect(actions(page).getByRole('button', { name: 'Recommend to manager' })).toHaveCount(0);

  // The engineer recommends 12 days and names the contract manager.
  const engineer = await personPage(browser, 'engineer', 'Engineer@123');
  await openByNumber(engineer, number);
  await expect(engineer.getByTestId('record-state')).toHaveText('Submitted (with engineer)');
  await actions(engineer).getByRole('button', { name: 'Recommend to manager' }).click();
  const recommend = engineer.getByRole('dialog', { name: 'Recommend to manager', exact: true });
  await recommend.getByRole('textbox', { name: 'Days recommended', exact: true }).fill('12');
  await recommend
    .getByRole('textbox', { name: "Engineer's recommendation", exact: true })
    .fill('Twelve days on the critical path of the launching, from the site diary.');
  await pick(engineer, recommend, 'Contract manager (decides)', /^Priya Nair/);
  await perform(engineer, recommend, 'Recommend to manager');
  await expect(engineer.getByTestId('record-state')).toHaveText('Recommended (with manager)');
  await engineer.context().close();

  // The manager approves 12 days; the database's revised finish is shown.
  const manager = await personPage(browser, 'manager', 'Manager@123');
  await openByNumber(manager, number);
  await actions(manager).getByRole('button', { name: 'Approve extension' }).click();
  const approve = manager.getByRole('dialog', { name: 'Approve extension', exact: true });
  await approve.getByRole('textbox', { name: 'Days granted', exact: true }).fill('12');
  await perform(manager, approve, 'Approve extension');
  await expect(manager.getByTestId('record-state')).toHaveText('Approved');
  const revised = manager.getByRole('form', { name: 'Activity extension form' }).getByRole('textbox', {
    name: 'Revised finish (planned + days granted)',
  });
  await expect(revised).toHaveValue(shown(isoDay(52)));
  await manager.context().close();
});
