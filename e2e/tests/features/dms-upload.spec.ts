import path from 'node:path';

import { expect, type Page, test } from '@playwright/test';

import { actions, idOf, isoDay, openPending, perform, personPage, pick, SAVE } from '../record-steps';
import { callApi, signIn } from '../session';
import { recordReviewCode } from './dms-steps';

// Document management through the console (issue 31): the contractor (originator LNT) uploads a PDF drawing by
// dropping it into the explorer (the number's parts typed once wrongly, refused under the field), shares it from
// the register's form (S3), starts a review with two reviewers; the planner records B and the engineer A from
// their pending lists; the engineer consolidates and confirms; the drawing is Published (B, C01) and the
// contractor finds it on /dms/search by a word that only the PDF's text holds ("quartzwyvern").

const FIXTURE = path.join(import.meta.dirname, '..', '..', 'fixtures', 'dms-drawing.pdf');
const WORD_IN_PDF = 'quartzwyvern';

/** A volume part no other test or demo row has: "U" and up to seven capitals or digits. */
function uniqueVolume(): string {
  return `U${(Date.now() % 78_364_164_096).toString(36).toUpperCase()}`.slice(0, 8);
}

/** The lead performs one step of the open review (its button, its form's button, Yes). */
async function step(page: Page, label: string) {
  await actions(page).getByRole('button', { name: label }).click();
  const modal = page.getByRole('dialog', { name: label, exact: true });
  await modal.getByRole('button', { name: label, exact: true }).click();
  await expect(page.getByText(SAVE)).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(modal).toBeHidden({ timeout: 20_000 });
}

async function ok(answer: Promise<{ status: number; json: Record<string, unknown> }>, status = 200) {
  const { status: got, json } = await answer;
  expect(got, JSON.stringify(json)).toBe(status);
  return json.data as Record<string, unknown>;
}

test('a PDF drawing uploaded in the explorer is shared, reviewed A and B, published, and found by a word inside it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const volume = uniqueVolume();
  const title = `Pier bearing layout ${volume} (end-to-end upload)`;
  await signIn(page, 'contractor', 'Contractor@123');

  // Drop the PDF into the explorer: the upload window opens with the title from the file name.
  await page.goto('/dms/explorer');
  await expect(page.getByTestId('dms-folder-tree')).toBeVisible();
  await page.getByTestId('dms-dropzone').locator('input[type=file]').setInputFiles(FIXTURE);
  const upload = page.getByRole('form', { name: 'Upload a document' });
  await expect(upload.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('dms drawing');
  await upload.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await pick(page, upload, 'Package', /^C1-V01/);
  await pick(page, upload, 'Discipline', /^CIV/);
  await pick(page, upload, 'Document type', /^DRG/);
  await upload.getByRole('textbox', { name: 'Originator', exact: true }).fill('L1');
  await upload.getByRole('textbox', { name: 'Volume / system', exact: true }).fill(volume);
  await upload.getByRole('textbox', { name: 'Level / location', exact: true }).fill('P112');
  await upload.getByRole('textbox', { name: 'Type', exact: true }).fill('DR');
  await upload.getByRole('textbox', { name: 'Role', exact: true }).fill('S');
  await upload.getByRole('button', { name: 'Upload' }).click();
  // A number part that breaks the convention is named under its field; nothing is sent.
  await expect(upload.getByText('Originator: 3–6 capital letters such as LNT')).toBeVisible();
  await upload.getByRole('textbox', { name: 'Originator', exact: true }).fill('lnt');
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload).toBeHidden({ timeout: 30_000 });
  const created = page.getByText(new RegExp(`MML3-LNT-${volume}-P112-DR-S-\\d{4} uploaded`));
  await expect(created).toBeVisible();
  const documentNo = ((await created.textContent()) ?? '').replace(/ uploaded.*$/, '');

  // The new drawing is in its virtual folder: All documents › MML3 › C1-V01 › …
  const hit = page.getByTestId('dms-hit').filter({ hasText: documentNo });
  await expect(hit).toBeVisible();
  await expect(hit).toContainText('P01.01');

  // The originator finds it at once by the word only the PDF's text holds, highlighted, "found in the file".
  await page.goto(`/dms/search?q=${WORD_IN_PDF}`);
  const found = page.getByTestId('dms-hit').filter({ hasText: documentNo });
  await expect(found).toBeVisible({ timeout: 15_000 });
  await expect(found.getByTestId('dms-snippet').locator('mark').first()).toHaveText(
    new RegExp(WORD_IN_PDF, 'i'),
  );
  await expect(found).toContainText('Found in the file dms-drawing.pdf');
  // The search is in the address: a facet narrows it and a reload keeps it.
  const wip = page.getByRole('group', { name: 'State' }).getByLabel('Work in progress');
  await wip.click();
  await expect(page).toHaveURL(/state=WIP/);
  await expect(wip).toBeChecked();
  await page.reload();
  await expect(page.getByTestId('dms-hit').filter({ hasText: documentNo })).toBeVisible();

  // Share it for review from the register's form (status S3).
  await found.getByRole('link', { name: documentNo }).click();
  await expect(page).toHaveURL(/\/dms\/dms\?record=\d+/);
  const documentId = Number(new URL(page.url()).searchParams.get('record'));
  await actions(page).getByRole('button', { name: 'Share for review' }).click();
  const share = page.getByRole('dialog', { name: 'Share for review', exact: true });
  await pick(page, share, 'Status code', /^S3/);
  await perform(page, share, 'Share for review');

  // The review: the engineer leads, the engineer and the planner review.
  const engineerId = await idOf(page, 'v_user_list', 'name', 'Arjun Mehta');
  const plannerId = await idOf(page, 'v_user_list', 'name', 'Vikram Singh');
  const review = await ok(
    callApi(page, 'POST', '/api/data/document_review', {
      n_document: documentId,
      n_reviewer: engineerId,
      d_due: isoDay(7),
    }),
    201,
  );
  for (const reviewer of [engineerId, plannerId]) {
    await ok(
      callApi(page, 'POST', '/api/data/document_review_reviewer', {
        n_review: review.id,
        n_reviewer: reviewer,
      }),
      201,
    );
  }
  const { json } = await callApi(page, 'GET', `/api/data/document_review/${String(review.id)}`);
  await ok(
    callApi(page, 'POST', `/api/data/document_review/${String(review.id)}/transition`, {
      transition: 'start_review',
      n_row_version: json.n_row_version ?? (json.data as Record<string, unknown>).n_row_version,
      fields: {},
      comment: null,
    }),
  );
  const reviewNo = String(review.c_doc_no);

  const planner = await personPage(browser, 'planner', 'Planner@123');
  await recordReviewCode(
    planner,
    reviewNo,
    'Vikram Singh',
    'B',
    'Show the grout level against the bearing plinth',
  );
  await planner.context().close();
  const engineer = await personPage(browser, 'engineer', 'Engineer@123');
  await recordReviewCode(engineer, reviewNo, 'Arjun Mehta', 'A');
  await engineer.keyboard.press('Escape');
  await openPending(engineer, 'Document review');
  const pending = engineer.getByRole('dialog', { name: 'Pending Document List' });
  await pending.getByRole('row').filter({ hasText: reviewNo }).getByRole('link', { name: reviewNo }).click();
  await step(engineer, 'Consolidate comments');
  await step(engineer, 'Confirm outcome');
  await engineer.context().close();

  // Published, and still found by the word only the PDF's text holds (the text of the uploaded revision).
  await page.goto(`/dms/search?q=${WORD_IN_PDF}`);
  const published = page.getByTestId('dms-hit').filter({ hasText: documentNo });
  await expect(published).toBeVisible({ timeout: 15_000 });
  await expect(published).toContainText('Published');
  await expect(published).toContainText('C01');
});
