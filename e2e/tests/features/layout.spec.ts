import { expect, type Page, test } from '@playwright/test';

import { signIn } from '../session';

// Layout settings do what they say (docs/console.md §3, §4): the menu on top, a fixed header that stays after a
// reload, skins by name with a swatch; and the page does not shift when a modal opens.

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Setting' }).click();
  return page.getByRole('dialog', { name: 'Layout options' });
}

test('"Menu on top" shows the navigation as a menu bar under the header', async ({ page }) => {
  await signIn(page, 'admin', 'Admin@123');
  const panel = await openSettings(page);
  await panel.getByLabel('Menu on top').check({ force: true });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('navigation', { name: 'Top menu' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Left panel' })).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Top menu' }).getByRole('button', { name: 'Masters' }).click();
  await page.getByRole('menuitem', { name: 'Station', exact: true }).click();
  await expect(page).toHaveURL(/\/masters\/station$/);
  await expect(page.getByTestId('grid-count')).toHaveText('17 records');
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Top menu' })).toBeVisible();
});

test('a fixed header stays at the top while the page scrolls, after a reload too', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await signIn(page, 'admin', 'Admin@123');
  await page.goto('/masters/station');
  await expect(page.getByTestId('grid-count')).toHaveText('17 records');
  const headerTop = () =>
    page.locator('.pmis-header').evaluate((header) => header.getBoundingClientRect().top);
  // Not fixed: the header scrolls away with the page.
  await page.evaluate(() => window.scrollTo(0, 300));
  await expect.poll(headerTop).toBeLessThan(0);

  await page.evaluate(() => window.scrollTo(0, 0));
  const panel = await openSettings(page);
  await panel.getByLabel('Fixed header').check({ force: true });
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByTestId('grid-count')).toHaveText('17 records');
  await page.evaluate(() => window.scrollTo(0, 300));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  expect(await headerTop()).toBe(0);
});

test('skins are listed by name with a colour swatch', async ({ page }) => {
  await signIn(page, 'viewer', 'Viewer@123');
  const panel = await openSettings(page);
  await panel.getByRole('textbox', { name: 'Skin' }).click();
  const options = page.getByRole('option');
  await expect(options).toHaveText([
    'Classic white',
    'Navy',
    'Slate',
    'Maroon',
    'Forest',
    'Light grey',
    'Charcoal',
  ]);
  await expect(
    page.getByRole('option', { name: 'Navy' }).locator('.mantine-ColorSwatch-root').first(),
  ).toBeVisible();
  await page.getByRole('option', { name: 'Navy' }).click();
  await expect(page.locator('[data-skin="smart-style-1"]')).toHaveCount(1);
  await expect(page.locator('.pmis-header')).toHaveCSS('background-color', 'rgb(31, 78, 121)');
});

test('the console has a favicon, and opening a modal does not move the page', async ({ page }) => {
  await signIn(page, 'admin', 'Admin@123');
  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(icon).toBe('/favicon.svg');
  const answer = await page.request.get(icon ?? '');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('svg');

  await page.goto('/masters/station');
  await expect(page.getByTestId('grid-count')).toHaveText('17 records');
  const place = () =>
    page.evaluate(() => ({
      width: document.documentElement.clientWidth,
      menu: document.querySelector('[aria-label="User menu"]')?.getBoundingClientRect().right,
    }));
  const before = await place();
  await page.getByRole('button', { name: 'New' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await place()).toEqual(before);
});
