import { chromium } from '@playwright/test';
const routes = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, timezoneId: 'Asia/Kolkata' });
await page.goto('http://127.0.0.1:18731/login');
await page.getByLabel('User name or e-mail').fill('engineer');
await page.getByLabel('Password').fill('Engineer@123');
await page.getByRole('button', { name: 'Sign in' }).click();
await page.getByRole('button', { name: 'User menu' }).waitFor();
for (const route of routes) {
  await page.goto('http://127.0.0.1:18731' + route);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/g${route.replaceAll('/', '_')}.png` });
}
await browser.close();
