import { expect, type Page } from '@playwright/test';

import { openPending, pick } from '../record-steps';

/**
 * The reviewer opens their line from the pending list: it opens the review at its Reviewers tab (where a reviewer
 * may write; the lines' own screen is read-only to some of them), and they record their code (and comment, pinned
 * to a page) on their own line.
 */
export async function recordReviewCode(
  page: Page,
  reviewNo: string,
  reviewer: string,
  code: string,
  comment?: string,
) {
  await openPending(page, 'Document review line');
  const pending = page.getByRole('dialog', { name: 'Pending Document List' });
  const link = pending.getByRole('row').filter({ hasText: reviewNo }).getByRole('link', { name: reviewNo });
  await expect(link).toHaveAttribute(
    'href',
    /^\/administration\/dmsreview\?record=r\.[^&]+&tab=document_review_reviewer$/,
  );
  await link.click();
  await expect(page).toHaveURL(/\/administration\/dmsreview\?record=/);
  await expect(page.getByRole('tab', { name: 'Reviewers' })).toHaveAttribute('aria-selected', 'true');
  const lines = page.getByRole('table', { name: 'Reviewers' });
  await lines
    .getByRole('row')
    .filter({ hasText: reviewer })
    .getByRole('button', { name: /^Edit line/ })
    .click();
  const form = page.getByRole('form', { name: 'Reviewers line form' });
  await pick(page, form, 'Code', code);
  if (comment) {
    await form.getByLabel('Comments').fill(comment);
    await form.getByRole('textbox', { name: 'Pinned to page' }).fill('4');
  }
  await form.getByRole('button', { name: 'Update line' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(form).toBeHidden({ timeout: 20_000 });
  await expect(lines.getByRole('row').filter({ hasText: reviewer })).toContainText(code);
}
