import { expect, type Locator, type Page, test } from '@playwright/test';

import { signIn } from '../session';

// WCAG 2.1.1 (keyboard) and 2.4.3 (focus order), docs/console.md "Accessibility": a person who uses no mouse signs
// in, opens a register from the menu, creates a record, saves it, closes the form, and finds the focus back on the
// button that opened it. Only Tab, Shift+Tab, Enter, Space, the arrows, Escape and typing are used.

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus; the number of presses (a test fails past
 * `most`).
 */
async function tabTo(page: Page, target: Locator, most = 80, back = false): Promise<number> {
  for (let presses = 0; presses <= most; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false))
      return presses;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${most} Tabs did not reach ${target.toString()}`);
}

async function focused(target: Locator) {
  await expect.poll(() => target.evaluate((element) => element === document.activeElement)).toBe(true);
}

test('keyboard alone: sign in, open a register from the menu, create, save, close, and the focus returns', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/login');
  await tabTo(page, page.getByLabel('User name or e-mail'));
  await page.keyboard.type('admin');
  await tabTo(page, page.getByLabel('Password'));
  await page.keyboard.type('Admin@123');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();

  // The menu: a group is a button that says whether it is open; Enter opens it, and its items follow it.
  const menu = page.getByRole('navigation').first();
  const masters = menu.getByRole('button', { name: 'Masters', exact: true });
  await tabTo(page, masters);
  await expect(masters).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(masters).toHaveAttribute('aria-expanded', 'true');
  const corridor = menu.getByRole('link', { name: 'Corridor', exact: true });
  expect(await tabTo(page, corridor, 5)).toBeLessThanOrEqual(5);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/masters\/corridor$/);
  await expect(page.getByRole('heading', { name: 'Corridor', exact: true })).toBeVisible();

  // New, from the keyboard; the form takes the focus.
  const newButton = page.getByRole('button', { name: 'New', exact: true });
  await tabTo(page, newButton);
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Corridor form' });
  await expect(form).toBeVisible();
  const code = `K${Date.now() % 100_000}`;
  await tabTo(page, form.getByRole('textbox', { name: 'Code', exact: true }), 10);
  await page.keyboard.type(code);
  await tabTo(page, form.getByRole('textbox', { name: 'Name', exact: true }), 5);
  await page.keyboard.type(`Keyboard corridor ${code}`);
  // Save (Enter on the button), then Yes in the question, the focus already on it or reached by Tab.
  await tabTo(page, form.getByRole('button', { name: 'Save', exact: true }), 30);
  await page.keyboard.press('Enter');
  const yes = page.getByRole('button', { name: 'Yes', exact: true });
  await expect(yes).toBeVisible();
  await tabTo(page, yes, 5);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Submitted Successfully')).toBeVisible();

  // Escape closes the form; the focus goes back to the button that opened it, not to the page's top.
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
  await focused(newButton);
  // And the record is in the list: the search after New finds it (other tests add corridors before it).
  await tabTo(page, page.getByPlaceholder('Search'), 10);
  await page.keyboard.type(code);
  await expect(page.getByRole('row').filter({ hasText: code })).toBeVisible();
});

// The document explorer by keyboard alone: a virtual folder is chosen with Enter, a document's card is picked by its
// title (the card itself takes only the mouse), two revisions are ticked with Space, compared, and the comparison
// closes with Escape, the focus back on Compare.
test('keyboard alone: the explorer opens a folder, a document, and compares two of its revisions', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'contractor', 'Contractor@123');
  await page.goto('/dms/explorer');
  const tree = page.getByTestId('dms-folder-tree');
  const project = tree.getByRole('button', { name: /^MML3 / });
  await tabTo(page, project);
  await page.keyboard.press('Enter');
  const pack = tree.getByRole('button', { name: /^C1-V01/ });
  await tabTo(page, pack);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('dms-folder-title')).toHaveText(/^C1-V01/);

  const hit = page.getByTestId('dms-hit').filter({ hasText: 'MML3-LNT-C1V01-P101-DR-S-0101' });
  const title = hit.getByRole('button', { name: 'Pier P101 as-built records' });
  await tabTo(page, title);
  await page.keyboard.press('Enter');
  await expect(title).toHaveAttribute('aria-pressed', 'true');
  const panel = page.getByTestId('dms-document-panel');
  const ticks = panel.getByRole('table', { name: 'Revisions' }).getByRole('checkbox');
  await expect(ticks.first()).toBeVisible();
  await tabTo(page, ticks.first());
  await page.keyboard.press('Space');
  await tabTo(page, ticks.last());
  await page.keyboard.press('Space');
  // Compare is above the revisions: back up to it.
  const compare = panel.getByRole('button', { name: 'Compare' });
  await tabTo(page, compare, 80, true);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('dms-compare')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('dms-compare')).toBeHidden();
  await focused(compare);
});
