import { expect, type Page, test } from '@playwright/test';

import { callApi, signIn, userWithRoutes } from '../session';

// The template demo pages of docs/console.md §2 are the console's own component gallery: every one of the 50 routes
// draws a working page (never "not built yet") that fits a phone; the form pages judge their fields as the record form
// does; the to-do list and the chat keep their rules (§3–§5, §9); the profile changes the user's password.

/** The 50 routes with the titles the catalogue gives them. */
const PAGES: readonly (readonly [route: string, title: string])[] = [
  ['/views/gallery', 'Gallery'],
  ['/views/projects', 'Projects'],
  ['/views/blog', 'Blog'],
  ['/views/profile', 'Profile'],
  ['/views/timeline', 'Timeline'],
  ['/views/forum-general', 'Forum'],
  ['/views/forum-topic', 'Forum Topic'],
  ['/views/forum-post', 'Forum Post'],
  ['/e-commerce/orders', 'Orders'],
  ['/e-commerce/products-view', 'Products View'],
  ['/e-commerce/products-detail', 'Product Detail'],
  ['/forms/elements', 'Form Elements'],
  ['/forms/layouts', 'Form Layouts'],
  ['/forms/form-validation', 'Form Validation'],
  ['/forms/bootstrap-form-elements', 'Bootstrap Form Elements'],
  ['/forms/bootstrap-validation', 'Bootstrap Validation'],
  ['/forms/plugins', 'Form Plugins'],
  ['/forms/wizards', 'Wizards'],
  ['/forms/dropzone', 'Dropzone'],
  ['/forms/bootstrap-editors', 'Bootstrap Editors'],
  ['/forms/image-editor', 'Image Editor'],
  ['/graphs/flot', 'Flot Charts'],
  ['/graphs/chartjs', 'Chart.js'],
  ['/graphs/morris', 'Morris Charts'],
  ['/graphs/sparklines', 'Sparklines'],
  ['/graphs/easy-pie-charts', 'Easy Pie Charts'],
  ['/graphs/dygraphs', 'Dygraphs'],
  ['/graphs/highchart-table', 'Highchart Table'],
  ['/maps', 'Maps'],
  ['/misc/blank', 'Blank'],
  ['/misc/pricing-tables', 'Pricing Tables'],
  ['/misc/invoice', 'Invoice'],
  ['/misc/ck-editor', 'CK Editor'],
  ['/misc/search', 'Search'],
  ['/misc/email-template', 'E-mail Template'],
  ['/smartadmin/app-layouts', 'App Layouts'],
  ['/smartadmin/skins', 'Skins'],
  ['/tables/datatables', 'Data Tables'],
  ['/tables/normal-tables', 'Normal Tables'],
  ['/ui/general', 'General Elements'],
  ['/ui/tree-views', 'Tree Views'],
  ['/ui/nestable-lists', 'Nestable Lists'],
  ['/ui/jquery-ui', 'jQuery UI'],
  ['/ui/font-awesome', 'Font Awesome'],
  ['/ui/flags', 'Flags'],
  ['/ui/glyphicons', 'Glyphicons'],
  ['/ui/typography', 'Typography'],
  ['/ui/grid', 'Grid'],
  ['/ui/buttons', 'Buttons'],
  ['/widgets', 'Widgets'],
];

/** Opens a gallery page and checks it is drawn: its heading, its line, no "not built yet". */
async function openGalleryPage(page: Page, route: string, title: string) {
  await page.goto(route);
  await expect(page.getByRole('heading', { level: 2, name: title, exact: true }), route).toBeVisible();
  await expect(page.getByTestId('component-gallery'), route).toBeVisible();
  await expect(page.getByTestId('gallery-what'), route).not.toBeEmpty();
  await expect(page.getByTestId('not-built'), route).toHaveCount(0);
  await expect(page.getByText('is not built yet'), route).toHaveCount(0);
}

// Ten pages a test, each test with a session of its own: a long session is not what is tested here.
for (let group = 0; group < PAGES.length; group += 10) {
  const pages = PAGES.slice(group, group + 10);
  test(`gallery pages ${group + 1} to ${group + pages.length} are drawn, none "not built yet"`, async ({
    page,
  }) => {
    await signIn(page, 'admin', 'Admin@123');
    for (const [route, title] of pages) await openGalleryPage(page, route, title);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('gallery pages fit a phone’s width: wide tables scroll inside themselves', async ({ page }) => {
    await signIn(page, 'admin', 'Admin@123');
    const phonePages = PAGES.filter(([route]) =>
      [
        '/e-commerce/orders',
        '/forms/form-validation',
        '/graphs/sparklines',
        '/misc/invoice',
        '/tables/datatables',
        '/widgets',
      ].includes(route),
    );
    for (const [route, title] of phonePages) {
      await openGalleryPage(page, route, title);
      // Charts and grids size themselves after the first paint.
      await page.waitForTimeout(300);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${route} is no wider than the phone`).toBeLessThanOrEqual(390);
    }
  });
});

test('the form-validation page says every mistake under its field, and each clears once put right', async ({
  page,
}) => {
  await signIn(page, 'admin', 'Admin@123');
  await openGalleryPage(page, '/forms/form-validation', 'Form Validation');
  const form = page.getByRole('form', { name: 'Request for inspection' });
  await form.getByLabel('RFI number').fill('RFI 12');
  await form.getByLabel('Quantity (m³)').fill('0');
  await form.getByLabel('Contractor’s e-mail').fill('rahul');
  await form.getByLabel('Contractor’s phone').fill('call me');
  await form.getByRole('button', { name: 'Save' }).click();

  for (const message of [
    'Package is required',
    'RFI number: write it as the package, RFI and five digits, such as C1-V01-RFI-00012',
    'Inspection is required',
    'Work to inspect is required',
    'Inspection date is required',
    'Quantity (m³) must be 0.01 or more',
    'Contractor’s e-mail must be an e-mail address such as name@example.com',
    'Contractor’s phone must be a phone number: digits, spaces and + - ( ), 7 to 20 characters',
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('form-problems')).toHaveText(/8 fields need attention/);
  // No confirmation was asked: nothing passed.
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await form.getByLabel('RFI number').fill('C1-V01-RFI-00012');
  await expect(form.getByText(/RFI number: write it as/)).toHaveCount(0);
  await expect(page.getByTestId('form-problems')).toHaveText(/7 fields need attention/);
});

test('a to-do needs a title, starts Important, ticks to Completed with its time and unticks to Important', async ({
  page,
}) => {
  await signIn(page, 'admin', 'Admin@123');
  await openGalleryPage(page, '/widgets', 'Widgets');
  const widget = page.getByTestId('todo-widget');

  await widget.getByRole('button', { name: 'Add to-do' }).click();
  await expect(widget.getByText('A to-do needs a title')).toBeVisible();
  await expect(widget.getByTestId('todo-item')).toHaveCount(0);

  const title = 'Witness the pile load test at C1-S04';
  await widget.getByLabel('Title').fill(title);
  await widget.getByLabel('Description').fill('With the PMC quality engineer');
  await widget.getByRole('button', { name: 'Add to-do' }).click();
  const item = widget.getByTestId('todo-item').filter({ hasText: title });
  await expect(item.getByTestId('todo-type')).toHaveText('Important');
  await expect(item.getByTestId('todo-time')).toHaveText(/^Added \d{2} [A-Z][a-z]{2}, \d{4}/);
  await expect(widget.getByText('1 to-do open')).toBeVisible();

  await item.getByRole('checkbox', { name: `Done: ${title}` }).check();
  await expect(item.getByTestId('todo-type')).toHaveText('Completed');
  await expect(item.getByTestId('todo-time')).toHaveText(
    /^Completed \d{2} [A-Z][a-z]{2}, \d{4}, \d{1,2}:\d{2}:\d{2}/,
  );
  await expect(widget.getByText('0 to-dos open')).toBeVisible();

  // Kept in this browser: still there after a reload.
  await page.reload();
  await expect(item.getByTestId('todo-type')).toHaveText('Completed');

  await item.getByRole('checkbox', { name: `Done: ${title}` }).uncheck();
  await expect(item.getByTestId('todo-type')).toHaveText('Important');
  await expect(item.getByTestId('todo-time')).toHaveText(/^Added /);

  await item.getByRole('button', { name: `Delete ${title}` }).click();
  await expect(widget.getByTestId('todo-item')).toHaveCount(0);
});

test('the chat sends no empty message, sends a real one, and keeps its boxes 200 wide and 35 apart', async ({
  page,
}) => {
  await signIn(page, 'admin', 'Admin@123');
  await openGalleryPage(page, '/widgets', 'Widgets');
  const chat = page.getByTestId('chat-widget');
  await chat.getByRole('button', { name: 'Chat with Arjun Mehta' }).click();
  const box = chat.getByRole('region', { name: 'Chat with Arjun Mehta' });
  const input = box.getByLabel('Message to Arjun Mehta');

  await input.fill('   ');
  await expect(box.getByRole('button', { name: 'Send' })).toBeDisabled();
  await input.press('Enter');
  await expect(box.getByTestId('chat-message')).toHaveCount(0);
  await expect(box.getByText('No messages yet.')).toBeVisible();

  await input.fill('  RFI C1-V01-RFI-00012 is ready for your inspection ');
  await input.press('Enter');
  await expect(box.getByTestId('chat-message')).toHaveText([
    'RFI C1-V01-RFI-00012 is ready for your inspection',
  ]);
  await expect(input).toHaveValue('');

  // docs/console.md §9: chat boxes 200 wide with a 35 gap.
  await chat.getByRole('button', { name: 'Chat with Kavita Rao' }).click();
  const first = await box.boundingBox();
  const second = await chat.getByRole('region', { name: 'Chat with Kavita Rao' }).boundingBox();
  expect(first?.width).toBe(200);
  expect(second?.width).toBe(200);
  expect((second?.x ?? 0) - ((first?.x ?? 0) + (first?.width ?? 0))).toBe(35);

  // Messages stay in this browser.
  await page.reload();
  await chat.getByRole('button', { name: 'Chat with Arjun Mehta' }).click();
  await expect(
    chat.getByRole('region', { name: 'Chat with Arjun Mehta' }).getByTestId('chat-message'),
  ).toHaveCount(1);
});

test('the profile shows the user and checks a new password before sending it', async ({ page, request }) => {
  const username = await userWithRoutes(request, ['/views/profile']);
  await signIn(page, username, 'Route@2026');
  await openGalleryPage(page, '/views/profile', 'Profile');
  await expect(page.getByTestId('profile-name')).toHaveText(`E2E ${username}`);
  const details = page.getByTestId('profile-details');
  await expect(details.getByRole('row', { name: /Username/ })).toContainText(username);
  await expect(details.getByRole('row', { name: /E-mail/ })).toContainText(`${username}@metrorail.example`);

  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill('Route@2026');
  await form.getByRole('textbox', { name: 'New password', exact: true }).fill('Route@2026');
  await form.getByLabel('Repeat the new password').fill('Pier.Cap@2027');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('The new password must differ from the current one')).toBeVisible();
  await expect(form.getByText('The two new passwords differ')).toBeVisible();
});

test('a wrong current password is refused under its field; the right one changes the password', async ({
  page,
  request,
}) => {
  const username = await userWithRoutes(request, ['/views/profile']);
  await signIn(page, username, 'Route@2026');
  await openGalleryPage(page, '/views/profile', 'Profile');
  const form = page.getByRole('form', { name: 'Change password' });
  const current = form.getByLabel('Current password');

  await current.fill('Wrong@2026');
  await form.getByRole('textbox', { name: 'New password', exact: true }).fill('Pier.Cap@2026');
  await form.getByLabel('Repeat the new password').fill('Pier.Cap@2026');
  const answered = page.waitForResponse((answer) => answer.url().endsWith('/api/auth/me/password'));
  await form.getByRole('button', { name: 'Change password' }).click();
  expect(
    (await answered).status(),
    'POST /api/auth/me/password answers a wrong current password with 422',
  ).toBe(422);
  // The gateway's own words, under the field (the input names its message as its description).
  await expect(current).toHaveAccessibleDescription(/\S/);
  await expect(form.getByRole('alert')).toHaveCount(0);

  await current.fill('Route@2026');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();
  await expect(current).toHaveValue('');

  // The old password no longer signs in; the new one does.
  const old = await callApi(page, 'POST', '/api/auth/signin', { username, password: 'Route@2026' });
  expect(old.status).toBe(401);
  await page.evaluate(() => localStorage.clear());
  await signIn(page, username, 'Pier.Cap@2026');
  await expect(page).toHaveURL(/\/views\/profile/);
});

test('the gateway’s refusal of a new password lands under its field', async ({ page, request }) => {
  const username = await userWithRoutes(request, ['/views/profile']);
  await signIn(page, username, 'Route@2026');
  await openGalleryPage(page, '/views/profile', 'Profile');
  const form = page.getByRole('form', { name: 'Change password' });
  const current = form.getByLabel('Current password');
  const newPassword = form.getByRole('textbox', { name: 'New password', exact: true });

  // The gateway's password policy: not the username (any case), said under the new password.
  await current.fill('Route@2026');
  await newPassword.fill(username.toUpperCase());
  await form.getByLabel('Repeat the new password').fill(username.toUpperCase());
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('The password must not be the same as the username')).toBeVisible();
  await expect(newPassword).toHaveAccessibleDescription(/The password must not be the same as the username/);
});
