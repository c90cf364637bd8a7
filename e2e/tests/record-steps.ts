// Steps a person takes on a register's record in the console, shared by the workflow tests of every register:
// picking from a look-up, acting on the record (its transition buttons and their forms), a second person's page.
import { type Browser, expect, type Locator, type Page } from '@playwright/test';

import { callApi, signIn } from './session';

/** The confirmation every save and transition asks first (docs/console.md §5). */
export const SAVE = 'Are you sure, you want to save the data in database ?';

/** The calendar day in India (the console's and the gateway's "today"), as ISO: Canadian English writes ISO dates. */
const INDIA_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * A day `days` from today in India, as ISO: from 18:30 UTC India is already on the next day, and a date the tests
 * type must be the one the console and the gateway call today.
 */
export function isoDay(days: number): string {
  return INDIA_DAY.format(new Date(Date.now() + days * 86_400_000));
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

/** Ids the contractor's API calls need: the package C1-V01 and a user by name. */
export async function idOf(page: Page, entry: string, column: string, value: string): Promise<number> {
  const rows = await callApi(page, 'GET', `/api/custom/selectall?t=${entry}&cols=id,${column}`);
  const found = (rows.json as unknown as Record<string, unknown>[]).find((row) => row[column] === value);
  expect(found, `${entry} ${value}`).toBeTruthy();
  return Number(found?.id);
}

/** An RFI raised (and, with `submit`, submitted) through the API by the signed-in contractor; answers its number. */
export async function rfiByApi(
  page: Page,
  fields: { subject: string; assignee: string; due?: string; submit?: boolean },
): Promise<{ id: number; number: string }> {
  const created = await callApi(page, 'POST', '/api/data/rfi', {
    n_package: await idOf(page, 'package', 'c_code', 'C1-V01'),
    c_subject: fields.subject,
    c_question: 'Raised by the end-to-end tests.',
    n_assigned_to: await idOf(page, 'v_user_list', 'name', fields.assignee),
    d_due: fields.due ?? null,
    c_cost_impact: 'TBD',
    c_schedule_impact: 'TBD',
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const data = created.json.data as { id: number; c_rfi_no: string; n_row_version: number };
  if (fields.submit) {
    const submitted = await callApi(page, 'POST', `/api/data/rfi/${data.id}/transition`, {
      transition: 'submit',
      comment: null,
      n_row_version: data.n_row_version,
      fields: { d_due: fields.due ?? isoDay(7) },
    });
    expect(submitted.status, JSON.stringify(submitted.json)).toBe(200);
  }
  return { id: data.id, number: data.c_rfi_no };
}

/** Opens the pending list of one register from the header: its own button, or the "To do N" menu when many wait. */
export async function openPending(page: Page, register: string) {
  const own = page.getByTestId('pending-button').filter({ hasText: new RegExp(`^${register}: \\d+$`) });
  const todo = page.getByTestId('pending-button').filter({ hasText: /^To do \d+$/ });
  await expect(own.or(todo).first()).toBeVisible();
  if (await own.count()) {
    await own.click();
  } else {
    await todo.click();
    await page
      .getByTestId('pending-menu-item')
      .filter({ hasText: new RegExp(`^${register}: \\d+$`) })
      .click();
  }
}
