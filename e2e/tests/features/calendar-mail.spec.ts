import { expect, test } from '@playwright/test';

import { callApi, signIn } from '../session';

// The calendar and the mail view (issue 33): the engineer sees what waits on them on the calendar and creates an
// event (a reminder) after a refused try; reads the mail the system sent them, by folder, read and unread; the
// contractor sees only their own mail.

/** A day in India (the browser's time zone here), as a date input takes it: today, or `days` later. */
function inIndia(days = 0): string {
  const day = new Date(Date.now() + days * 24 * 3600 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(day);
}

/** Tomorrow in India. */
function tomorrow(): string {
  return inIndia(1);
}

test('a calendar event is created as a reminder, after the form refuses an empty one', async ({ page }) => {
  const title = `Witness P114 load test ${Date.now() % 100000}`;
  await signIn(page, 'engineer', 'Engineer@123');
  await page.goto('/calendar');
  await expect(page.getByTestId('calendar-screen')).toBeVisible();
  // What waits on the engineer is on it: at least one due date.
  await expect(page.locator('.fc-event').first()).toBeVisible();

  await page.getByRole('button', { name: 'New event' }).click();
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await dialog.getByRole('button', { name: 'Save event' }).click();
  await expect(dialog.getByText('Give the event a title')).toBeVisible();
  await expect(dialog.getByText('Say what is to be done')).toBeVisible();
  // The 40-character limit of docs/console.md §5: the input takes no more.
  await dialog.getByLabel('Title').fill('x'.repeat(45));
  await expect(dialog.getByLabel('Title')).toHaveValue('x'.repeat(40));

  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Bring the calibrated gauges');
  await dialog.getByLabel('Date').fill(tomorrow());
  await dialog.getByLabel('Time').fill('09:30');
  await dialog.getByRole('button', { name: 'Save event' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Submitted Successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  // The agenda lists every event (a busy day of the month grid folds some under "+n more").
  await page.getByRole('button', { name: 'Agenda' }).click();
  await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('button', { name: 'Today' }).click();
  // The agenda shows one month: on a month's last day, tomorrow is in the next one.
  if (tomorrow().slice(0, 7) !== inIndia().slice(0, 7)) {
    await page.getByRole('button', { name: 'Next month' }).click();
  }
  await expect(page.locator('.fc-event', { hasText: title })).toBeVisible();

  // It is a reminder of the engineer's, due tomorrow at 09:30.
  const rows = await callApi(
    page,
    'GET',
    `/api/custom/selectall?t=v_reminder&cols=c_title,c_detailed_action_plan,c_url&whrc=${encodeURIComponent(
      `c_title = '${title}'`,
    )}`,
  );
  expect(rows.status).toBe(200);
  expect(rows.json).toEqual([
    { c_title: title, c_detailed_action_plan: 'Bring the calibrated gauges', c_url: '/calendar' },
  ]);

  // Opening it shows what it is; it can be deleted from there.
  await page.locator('.fc-event', { hasText: title }).click();
  const opened = page.getByRole('dialog', { name: title });
  await expect(opened.getByText('Bring the calibrated gauges')).toBeVisible();
  await opened.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Deleted Successfully')).toBeVisible();
  await expect(page.locator('.fc-event', { hasText: title })).toHaveCount(0);
});

test('the mail view lists one’s own mail by folder and keeps what was read', async ({ page, browser }) => {
  await signIn(page, 'engineer', 'Engineer@123');
  await page.goto('/outlook');
  const folders = page.getByTestId('mail-folders');
  const inbox = folders.getByRole('button', { name: /Inbox/ });
  const list = page.getByTestId('mail-list');
  // Other tests may mail the engineer too: counts are compared with what the list shows.
  await expect(list.getByRole('button').first()).toBeVisible();
  const unread = await list.locator('[data-unread="true"]').count();
  expect(unread).toBeGreaterThan(0);
  await expect(inbox.getByLabel(`${unread} unread`)).toBeVisible();

  // Reading the weekly report (unread in the demo): its text, its attachment, and one unread fewer. Searched by
  // its subject: from Monday's digest hour, the report's own scheduled mailing says "your weekly report" too.
  await page.getByLabel('Search mail').fill('Weekly report: Certified');
  await expect(list.getByRole('button')).toHaveCount(1);
  await expect(list.locator('[data-unread="true"]')).toHaveCount(1);
  await list.getByRole('button', { name: /Weekly report/ }).click();
  const message = page.getByTestId('mail-message');
  await expect(
    message.getByRole('heading', { name: 'Weekly report: Certified amounts by package' }),
  ).toBeVisible();
  await expect(page.getByTestId('mail-body')).toContainText('attached as an Excel workbook');
  await expect(page).toHaveURL(/message=\d+/);
  await expect(inbox.getByLabel(`${unread - 1} unread`)).toBeVisible();
  await expect(list.locator('[data-unread="true"]')).toHaveCount(0);
  const saved = page.waitForEvent('download');
  await message.getByRole('button', { name: /Certified amounts by package\.csv/ }).click();
  expect((await saved).suggestedFilename()).toBe('Certified amounts by package.csv');

  await message.getByRole('button', { name: 'Mark unread' }).click();
  await expect(inbox.getByLabel(`${unread} unread`)).toBeVisible();
  await expect(list.locator('[data-unread="true"]')).toHaveCount(1);

  // A folder holds its kind only; the search applies within it.
  await folders.getByRole('button', { name: /Reminders/ }).click();
  await page.getByLabel('Search mail').fill('pile load');
  await expect(list.getByRole('button')).toHaveCount(1);
  await page.getByLabel('Search mail').fill('Weekly report: Certified');
  await expect(page.getByText('No messages here.')).toBeVisible();

  // The contractor's mail is theirs alone.
  const context = await browser.newContext();
  const contractor = await context.newPage();
  await signIn(contractor, 'contractor', 'Contractor@123');
  await contractor.goto('/outlook');
  await expect(
    contractor.getByTestId('mail-list').getByRole('button', { name: /NCR C1-V01-NCR-0001: Raise/ }),
  ).toBeVisible();
  await expect(contractor.getByText('Weekly report: Certified')).toHaveCount(0);
  await context.close();
});
