import { readFile } from 'node:fs/promises';

import { expect, type Locator, type Page, test } from '@playwright/test';

import { signIn } from '../session';

// The metadata-driven screens on three masters: create (with the confirmation), find with a column filter applied
// on tab-out, edit, a refusal shown under its field (by the form's copy of the gateway's rules, or by the gateway),
// delete; a CSV export; and a user without the permission.

async function answerYes(page: Page, question: string) {
  await expect(page.getByText(question)).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
}

const SAVE = 'Are you sure, you want to save the data in database ?';
const DELETE = 'Are you sure, you want to Delte the data in database ?';

type Fill = (form: Locator, page: Page) => Promise<void>;

interface MasterCase {
  route: string;
  title: string;
  code: string;
  create: Fill;
  /** Changes one field; the new text must show in the list. */
  edit: Fill;
  editedText: string;
  /** Values that are refused, and the message under `field`. */
  refuse: Fill;
  refusedField: string;
  refusedMessage: string;
  /** Who refuses: the form before sending (a rule of the registry it checks too) or only the gateway. */
  refusedBy: 'form' | 'gateway';
}

async function choose(form: Locator, page: Page, label: string, option: string) {
  await form.getByRole('textbox', { name: label }).click();
  await page.getByRole('listbox', { name: label }).getByRole('option', { name: option }).click();
}

const CASES: MasterCase[] = [
  {
    route: '/masters/corridor',
    title: 'Corridor',
    code: 'C7-E2E',
    create: async (form) => {
      await form.getByLabel('Code').fill('C7-E2E');
      await form.getByLabel('Name').fill('Corridor 7: Harbour - Hill Road (e2e)');
      await form.getByLabel('Chainage from (km)').fill('0');
      await form.getByLabel('Chainage to (km)').fill('14.250');
    },
    edit: async (form) => {
      await form.getByLabel('Name').fill('Corridor 7: Harbour - Hill Road (edited)');
    },
    editedText: 'Corridor 7: Harbour - Hill Road (edited)',
    refuse: async (form) => {
      await form.getByLabel('Chainage from (km)').fill('20');
      await form.getByLabel('Chainage to (km)').fill('5');
    },
    refusedField: 'Chainage to (km)',
    refusedMessage: 'Chainage to (km) must not be less than chainage from (km)',
    refusedBy: 'form',
  },
  {
    route: '/masters/section',
    title: 'Section',
    code: 'C2-SEC09',
    create: async (form, page) => {
      await form.getByLabel('Code').fill('C2-SEC09');
      await form.getByLabel('Name').fill('Stadium to Central Station (e2e)');
      await choose(form, page, 'Corridor', 'C2 — Corridor 2: Northgate - Southfield (Green Line)');
      await form.getByLabel('Chainage from (km)').fill('6');
      await form.getByLabel('Chainage to (km)').fill('8.6');
    },
    edit: async (form) => {
      await form.getByLabel('Chainage to (km)').fill('8.650');
    },
    editedText: '8.650',
    refuse: async (form) => {
      await form.getByLabel('Chainage to (km)').fill('6');
    },
    refusedField: 'Chainage to (km)',
    refusedMessage: 'Chainage to (km) must be beyond chainage from (km)',
    refusedBy: 'form',
  },
  {
    route: '/masters/disciplines',
    title: 'Discipline',
    code: 'GEO',
    create: async (form) => {
      await form.getByLabel('Code').fill('GEO');
      await form.getByLabel('Name').fill('Geotechnical');
    },
    edit: async (form) => {
      await form.getByLabel('Description').fill('Soil investigation and instrumentation.');
      await form.getByLabel('Name').fill('Geotechnical engineering');
    },
    editedText: 'Geotechnical engineering',
    // Another discipline's code: the gateway finds the duplicate and names the field.
    refuse: async (form) => {
      await form.getByLabel('Code').fill('CIV');
    },
    refusedField: 'Code',
    refusedMessage: 'already used by another Discipline',
    refusedBy: 'gateway',
  },
];

function rowOf(page: Page, text: string): Locator {
  return page.getByRole('row').filter({ hasText: text });
}

for (const master of CASES) {
  test(`${master.title}: create, filter on tab-out, edit, refusal under its field, delete`, async ({
    page,
  }) => {
    await signIn(page, 'admin', 'Admin@123');
    await page.goto(master.route);
    await expect(page.getByTestId('data-screen')).toBeVisible();
    await expect(page.getByRole('heading', { name: master.title, exact: true })).toBeVisible();
    await expect(page.getByTestId('grid-count')).toContainText('records');

    // Create: No first (nothing saved), then Yes.
    await page.getByRole('button', { name: 'New' }).click();
    const form = page.getByRole('form', { name: `${master.title} form` });
    await master.create(form, page);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(SAVE)).toBeVisible();
    await page.getByRole('button', { name: 'No' }).click();
    await expect(page.getByText('You pressed No...')).toBeVisible();
    await form.getByRole('button', { name: 'Save' }).click();
    await answerYes(page, SAVE);
    await expect(page.getByText('Submitted Successfully')).toBeVisible();
    await expect(form).toBeHidden();

    // The column filter applies when the user tabs out of it.
    const filter = page.getByLabel('Filter Code');
    await filter.fill(master.code);
    await expect(page.getByTestId('grid-count')).not.toContainText(' of ');
    await filter.press('Tab');
    await expect(page.getByTestId('grid-count')).toHaveText(/^1 of \d+ records$/);
    await expect(rowOf(page, master.code)).toHaveCount(1);

    // Edit.
    await rowOf(page, master.code).click();
    await expect(form).toBeVisible();
    await expect(form.getByLabel('Code')).toHaveValue(master.code);
    await master.edit(form, page);
    await form.getByRole('button', { name: 'Update' }).click();
    await answerYes(page, SAVE);
    await expect(page.getByText('Updated Successfully')).toBeVisible();
    await expect(form).toBeHidden();
    await expect(rowOf(page, master.code)).toContainText(master.editedText);

    // Refused values: the message under the field, nothing saved. A rule the form knows refuses before the
    // confirmation; one only the gateway can judge (a duplicate) after it.
    await rowOf(page, master.code).click();
    await master.refuse(form, page);
    await form.getByRole('button', { name: 'Update' }).click();
    if (master.refusedBy === 'gateway') await answerYes(page, SAVE);
    else await expect(page.getByText(SAVE)).toBeHidden();
    const field = form.getByRole('textbox', { name: master.refusedField });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText(master.refusedMessage).first()).toBeVisible();
    // Leaving a changed form asks first.
    await page.keyboard.press('Escape');
    await answerYes(page, 'Discard your changes?');
    await expect(form).toBeHidden();

    // Delete.
    await rowOf(page, master.code).click();
    await form.getByRole('button', { name: 'Delete' }).click();
    await answerYes(page, DELETE);
    await expect(page.getByText('Deleted Successfully')).toBeVisible();
    await expect(page.getByTestId('grid-count')).toContainText('No records match the search or filters');
  });
}

test('the form refuses what the gateway would, before sending', async ({ page }) => {
  await signIn(page, 'admin', 'Admin@123');
  await page.goto('/masters/corridor');
  await page.getByRole('button', { name: 'New' }).click();
  const form = page.getByRole('form', { name: 'Corridor form' });
  await form.getByLabel('Code').fill('c1 lower');
  await form.getByLabel('Length (km)').fill('1.23456');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(
    form.getByText('Code: use capital letters, digits and hyphens, starting with a letter or digit'),
  ).toBeVisible();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(form.getByText('Length (km) allows at most 3 decimal places')).toBeVisible();
  // No confirmation was asked: nothing went to the gateway.
  await expect(page.getByText(SAVE)).toBeHidden();
});

test("CSV export: the list's headings and every filtered row", async ({ page }) => {
  await signIn(page, 'admin', 'Admin@123');
  await page.goto('/masters/station');
  await expect(page.getByTestId('grid-count')).toHaveText('17 records');
  const filter = page.getByLabel('Filter Name');
  await filter.fill('a');
  await filter.press('Tab');
  await expect(page.getByTestId('grid-count')).toHaveText(/^\d+ of 17 records$/);
  const matching = Number(/^(\d+) of/.exec((await page.getByTestId('grid-count').textContent()) ?? '')?.[1]);
  expect(matching).toBeGreaterThan(5);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^station-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await readFile((await download.path()) ?? '', 'utf8')).replace(/^\uFEFF/, '');
  const lines = text.trim().split(/\r?\n/);
  expect(lines[0]).toBe('Code,Name,Corridor,Station type,Chainage (km)');
  expect(lines.length - 1).toBe(matching);
});

test('a user without the permission sees the overlay and the gateway answers 403', async ({ page }) => {
  await signIn(page, 'viewer', 'Viewer@123');
  await page.goto('/masters/stationlinking');
  await expect(page.getByText('Access disabled - Please contact to Administrator')).toBeVisible();
  const statuses = await page.evaluate(async () => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { accessToken?: string };
    const headers = { 'x-access-token': user.accessToken ?? '', 'content-type': 'application/json' };
    const screen = await fetch('/api/screen?route=/masters/stationlinking', { headers });
    const table = await fetch('/api/custom/datatable', {
      method: 'POST',
      headers,
      body: JSON.stringify({ t: 'station_link', draw: 1, start: 0, length: 5 }),
    });
    const write = await fetch('/api/data/station_link', { method: 'POST', headers, body: '{}' });
    return [screen.status, table.status, write.status];
  });
  expect(statuses).toEqual([403, 403, 403]);
  // A master the viewer holds opens normally.
  await page.goto('/masters/corridor');
  await expect(page.getByTestId('data-screen')).toBeVisible();
  await expect(page.getByTestId('access-overlay')).toHaveCount(0);
});
