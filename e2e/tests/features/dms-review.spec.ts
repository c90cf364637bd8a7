import { expect, type Page, test } from '@playwright/test';

import { actions, idOf, isoDay, openPending, personPage, SAVE } from '../record-steps';
import { callApi, signIn } from '../session';
import { recordReviewCode } from './dms-steps';

// Document control (issue 31), declared only in a migration and registry files: a drawing the design consultant
// shares is reviewed by two reviewers, each recording their own code from their pending list (the planner B with a
// comment pinned to a page, the engineer A); the engineer, as lead, consolidates (the outcome is the worst code,
// B, computed by the database) and confirms it, and the database publishes the drawing: status B, revision C01.

/** A document number part no other test or demo row has: "E2E" and five capitals or digits. */
function uniqueVolume(): string {
  return `E2${(Date.now() % 60_466_176).toString(36).toUpperCase().padStart(5, '0')}`.slice(0, 8);
}

async function ok(answer: Promise<{ status: number; json: Record<string, unknown> }>, status = 200) {
  const { status: got, json } = await answer;
  expect(got, JSON.stringify(json)).toBe(status);
  return json.data as Record<string, unknown>;
}

/** A drawing created and shared by the signed-in designer, a review of it with two reviewers, started. */
async function sharedForReview(
  page: Page,
  volume: string,
): Promise<{ documentNo: string; reviewNo: string }> {
  const document = await ok(
    callApi(page, 'POST', '/api/data/dms_document', {
      c_project: 'MML3',
      c_originator: 'DDC',
      c_volume: volume,
      c_level: 'P121',
      c_type: 'DR',
      c_role: 'S',
      c_number: '0001',
      c_title: 'Pier P121 pile cap reinforcement (end-to-end test)',
      n_package: await idOf(page, 'package', 'c_code', 'C1-V01'),
      n_discipline: await idOf(page, 'discipline', 'c_code', 'CIV'),
      n_doc_type: await idOf(page, 'doc_type', 'c_code', 'DRG'),
      n_from_org: await idOf(page, 'organization', 'c_code', 'DDC'),
    }),
    201,
  );
  const shared = await ok(
    callApi(page, 'POST', `/api/data/dms_document/${document.id}/transition`, {
      transition: 'share',
      n_row_version: document.n_row_version,
      fields: { c_status_code: 'S3' },
      comment: null,
    }),
  );
  expect(shared.c_revision).toBe('P01');
  const engineer = await idOf(page, 'v_user_list', 'name', 'Arjun Mehta');
  const planner = await idOf(page, 'v_user_list', 'name', 'Vikram Singh');
  const review = await ok(
    callApi(page, 'POST', '/api/data/document_review', {
      n_document: document.id,
      n_reviewer: engineer,
      d_due: isoDay(7),
    }),
    201,
  );
  for (const reviewer of [engineer, planner]) {
    await ok(
      callApi(page, 'POST', '/api/data/document_review_reviewer', {
        n_review: review.id,
        n_reviewer: reviewer,
      }),
      201,
    );
  }
  const { json } = await callApi(page, 'GET', `/api/data/document_review/${review.id}`);
  await ok(
    callApi(page, 'POST', `/api/data/document_review/${review.id}/transition`, {
      transition: 'start_review',
      n_row_version: json.n_row_version ?? (json.data as Record<string, unknown>).n_row_version,
      fields: {},
      comment: null,
    }),
  );
  return { documentNo: String(document.c_document_no), reviewNo: String(review.c_doc_no) };
}

/** The lead performs one step of the open review (its button, its form's button, Yes); a busy machine may take a while. */
async function step(page: Page, label: string) {
  await actions(page).getByRole('button', { name: label }).click();
  const modal = page.getByRole('dialog', { name: label, exact: true });
  await modal.getByRole('button', { name: label, exact: true }).click();
  await expect(page.getByText(SAVE)).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(modal).toBeHidden({ timeout: 20_000 });
}

test('a shared drawing reviewed by two reviewers with codes B and A is published with status B, revision C01', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await signIn(page, 'designer', 'Designer@123');
  const { documentNo, reviewNo } = await sharedForReview(page, uniqueVolume());

  // Each reviewer finds their own line waiting on them and records their code.
  const planner = await personPage(browser, 'planner', 'Planner@123');
  await recordReviewCode(
    planner,
    reviewNo,
    'Vikram Singh',
    'B',
    'Show the pour sequence against the three-month rolling plan',
  );
  await planner.context().close();
  const engineer = await personPage(browser, 'engineer', 'Engineer@123');
  await recordReviewCode(engineer, reviewNo, 'Arjun Mehta', 'A');

  // The lead consolidates (outcome B, the worst code) and confirms it.
  await engineer.keyboard.press('Escape');
  await openPending(engineer, 'Document review');
  const pending = engineer.getByRole('dialog', { name: 'Pending Document List' });
  await pending.getByRole('row').filter({ hasText: reviewNo }).getByRole('link', { name: reviewNo }).click();
  await step(engineer, 'Consolidate comments');
  await step(engineer, 'Confirm outcome');
  // The outcome is the worst code (B), computed by the database.
  const reviews = await callApi(
    engineer,
    'GET',
    '/api/custom/selectall?t=document_review&cols=c_doc_no,c_state,c_worst_code,c_outcome,c_status',
  );
  expect(reviews.json as unknown as Record<string, unknown>[]).toContainEqual({
    c_doc_no: reviewNo,
    c_state: 'Closed',
    c_worst_code: 'B',
    c_outcome: 'B',
    c_status: 'Approved with comments',
  });
  await engineer.context().close();

  // The database published the drawing.
  await page.goto('/dms/dms');
  const filter = page.getByLabel('Filter Document No.');
  await filter.fill(documentNo);
  await filter.press('Enter');
  const row = page.getByRole('row').filter({ hasText: 'Pier P121 pile cap reinforcement (end-to-end test)' });
  await expect(row).toContainText('Published', { timeout: 15_000 });
  await expect(row).toContainText('C01');
  // The status code reads with its meaning.
  await expect(row.getByRole('gridcell', { name: /^B — Published/ })).toBeVisible();
});
