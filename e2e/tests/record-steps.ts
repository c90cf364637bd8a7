// Steps a person takes on a register's record in the console, shared by the workflow tests of every register:
// picking from a look-up, acting on the record (its transition buttons and their forms), a second person's page.
import { type Browser, expect, type Locator, type Page } from '@playwright/test';

import { signIn } from './session';

/** The confirmation every save and transition asks first (docs/console.md §5). */
export const SAVE = 'Are you sure, you want to save the data in database ?';

/** A day `days` from today, as ISO. */
export function isoDay(days: number): string {
  const day = new Date(Date.now() + days * 86_400_000);
  return day.toISOString().slice(0, 10);
}

/** A subject no other test or demo row has. */
export function uniqueSubject(what: string): string {
  return `E2E ${what} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

export async function pick(page: Page, scope: Locator, label: string, option: string | RegExp) {
  await scope.getByRole('textbox', { name: label, exact: true }).click();
  await page
    .getByRole('listbox', { name: label, exact: true })
    .getByRole('option', { name: option })
    .first()
    .click();
}

/** A page of its own, signed in as `username` (two people side by side). */
export async function personPage(browser: Browser, username: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, username, password);
  return page;
}

/** The open record's transition buttons. */
export function actions(page: Page): Locator {
  return page.getByRole('group', { name: 'Actions on this record' });
}

/** Performs the transition the open modal shows: its button, then Yes; waits for the notice. */
export async function perform(page: Page, modal: Locator, label: string) {
  await modal.getByRole('button', { name: label, exact: true }).click();
  await expect(page.getByText(SAVE)).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Updated Successfully').first()).toBeVisible();
  await expect(modal).toBeHidden();
}
