import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

import { signIn } from '../session';

// WCAG 2.2 AA as axe-core checks it (its wcag2a, wcag2aa, wcag21a, wcag21aa and wcag22aa rules), on the screens
// people spend their days in, at a desk's width and a phone's: nothing critical or serious.
const SCREENS: { route: string; ready: (page: Page) => Promise<void> }[] = [
  {
    route: '/dashboard/analytics',
    ready: (page) => expect(page.getByRole('heading', { name: 'Analytics' })).toBeVisible(),
  },
  { route: '/masters/corridor', ready: (page) => expect(page.getByRole('grid')).toBeVisible() },
  { route: '/contract-data-entry/rfi', ready: (page) => expect(page.getByRole('grid')).toBeVisible() },
  { route: '/contract-data-entry/ncr', ready: (page) => expect(page.getByRole('grid')).toBeVisible() },
  { route: '/reports/pendinglist', ready: (page) => expect(page.getByRole('main')).toBeVisible() },
  { route: '/dms/explorer', ready: (page) => expect(page.getByRole('main')).toBeVisible() },
  // A record's form, new and stored, and every other kind of screen: dashboards (charts, the social wall, the
  // gallery), imports, reports, the field form, the calendar, the mailbox, document search, people and rights.
  ...[
    '/contract-data-entry/rfi?record=new',
    '/contract-data-entry/rfi?record=1',
    '/',
    '/dashboard/dms',
    '/dashboard/social-wall',
    '/dashboard/gallery',
    '/dataentry/importla',
    '/administration/keyelementstatusimport',
    '/dataentry/importp6',
    '/reports/pkgwiseboq',
    '/reports/predefined',
    '/reports/customreports',
    '/siteinspection',
    '/rfiwitnessing',
    '/calendar',
    '/dataentry/timeline',
    '/outlook',
    '/dms/search',
    '/administration/manageusers',
    '/administration/userpermission',
    '/administration/approvals',
    '/dataentry/schedulecheck',
    '/dataentry/schedulecheck?record=107',
    '/contract-data-entry/punchlist',
  ].map((route) => ({ route, ready: (page: Page) => expect(page.getByRole('main')).toBeVisible() })),
];

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .map((violation) => ({
      rule: violation.id,
      help: violation.help,
      where: violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }));
}

for (const width of [1440, 390]) {
  test(`the sign-in page and the daily screens meet WCAG 2.2 AA at ${width} px (axe: nothing critical or serious)`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: width === 1440 ? 900 : 844 });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await seriousViolations(page), '/login').toEqual([]);
    await signIn(page, 'admin', 'Admin@123');
    for (const screen of SCREENS) {
      await page.goto(screen.route);
      await screen.ready(page);
      // Let the first answers draw (lists, counts) before axe reads the page.
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page), screen.route).toEqual([]);
    }
  });
}
