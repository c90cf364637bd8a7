import { expect, type Page, test } from '@playwright/test';

import { signIn } from '../session';

// The console on a phone (issue 33): one screen of every kind at 360 and 390 px wide, and the top of mobile view
// (978 px), never wider than the screen: tables and charts scroll inside themselves, never the page. Each is
// photographed into test-results/phone/ for a person to look at.

/** One screen of each kind the catalogue has, and what shows it is drawn. */
const SCREENS: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    name: 'register-list',
    path: '/contract-data-entry/rfi',
    ready: (page) => expect(page.getByTestId('grid-count')).toBeVisible(),
  },
  {
    name: 'record-form',
    path: '/contract-data-entry/rfi?record=1',
    ready: (page) => expect(page.getByRole('dialog')).toBeVisible(),
  },
  {
    name: 'dashboard',
    path: '/dashboard/analytics',
    ready: (page) => expect(page.getByTestId('dashboard-screen')).toBeVisible(),
  },
  {
    name: 'report-list',
    path: '/reports/rfiwitnesslist',
    ready: (page) => expect(page.getByTestId('grid-count')).toBeVisible(),
  },
  {
    name: 'custom-report',
    path: '/reports/customreports',
    ready: (page) => expect(page.getByRole('heading', { name: 'Custom Reports' })).toBeVisible(),
  },
  {
    name: 'import',
    path: '/dataentry/importp6',
    ready: (page) => expect(page.getByRole('heading', { name: 'Primavera P6 import' })).toBeVisible(),
  },
  {
    name: 'timeline',
    path: '/dataentry/timeline',
    ready: (page) => expect(page.getByRole('heading', { name: 'Timeline' }).first()).toBeVisible(),
  },
  {
    name: 'users',
    path: '/administration/manageusers',
    ready: (page) => expect(page.getByRole('heading', { name: 'Manage Users' })).toBeVisible(),
  },
  {
    name: 'dms-search',
    path: '/dms/search',
    ready: (page) => expect(page.getByRole('heading', { name: 'Search' }).first()).toBeVisible(),
  },
  {
    name: 'calendar',
    path: '/calendar',
    ready: (page) => expect(page.getByTestId('calendar-screen')).toBeVisible(),
  },
  {
    name: 'mail',
    path: '/outlook',
    ready: (page) => expect(page.getByTestId('outlook-screen')).toBeVisible(),
  },
];

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

for (const width of [360, 390, 978]) {
  test(`every kind of screen fits ${width} px without sideways scrolling`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 844 });
    await signIn(page, 'admin', 'Admin@123');
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await screen.ready(page);
      // Let late pieces (charts, counts) settle before measuring.
      await page.waitForLoadState('networkidle');
      expect(await pageWidth(page), `${screen.name} at ${width} px`).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `test-results/phone/${screen.name}-${width}.png` });
    }
  });
}
