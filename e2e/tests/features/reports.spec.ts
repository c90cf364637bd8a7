import { readFile } from 'node:fs/promises';

import { expect, test } from '@playwright/test';

import { signIn, tokenOf } from '../session';

// The reports, the activity wall and the gallery of issue 32 on the demo: a report list is a read-only register over
// its view, exported whole; the pending list narrows to a person and opens a record; the wall shows the registers'
// steps and pages back; a photo filed with an RFI shows in the gallery and opens large, with its record.

test('a report list reads its view and exports it', async ({ page }) => {
  await signIn(page, 'manager', 'Manager@123');
  await page.goto('/reports/pkgwiseboq');
  await expect(page.getByRole('heading', { name: 'Package-wise BOQ' })).toBeVisible();
  await expect(page.getByText('Read only')).toBeVisible();
  await expect(page.getByTestId('grid-count')).toHaveText(/^\d+ records$/);
  const total = Number(/^(\d+)/.exec((await page.getByTestId('grid-count').textContent()) ?? '')?.[1]);
  expect(total).toBeGreaterThan(5);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'CSV' }).click(),
  ]);
  const text = (await readFile((await download.path()) ?? '', 'utf8')).replace(/^\uFEFF/, '');
  const lines = text.trim().split(/\r?\n/);
  expect(lines[0]).toContain('Executed amount (INR)');
  expect(lines.length - 1).toBe(total);
});

test('the pending list narrows to a person and opens their record', async ({ page }) => {
  await signIn(page, 'manager', 'Manager@123');
  await page.goto('/reports/pendinglist');
  await expect(page.getByRole('heading', { name: 'Pending List' })).toBeVisible();
  const people = page.getByTestId('pending-report-people');
  await expect(people.getByRole('row').nth(1)).toBeVisible();
  const first = people.getByRole('row').nth(1);
  const name = (await first.getByRole('button').textContent()) ?? '';
  const waiting = Number((await first.getByRole('cell').nth(1).textContent())?.replace(/,/g, ''));
  await first.getByRole('button').click();
  await expect(page).toHaveURL(/[?&]person=\d+/);
  await expect(page.getByTestId('pending-report-count')).toHaveText(
    waiting === 1 ? '1 record' : new RegExp(`^${waiting.toLocaleString('en-IN')} records`),
  );
  const rows = page.getByTestId('pending-report-rows').getByRole('row');
  await expect(rows.nth(1).getByRole('cell').first()).toHaveText(name);
  // Overdue only: fewer or as many, each marked.
  await page.getByTestId('pending-report-overdue').click();
  await expect(page).toHaveURL(/[?&]overdue=1/);
  await expect(rows.nth(1)).toHaveAttribute('data-overdue', 'true');
  // The number opens the record's form in its register.
  const link = rows.nth(1).getByRole('link');
  const number = (await link.textContent()) ?? '';
  await link.click();
  await expect(page).toHaveURL(/\?record=r\./);
  await expect(page.getByTestId('record-number')).toHaveText(number);
});

test('the activity wall shows the steps of the registers one reads and pages back', async ({ page }) => {
  await signIn(page, 'contractor', 'Contractor@123');
  await page.goto('/dashboard/social-wall');
  await expect(page.getByRole('heading', { name: 'Social Wall' })).toBeVisible();
  const events = page.getByTestId('activity-event');
  await expect(events).toHaveCount(30);
  await page.getByTestId('activity-wall-older').click();
  await expect(events).toHaveCount(60);
  // A step's record number opens the record's form in its register.
  const record = events.getByRole('link').filter({ hasNotText: 'open the record' }).first();
  const number = (await record.textContent()) ?? '';
  await record.click();
  await expect(page).toHaveURL(/\?record=r\./);
  await expect(page.getByTestId('record-number')).toHaveText(number);
});

// An 8 × 6 orange PNG.
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAAEUlEQVR4nGM4UaGBFTEMpAQA5jNDgbfBAhwAAAAASUVORK5CYII=',
  'base64',
);

test('a photo filed with a record shows in the gallery and opens large', async ({ page, request }) => {
  // The contractor files a photo with a draft RFI of theirs.
  const token = await tokenOf(request, 'contractor', 'Contractor@123');
  const headers = { 'x-access-token': token };
  // A draft: files are added while the record is the raiser's to edit.
  const list = await request.get('/api/custom/selectall', {
    headers,
    params: { t: 'rfi', cols: 'id,c_rfi_no', whrc: "c_state = 'Draft'" },
  });
  const [rfi] = (await list.json()) as { id: number; c_rfi_no: string }[];
  expect(rfi).toBeDefined();
  const name = `pier-cap-${Date.now()}.png`;
  const upload = await request.post(`/api/data/rfi/${rfi?.id}/files`, {
    headers,
    multipart: { file: { name, mimeType: 'image/png', buffer: PHOTO } },
  });
  expect(upload.status()).toBe(201);

  await signIn(page, 'contractor', 'Contractor@123');
  await page.goto('/dashboard/gallery');
  const photo = page.getByRole('button', { name: new RegExp(`^Open ${name}, RFI ${rfi?.c_rfi_no}`) });
  await expect(photo).toBeVisible();
  await expect(photo.getByRole('img')).toHaveAttribute('src', /^blob:/);
  await photo.click();
  const lightbox = page.getByRole('dialog', { name });
  await expect(lightbox.getByRole('img', { name })).toBeVisible();
  await lightbox.getByRole('link', { name: rfi?.c_rfi_no ?? '' }).click();
  await expect(page).toHaveURL(/\/contract-data-entry\/rfi\?record=r\./);
  await expect(page.getByTestId('record-number')).toHaveText(rfi?.c_rfi_no ?? '');

  // Filed in the future: nothing yet.
  await page.goto('/dashboard/gallery?from=2999-01-01');
  await expect(page.getByTestId('gallery-empty')).toContainText('No photo matches these filters.');
});

test('a predefined report is chosen, narrowed to a package and printed as PDF and Excel', async ({
  page,
}) => {
  await signIn(page, 'manager', 'Manager@123');
  await page.goto('/reports/predefined');
  // The first report by title, shown as a dashboard.
  await expect(page.getByRole('heading', { name: 'Land acquisition status report' })).toBeVisible();
  await page.getByTestId('predefined-report').click();
  await page.getByRole('option', { name: 'Payment status report' }).click();
  await expect(page).toHaveURL(/[?&]report=%2Freports%2Fpredefined%2Fpayment-status/);
  await expect(page.getByRole('heading', { name: 'Payment status report' })).toBeVisible();
  await expect(page.getByText('Interim payment certificates')).toBeVisible();
  // Narrowed to the first of the manager's packages: the address keeps both.
  await page.getByTestId('dashboard-package').click();
  const option = page.getByRole('option').first();
  const code = ((await option.textContent()) ?? '').trim().split(/\s/)[0] ?? '';
  // The address changes first; the screen reads the package's figures once it has drawn the new filter.
  const narrowed = page.waitForResponse((response) => /\/api\/dashboard\?.*package=\d+/.test(response.url()));
  await option.click();
  await narrowed;
  await expect(page).toHaveURL(/[?&]package=\d+/);
  await expect(page).toHaveURL(/[?&]report=/);

  // A3 PDF: a real PDF named after the report and the package.
  await page.getByTestId('print-paper').getByText('A3').click();
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('print-pdf').click()]);
  expect(pdf.suggestedFilename()).toMatch(/^Payment status report - Package .+\.pdf$/);
  expect(pdf.suggestedFilename()).toContain(code);
  const bytes = await readFile((await pdf.path()) ?? '');
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // Excel: an XLSX package (a zip).
  const [sheet] = await Promise.all([page.waitForEvent('download'), page.getByTestId('print-xlsx').click()]);
  expect(sheet.suggestedFilename()).toMatch(/\.xlsx$/);
  const zip = await readFile((await sheet.path()) ?? '');
  expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
});
