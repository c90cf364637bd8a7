import { expect, test } from '@playwright/test';

import { callApi, signIn } from '../session';

// The schedule quality check (DCMA 14 points) of the demo programme, as the planner reads it after the import:
// the list of checks of MML3-VIA with their figures and results, a check opened to its findings (the activities
// with negative float, each saying its float), read-only; a contractor holds no route of it (docs/schedule.md).

test('the planner reads the DCMA check of the demo programme and the activities a check finds', async ({
  page,
}) => {
  await signIn(page, 'planner', 'Planner@123');
  await page.goto('/dataentry/schedulecheck');
  await expect(page.getByRole('heading', { name: 'Schedule check' })).toBeVisible();
  await expect(page.getByText('Read only', { exact: true })).toBeVisible();
  const search = page.getByRole('textbox', { name: 'Search' });
  await search.fill('MML3-VIA');
  await expect(page.getByTestId('grid-count')).toContainText('14 of ');
  // Leads (check 2, on the first page): none: Pass.
  await expect(page.getByRole('row').filter({ hasText: 'Leads' })).toContainText('Pass');
  await search.fill('Negative float');

  // Negative float: 11 of the 103 open activities (10.7 %) against a limit of 0 %: Fail.
  const negative = page
    .getByRole('row')
    .filter({ hasText: 'Negative float' })
    .filter({ hasText: 'MML3-VIA' });
  await expect(negative).toContainText('11');
  await expect(negative).toContainText('103');
  await expect(negative).toContainText('10.70');
  await expect(negative).toContainText('Fail');

  await negative.click();
  const form = page.getByRole('dialog', { name: 'Schedule check' });
  await expect(form.getByLabel('Check', { exact: true })).toHaveValue('Negative float');
  await expect(form.getByLabel('What is counted')).toHaveValue(/total float below zero/);
  await expect(form.getByRole('tab', { name: 'History' })).toHaveCount(0);
  await form.getByRole('tab', { name: 'Findings' }).click();
  await expect(form.getByText('11 lines · read only')).toBeVisible();
  const finding = form
    .getByRole('row')
    .filter({ hasText: /total float -\d+ working days/ })
    .first();
  await expect(finding).toBeVisible();
  await expect(form.getByRole('button', { name: /^Add/ })).toHaveCount(0);
});

test('a contractor is refused the schedule check', async ({ page }) => {
  await signIn(page, 'contractor', 'Contractor@123');
  const answer = await callApi(page, 'POST', '/api/custom/datatable', {
    t: 'schedulecheck',
    draw: 1,
    start: 0,
    length: 5,
  });
  expect(answer.status).toBe(403);
  await page.goto('/dataentry/schedulecheck');
  await expect(page.getByRole('heading', { name: 'Schedule check' })).toHaveCount(0);
});
