import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:18731';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [w, h, tag] of [[1440, 900, 'd'], [390, 844, 'p']]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, hasTouch: tag === 'p', isMobile: tag === 'p' });
  const page = await ctx.newPage();
  await page.addInitScript(() => localStorage.setItem('pmis.language', 'hi'));
  await page.goto(base + '/login');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/shots/${tag}-login.png` });
  await page.locator('input').first().fill('admin');
  await page.locator('input[type=password]').fill('Admin@123');
  await page.keyboard.press('Enter');
  await page.waitForTimeout(3000);
  await page.screenshot({ path: `/tmp/shots/${tag}-dashboard.png` });
  for (const [route, name] of [['/dashboard/analytics', 'dash2'], ['/siteinspection', 'field'], ['/dms/explorer', 'dms'], ['/administration/userpermission', 'perm'], ['/forms/form-elements', 'gforms'], ['/views/profile', 'profile'], ['/reports/predefined', 'predef'], ['/dataentry/timeline', 'timeline']]) {
    await page.goto(base + route);
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `/tmp/shots/${tag}-${name}.png` });
  }
  await page.goto(base + '/masters/corridor');
  await page.waitForTimeout(2000);
  await page.getByRole('button', { name: 'नया' }).click().catch(() => {});
  await page.waitForTimeout(800);
  await page.getByRole('button', { name: 'सहेजें', exact: true }).first().click().catch(() => {});
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/shots/${tag}-form.png` });
  await ctx.close();
}
await browser.close();
