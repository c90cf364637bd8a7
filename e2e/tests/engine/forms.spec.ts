import { expect, type Locator, type Page, test } from '@playwright/test';

import { callApi, signIn } from '../session';

// Forms say what is wrong, all at once, in people's words: every field rule and every rule over several fields on
// one Save, before the confirmation; impossible dates refused under the field; amounts grouped Indian style and
// sent plain; a changed form asks before it is dropped; a refused delete names what uses the record.

const SAVE = 'Are you sure, you want to save the data in database ?';
const DELETE = 'Are you sure, you want to Delte the data in database ?';

/** Picks an option of a drop-down of the form (options of the list's filters have the same names). */
async function pick(page: Page, form: Locator, label: string, option: string | RegExp) {
  await form.getByRole('textbox', { name: label }).click();
  await page.getByRole('listbox', { name: label }).getByRole('option', { name: option }).first().click();
}

/** Every required choice of a contract: package, contractor, type and status. */
async function pickContractChoices(page: Page, form: Locator) {
  await pick(page, form, 'Package', /^C1-DP01 — /);
  await pick(page, form, 'Contractor', /./);
  await pick(page, form, 'Contract type', 'EPC');
  await pick(page, form, 'Status', 'Awarded');
}

async function newContract(page: Page) {
  await signIn(page, 'admin', 'Admin@123');
  await page.goto('/masters/contract');
  await page.getByRole('button', { name: 'New' }).click();
  return page.getByRole('form', { name: 'Contract form' });
}

test('a contract with three mistakes shows three messages on one Save, before any confirmation', async ({
  page,
}) => {
  const form = await newContract(page);
  await form.getByLabel('Contract No.').fill('mrc 7');
  await form.getByLabel('Contract value (INR)').fill('-1,00,000');
  await form.getByLabel('Start date').fill('01 Apr, 2026');
  await form.getByLabel('Scheduled completion').fill('2026-03-31');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(
    form.getByText('Contract No.: capital letters, digits, / and -, 3 to 40 characters'),
  ).toBeVisible();
  await expect(form.getByText('Contract value (INR) must be 0 or more')).toBeVisible();
  await expect(form.getByText('Scheduled completion must be on or after the start date')).toBeVisible();
  // The required fields left blank say so in the same go.
  await expect(form.getByText('Title is required')).toBeVisible();
  await expect(page.getByText(SAVE)).toBeHidden();
});

test('an impossible date is refused under its field, never rolled over into another date', async ({
  page,
}) => {
  const form = await newContract(page);
  const loa = form.getByRole('textbox', { name: 'LOA date' });
  await loa.fill('2026-13-45');
  const agreement = form.getByRole('textbox', { name: 'Agreement date' });
  await agreement.fill('29 Feb, 2023');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(
    form.getByText('LOA date must be a real date (day, month and year), such as 2026-11-23'),
  ).toBeVisible();
  await expect(
    form.getByText('Agreement date must be a real date (day, month and year), such as 2026-11-23'),
  ).toBeVisible();
  // The text stays as typed; a real date typed in either form shows as DD MMM, YYYY.
  await expect(loa).toHaveValue('2026-13-45');
  await loa.fill('2026-01-05');
  await agreement.fill('5 feb 2026');
  await form.getByLabel('Title').click();
  await expect(loa).toHaveValue('05 Jan, 2026');
  await expect(agreement).toHaveValue('05 Feb, 2026');
  await expect(form.getByText('LOA date must be a real date')).toBeHidden();
});

test('amounts read and type with Indian grouping and travel as the plain number', async ({ page }) => {
  const form = await newContract(page);
  await form.getByLabel('Contract No.').fill('MRC/E2E/AMT-1');
  await form.getByLabel('Title').fill('Grouped amount, end to end');
  await pickContractChoices(page, form);
  const value = form.getByLabel('Contract value (INR)');
  await value.fill('12,34,56,789.5');
  await form.getByLabel('Start date').fill('2026-04-01');
  await form.getByLabel('Scheduled completion').fill('31 Mar, 2028');
  await expect(value).toHaveValue('12,34,56,789.50');

  const sent = page.waitForRequest((r) => r.url().endsWith('/api/data/contract') && r.method() === 'POST');
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  expect(body.n_contract_value).toBe('123456789.5');
  expect(body.d_start_date).toBe('2026-04-01');
  expect(body.d_completion_date).toBe('2028-03-31');
  await expect(page.getByText('Submitted Successfully')).toBeVisible();

  const filter = page.getByLabel('Filter Contract No.');
  await filter.fill('AMT-1');
  await filter.press('Enter');
  const row = page.getByRole('row').filter({ hasText: 'MRC/E2E/AMT-1' });
  await expect(row).toContainText('12,34,56,789.50');
  await expect(row).toContainText('31 Mar, 2028');
});

test('an amount with more digits than a float holds keeps every one, in the list and the form', async ({
  page,
}) => {
  await signIn(page, 'admin', 'Admin@123');
  await page.goto('/masters/contract');
  const ids = (await callApi(page, 'GET', '/api/custom/selectall?t=package&cols=id')) as unknown as {
    json: { id: number }[];
  };
  const contractors = (await callApi(
    page,
    'GET',
    '/api/custom/selectall?t=contractor&cols=id',
  )) as unknown as {
    json: { id: number }[];
  };
  const created = await callApi(page, 'POST', '/api/data/contract', {
    c_contract_no: 'MRC/E2E/MAX-1',
    c_name: 'Largest amount the column holds',
    n_package: ids.json[0]?.id,
    n_contractor: contractors.json[0]?.id,
    c_contract_type: 'EPC',
    c_status: 'Awarded',
    n_contract_value: '9999999999999999.99',
    d_start_date: '2026-04-01',
    d_completion_date: '2027-04-01',
  });
  expect(created.status).toBe(201);
  const filter = page.getByLabel('Filter Contract No.');
  await filter.fill('MAX-1');
  await filter.press('Enter');
  const row = page.getByRole('row').filter({ hasText: 'MRC/E2E/MAX-1' });
  await expect(row).toContainText('9,99,99,99,99,99,99,999.99');
  await row.click();
  const form = page.getByRole('form', { name: 'Contract form' });
  await expect(form.getByLabel('Contract value (INR)')).toHaveValue('9,99,99,99,99,99,99,999.99');
});

test('look-ups offer code and name, and searching finds either', async ({ page }) => {
  await signIn(page, 'admin', 'Admin@123');
  await page.goto('/masters/station');
  await page.getByRole('button', { name: 'New' }).click();
  const form = page.getByRole('form', { name: 'Station form' });
  const corridor = form.getByRole('textbox', { name: 'Corridor' });
  await corridor.fill('Green');
  const list = page.getByRole('listbox', { name: 'Corridor' });
  await expect(list.getByRole('option')).toHaveText(['C2 — Corridor 2: Northgate - Southfield (Green Line)']);
  await corridor.fill('C1');
  await expect(list.getByRole('option')).toHaveText([
    'C1 — Corridor 1: Airport - Central Station (Blue Line)',
  ]);
});

test('Cancel on a changed form asks before dropping the changes; an unchanged form closes at once', async ({
  page,
}) => {
  await signIn(page, 'admin', 'Admin@123');
  await page.goto('/masters/corridor');
  await page.getByRole('button', { name: 'New' }).click();
  const form = page.getByRole('form', { name: 'Corridor form' });
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();

  await page.getByRole('button', { name: 'New' }).click();
  await form.getByLabel('Name').fill('Half-typed corridor');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Discard your changes?')).toBeVisible();
  await page.getByRole('button', { name: 'No' }).click();
  await expect(form.getByLabel('Name')).toHaveValue('Half-typed corridor');
  await page.keyboard.press('Escape');
  await expect(page.getByText('Discard your changes?')).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(form).toBeHidden();
});

test('every field the gateway refuses gets its message, all at once', async ({ page }) => {
  const form = await newContract(page);
  // A 422 naming two fields, as the gateway answers when several values fail checks only it can make.
  await page.route('**/api/data/contract', (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({
        result: 'failed',
        code: 'PMIS-R422',
        message: 'Contract No. is already used by another Contract',
        fields: [
          { field: 'c_contract_no', message: 'Contract No. is already used by another Contract' },
          { field: 'c_name', message: 'Title is already used by another Contract' },
        ],
      }),
    }),
  );
  await form.getByLabel('Contract No.').fill('MRC/E2E/DUP');
  await form.getByLabel('Title').fill('Duplicate');
  await pickContractChoices(page, form);
  await form.getByLabel('Contract value (INR)').fill('100');
  await form.getByLabel('Start date').fill('2026-04-01');
  await form.getByLabel('Scheduled completion').fill('2027-04-01');
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(form.getByText('Contract No. is already used by another Contract')).toBeVisible();
  await expect(form.getByText('Title is already used by another Contract')).toBeVisible();
});

test('a refused delete names the record and what uses it', async ({ page }) => {
  await signIn(page, 'admin', 'Admin@123');
  await page.goto('/masters/corridor');
  await page.getByRole('row').filter({ hasText: 'C1' }).first().click();
  const form = page.getByRole('form', { name: 'Corridor form' });
  await form.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(DELETE)).toBeHidden();
  const notice = page.getByText(
    /^Corridor C1 \(.*\) cannot be deleted: it is in use by .*Change or delete those first\.$/,
  );
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Station records');
});
