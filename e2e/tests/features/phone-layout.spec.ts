import { expect, type Page, test } from '@playwright/test';

import { signIn } from '../session';

// docs/console.md §4, §9: under 979 px the console is in mobile view. A phone shows the page first; the menu is a
// drawer opened from the header's menu button; the header and the list's pager fit the screen.

test.use({ viewport: { width: 390, height: 844 } });

/** Whether the element lies wholly inside the page's width. */
async function withinWidth(page: Page, name: string, box: { x: number; width: number } | null) {
  const width = page.viewportSize()?.width ?? 0;
  expect(box, `${name} has a box`).not.toBeNull();
  expect(box?.x ?? -1, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0), `${name} ends on screen`).toBeLessThanOrEqual(width);
}

test('a phone shows the page, not the menu; the menu opens from its button; Logout is reachable', async ({
  page,
}) => {
  await signIn(page, 'admin', 'Admin@123');
  await expect(page.getByRole('heading', { name: 'Analytics' })).toBeInViewport();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByTestId('nav-user')).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The menu, from its button, over the page; choosing a screen closes it.
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByTestId('nav-user')).toHaveText('PMIS Administrator');
  await menu.getByText('Masters', { exact: true }).click();
  await menu.getByText('Corridor', { exact: true }).click();
  await expect(page).toHaveURL(/\/masters\/corridor$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Corridor', exact: true })).toBeInViewport();

  // The user menu sits inside the screen, and Logout works from it.
  const userMenu = page.getByRole('button', { name: 'User menu' });
  await withinWidth(page, 'the user menu button', await userMenu.boundingBox());
  await userMenu.click();
  const logout = page.getByRole('menuitem', { name: 'Logout' });
  await expect(logout).toBeInViewport();
  await logout.click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('the header names the product whole beside a waiting "To do" count', async ({ page }) => {
  await signIn(page, 'planner', 'Planner@123');
  await expect(page.getByTestId('pending-button')).toHaveText(/^To do \d+$/);
  const title = page.locator('header').getByRole('heading', { name: 'PMIS', exact: true });
  await expect(title).toBeVisible();
  // Not cut ("P…" when a scroll bar took 15 px of the header): all of its text is drawn.
  const cut = await title.evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(cut).toBe(false);
  const titleBox = await title.boundingBox();
  const todoBox = await page.getByTestId('pending-button').boundingBox();
  expect((titleBox?.x ?? 0) + (titleBox?.width ?? 0)).toBeLessThanOrEqual(todoBox?.x ?? 0);
});

test("the list's pager stays within a phone's screen and pages", async ({ page }) => {
  await signIn(page, 'admin', 'Admin@123');
  await page.goto('/masters/station');
  await expect(page.getByTestId('grid-count')).toHaveText('17 records');
  for (const name of ['First Page', 'Previous Page', 'Next Page', 'Last Page']) {
    await withinWidth(page, name, await page.getByRole('button', { name }).boundingBox());
  }
  await withinWidth(page, 'the page size', await page.locator('.ag-paging-page-size').boundingBox());
  await withinWidth(
    page,
    'the row summary',
    await page.locator('.ag-paging-row-summary-panel').boundingBox(),
  );
  await page.getByRole('button', { name: 'Next Page' }).click();
  await expect(page.locator('.ag-paging-row-summary-panel')).toContainText('6 to 10 of 17');
});
