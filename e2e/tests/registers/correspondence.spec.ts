import { expect as baseExpect, type Browser, type Locator, type Page, test } from '@playwright/test';

import { actions, isoDay, pick, SAVE, uniqueSubject } from '../record-steps';

// The correspondence register (declared only in a migration and registry files) as people work it: a thread of
// three letters. The contractor registers a letter to the engineer for action; the engineer replies referencing it
// and hands the reply to the contractor; the contractor answers the reply. Closing a letter that needs action waits
// for a registered reply, and the whole thread is visible from the first letter (its Thread tab, kept by the
// database from each letter's In reply to).

const ROUTE = '/correspondence/correspondence';

// Three letters by two people on a shared machine: each answer is given more time than the default five seconds.
const expect = baseExpect.configure({ timeout: 20_000 });

/** Signs in through the login page and waits for the shell (session.ts's, with this file's patience). */
async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('User name or e-mail').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
}

/** A page of its own, signed in as `username` (two people side by side). */
async function personPage(browser: Browser, username: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, username, password);
  return page;
}

/** Performs the transition the open modal shows: its button, then Yes; waits for the notice. */
async function perform(page: Page, modal: Locator, label: string) {
  await modal.getByRole('button', { name: label, exact: true }).click();
  await expect(page.getByText(SAVE)).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Updated Successfully').first()).toBeVisible();
  await expect(modal).toBeHidden();
}

async function openByNumber(page: Page, number: string) {
  await page.goto(ROUTE);
  const filter = page.getByLabel('Filter Reference No.');
  await filter.fill(number);
  await filter.press('Enter');
  await page.getByRole('row').filter({ hasText: number }).click();
  await expect(page.getByTestId('record-number')).toHaveText(number);
}

/** Picks a letter in the In reply to look-up by typing its number. */
async function pickLetter(page: Page, form: Locator, number: string) {
  const input = form.getByRole('textbox', { name: 'In reply to', exact: true });
  await input.click();
  await input.fill(number);
  await page
    .getByRole('listbox', { name: 'In reply to', exact: true })
    .getByRole('option', { name: new RegExp(`^${number}`) })
    .first()
    .click();
}

/** Writes a new letter on C1-V01 and saves it; answers its number. */
async function writeLetter(
  page: Page,
  letter: {
    direction: 'IN' | 'OUT';
    from: string;
    to: string;
    subject: string;
    replyTo?: string;
    actionBy?: RegExp;
  },
): Promise<string> {
  await page.goto(ROUTE);
  await page.getByRole('button', { name: 'New' }).click();
  const form = page.getByRole('form', { name: 'Correspondence form' });
  await expect(page.getByTestId('record-state')).toHaveText('Draft');
  await pick(page, form, 'Package', /^C1-V01 — /);
  await pick(page, form, 'Direction (for MRC/GC)', letter.direction);
  await pick(page, form, 'From', new RegExp(`^${letter.from}\\b`));
  await pick(page, form, 'To', new RegExp(`^${letter.to}\\b`));
  await form.getByRole('textbox', { name: 'Subject', exact: true }).fill(letter.subject);
  await form.getByLabel('Summary').fill('Written by the end-to-end tests.');
  await pick(page, form, 'Category', 'Technical');
  if (letter.replyTo) await pickLetter(page, form, letter.replyTo);
  if (letter.actionBy) {
    await pick(page, form, 'Action required', 'Yes');
    await pick(page, form, 'Action by', letter.actionBy);
    await form.getByRole('textbox', { name: 'Action due' }).fill(isoDay(7));
  }
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Submitted Successfully')).toBeVisible();
  const numberText = page.getByTestId('record-number');
  await expect(numberText).toHaveText(new RegExp(`^C1-V01-${letter.direction}-\\d{4}$`));
  return (await numberText.textContent()) ?? '';
}

/**
 * Answers the open letter with Reply: a new letter in its thread, from its addressee to its sender, the subject
 * "Re: …", the sender's reference, its package and contract and the opposite direction, filled from it; the person
 * saves. Answers the reply's number.
 */
async function reply(
  page: Page,
  letter: { number: string; subject: string; from: string; to: string; direction: 'IN' | 'OUT' },
) {
  await page.getByRole('button', { name: 'Reply', exact: true }).click();
  const form = page.getByRole('form', { name: 'Correspondence form' });
  await expect(page.getByTestId('record-state')).toHaveText('Draft');
  await expect(form.getByRole('textbox', { name: 'Subject', exact: true })).toHaveValue(
    `Re: ${letter.subject}`,
  );
  await expect(form.getByRole('textbox', { name: 'In reply to', exact: true })).toHaveValue(
    new RegExp(`^${letter.number}`),
  );
  await expect(form.getByRole('textbox', { name: 'Package', exact: true })).toHaveValue(/^C1-V01 — /);
  // The parties swapped: the reply is from the letter's addressee to its sender.
  await expect(form.getByRole('textbox', { name: 'From', exact: true })).toHaveValue(
    new RegExp(`^${letter.to}\\b`),
  );
  await expect(form.getByRole('textbox', { name: 'To', exact: true })).toHaveValue(
    new RegExp(`^${letter.from}\\b`),
  );
  // The direction turned round: an answer to a letter MRC/GC sent comes in, and back.
  await expect(form.getByRole('textbox', { name: 'Direction (for MRC/GC)', exact: true })).toHaveValue(
    new RegExp(`^${letter.direction}\\b`),
  );
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Submitted Successfully')).toBeVisible();
  const numberText = page.getByTestId('record-number');
  await expect(numberText).toHaveText(new RegExp(`^C1-V01-${letter.direction}-\\d{4}$`));
  return (await numberText.textContent()) ?? '';
}

/** Performs a transition of the open letter that needs no fields. */
async function step(page: Page, label: string, state: string) {
  await actions(page).getByRole('button', { name: label }).click();
  await perform(page, page.getByRole('dialog', { name: label, exact: true }), label);
  await expect(page.getByTestId('record-state')).toHaveText(state);
}

test('a thread of three letters: the contractor writes, the engineer replies, the contractor answers the reply', async ({
  page,
  browser,
}) => {
  // Two people, three letters, eight steps: longer than one screen's test.
  test.setTimeout(300_000);
  const subject = uniqueSubject('Pier P131 bearing pedestal');

  // The contractor registers a letter to the engineer, who owns the action.
  await signIn(page, 'contractor', 'Contractor@123');
  const first = await writeLetter(page, {
    direction: 'IN',
    from: 'LNT',
    to: 'GC',
    subject,
    actionBy: /^Arjun Mehta — GC/,
  });
  await step(page, 'Register for action', 'Action pending (with action owner)');
  // It cannot be closed before a reply is registered: the step says so beside it instead of being open.
  await expect(actions(page).getByRole('button', { name: 'Close letter' })).toBeDisabled();
  await expect(page.getByTestId('blocked-reason').filter({ hasText: 'Close letter:' })).toContainText(
    'A letter that needs action closes only once a reply is registered',
  );

  // The engineer replies referencing it, and hands the reply to the contractor for action.
  const engineer = await personPage(browser, 'engineer', 'Engineer@123');
  const second = await writeLetter(engineer, {
    direction: 'OUT',
    from: 'GC',
    to: 'LNT',
    subject: `Re: ${subject}`,
    replyTo: first,
    actionBy: /^Rahul Verma — LNT/,
  });
  await step(engineer, 'Register for action', 'Action pending (with action owner)');
  // The first letter now has its reply: the engineer, its action owner, records it.
  await openByNumber(engineer, first);
  await expect(engineer.getByTestId('record-state')).toHaveText('Action pending (with action owner)');
  await step(engineer, 'Reply registered', 'Replied (to close)');
  await engineer.context().close();

  // The contractor answers the engineer's reply with Reply, and closes the engineer's letter as its action owner.
  await openByNumber(page, second);
  const third = await reply(page, {
    number: second,
    subject: `Re: ${subject}`,
    from: 'GC',
    to: 'LNT',
    direction: 'IN',
  });
  await step(page, 'Register letter', 'Registered (no action)');
  await openByNumber(page, second);
  await step(page, 'Close letter', 'Closed');

  // From the first letter, the whole thread: all three letters in order, each answering the one before.
  await openByNumber(page, first);
  await page.getByRole('tab', { name: 'Thread' }).click();
  const thread = page.getByTestId('child-lines');
  // The database keeps the thread: the tab lists it and offers no way to change it.
  await expect(thread.getByTestId('child-line-count')).toHaveText('3 lines · read only');
  await expect(thread.getByRole('button', { name: 'Add a line' })).toHaveCount(0);
  await expect(thread).toContainText(first);
  await expect(thread).toContainText(second);
  await expect(thread).toContainText(third);
  await expect(thread).toContainText(`Re: Re: ${subject}`);
  // The registrar closes the first letter now that its reply is registered.
  await step(page, 'Close letter', 'Closed');
});
