import { expect, type Page, test } from '@playwright/test';

import { signIn } from '../session';

// The language switcher (issue 33, docs/console.md "Languages"): switching to Hindi translates the menu, a register
// screen (its title, column labels, buttons, validation messages), the notices and the dates; the choice outlives a
// reload; switching back gives the English console again. The Hindi expected is read from the file the gateway
// serves, so the test checks what a browser gets.

type LanguageFile = Record<string, string>;

async function hindiFile(page: Page): Promise<LanguageFile> {
  const answer = await page.request.get('/assets/api/langs/hi.json');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['cache-control']).toBe('no-cache');
  return (await answer.json()) as LanguageFile;
}

async function choose(page: Page, title: string) {
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitem', { name: title }).click();
}

test('the languages are listed as SPEC §7 serves them', async ({ page }) => {
  const answer = await page.request.get('/assets/api/langs/languages.json');
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toEqual([
    { key: 'en', alt: 'English', title: 'English' },
    { key: 'hi', alt: 'Hindi', title: 'हिन्दी' },
  ]);
});

test('switching to Hindi translates the menu, a screen and its notices, and switching back restores English', async ({
  page,
}) => {
  const hi = await hindiFile(page);
  const inHindi = (english: string) => {
    const text = hi[english];
    expect(text, `the Hindi of "${english}"`).toBeTruthy();
    return text ?? english;
  };

  await signIn(page, 'admin', 'Admin@123');
  await page.goto('/masters/corridor');
  await expect(page.getByRole('heading', { name: 'Corridor', exact: true })).toBeVisible();
  await choose(page, 'हिन्दी');

  // The page says it is Hindi, and the shell is Hindi: the menu, the header's buttons.
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  const menu = page.getByRole('navigation').first();
  await expect(menu.getByText(inHindi('Masters'), { exact: true }).first()).toBeVisible();
  await expect(menu.getByText('Masters', { exact: true })).toHaveCount(0);

  // The register screen: its title and column labels (registry labels), its buttons.
  await expect(page.getByRole('heading', { name: inHindi('Corridor'), exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: inHindi('Length (km)') })).toBeVisible();
  await page.getByRole('button', { name: inHindi('New'), exact: true }).click();

  // A form saved empty: its validation messages are Hindi.
  const form = page.getByRole('form').first();
  await form.getByRole('button', { name: inHindi('Save'), exact: true }).click();
  await expect(form.getByText('Name is required')).toHaveCount(0);
  await expect(
    form.getByText(inHindi('{{label}} is required').replace('{{label}}', inHindi('Name'))),
  ).toBeVisible();

  // A question and its notices are Hindi.
  await form.getByLabel(inHindi('Code')).fill('C9-HI');
  await form.getByLabel(inHindi('Name')).fill('हिन्दी परीक्षण');
  await form.getByLabel(inHindi('Chainage from (km)')).fill('0');
  await form.getByLabel(inHindi('Chainage to (km)')).fill('1');
  await form.getByRole('button', { name: inHindi('Save'), exact: true }).click();
  await expect(
    page.getByText(inHindi('Are you sure, you want to save the data in database ?')),
  ).toBeVisible();
  await page.getByRole('button', { name: inHindi('No'), exact: true }).click();
  await expect(page.getByText(inHindi('You pressed No...'))).toBeVisible();
  await expect(page.getByText(inHindi('Submitting Details'))).toBeVisible();

  // The choice outlives a reload.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('heading', { name: inHindi('Corridor'), exact: true })).toBeVisible();

  // And back: English again, everywhere, and remembered too.
  await choose(page, 'English');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Corridor', exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Length (km)' })).toBeVisible();
  await expect(menu.getByText('Masters', { exact: true }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'New', exact: true })).toBeVisible();
});

// Hindi on any machine (issue 49): the console ships Noto Sans Devanagari (its Devanagari subset) and the browser
// fetches it only for Devanagari text. The test browser (Debian's Chromium in CI) has no Devanagari font of its own,
// so without the shipped one every Hindi word would be boxes.
test('Hindi is drawn with the font the console ships, fetched only when a page has Devanagari', async ({
  page,
}) => {
  const devanagari = () =>
    page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts]
        .filter((face) => face.family.replace(/["']/g, '') === 'Noto Sans Devanagari')
        .map((face) => `${face.weight} ${face.status}`)
        .sort();
    });
  const fetched: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('noto-sans-devanagari')) {
      fetched.push(`${response.status()} ${response.headers()['content-type'] ?? ''}`);
    }
  });

  await signIn(page, 'admin', 'Admin@123');
  await page.goto('/masters/corridor');
  await expect(page.getByRole('heading', { name: 'Corridor', exact: true })).toBeVisible();
  // An English page fetches none of it.
  expect(await devanagari()).toEqual(['400 unloaded', '700 unloaded']);
  expect(fetched).toEqual([]);

  await choose(page, 'हिन्दी');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect.poll(devanagari).toEqual(['400 loaded', '700 loaded']);
  expect(fetched.length).toBeGreaterThan(0);
  for (const answer of fetched) expect(answer).toBe('200 font/woff2');
  // The heading is drawn with it: the font covers its words.
  const text = (await hindiFile(page))['Corridor'] ?? '';
  await expect(page.getByRole('heading', { name: text, exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('hindi.png') });
  expect(/[\u0900-\u097F]/.test(text), text).toBe(true);
  expect(
    await page.evaluate((words) => document.fonts.check('700 16px "Noto Sans Devanagari"', words), text),
  ).toBe(true);

  await choose(page, 'English');
});
