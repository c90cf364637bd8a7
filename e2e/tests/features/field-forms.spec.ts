import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

// The field forms (issue 33) on a phone: the inspector signs in on /rfiwitnessing, fills the form with a mistake
// first, adds a photo (made smaller in the browser), the position and a signature, and saves without a connection.
// The inspection waits on the phone ("Waiting to send") and is sent by itself when the connection returns. A second
// inspection's answer is lost on the way back (the gateway stored it, the phone did not hear): it stays waiting,
// survives a reload, and sent again is stored once.

test.use({
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  geolocation: { latitude: 12.9716, longitude: 77.5946, accuracy: 12 },
  permissions: ['geolocation'],
});

/** The inspections whose remarks are `remarks`, with their files, read as the administrator. */
async function stored(request: APIRequestContext, remarks: string) {
  const signedIn = await request.post('/api/auth/signin', {
    data: { username: 'admin', password: 'Admin@123' },
  });
  const token = ((await signedIn.json()) as { accessToken: string }).accessToken;
  const headers = { 'x-access-token': token };
  const whrc = `c_remarks = '${remarks}'`;
  const rows = (await (
    await request.get('/api/custom/selectall', {
      params: { t: 'inspection', cols: 'id,c_result', whrc },
      headers,
    })
  ).json()) as { id: number; c_result: string }[];
  const files = await Promise.all(
    rows.map(async (row) => {
      const answer = await request.get(`/api/data/inspection/${row.id}/files`, { headers });
      return ((await answer.json()) as { data: { name: string; content_type: string }[] }).data;
    }),
  );
  const checks = await Promise.all(
    rows.map(async (row) => {
      const params = {
        t: 'inspection_check',
        cols: 'id,c_result',
        whrc: `n_inspection = ${row.id} ORDER BY id`,
      };
      return (await (await request.get('/api/custom/selectall', { params, headers })).json()) as {
        c_result: string;
      }[];
    }),
  );
  return { rows, files, checks };
}

async function choose(page: Page, label: string) {
  await page.getByRole('textbox', { name: label }).click();
  await page.getByRole('option').first().click();
}

/** Picks `option` of the choice labelled `label`. */
async function pick(page: Page, label: string, option: string) {
  await page.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function sign(page: Page) {
  const pad = page.getByLabel('Signature pad');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad has no box');
  await page.mouse.move(box.x + 30, box.y + 100);
  await page.mouse.down();
  await page.mouse.move(box.x + 120, box.y + 40, { steps: 8 });
  await page.mouse.move(box.x + 220, box.y + 110, { steps: 8 });
  await page.mouse.up();
}

async function confirmSave(page: Page) {
  await page.getByRole('button', { name: 'Save inspection' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
}

test('an RFI witness saved offline is sent once when the connection returns', async ({
  page,
  context,
  request,
}) => {
  const remarks = `Pier P112 cap: cover blocks missing ${Date.now()}`;
  await page.goto('/rfiwitnessing');
  await expect(page.getByRole('heading', { name: 'RFI witnessing' })).toBeVisible();
  await expect(page.getByTestId('device-id')).toHaveText(/^WEB-[0-9A-F]{12}$/);
  await page.getByLabel('User name or e-mail').fill('engineer');
  await page.getByLabel('Password').fill('Engineer@123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Signed in as')).toBeVisible();
  await expect(page.getByText(/is not registered for you/)).toBeVisible();

  // A rejection without remarks and without an RFI: said at the fields, nothing queued.
  await choose(page, 'Package');
  await pick(page, 'Result', 'Rejected');
  await page.getByRole('button', { name: 'Save inspection' }).click();
  await expect(page.getByText('Choose the RFI witnessed')).toBeVisible();
  await expect(page.getByText('Say what was wrong')).toBeVisible();
  await expect(page.getByTestId('outbox')).toHaveCount(0);

  await choose(page, 'RFI');
  await page.getByRole('textbox', { name: 'Remarks' }).fill(remarks);

  // The registry's hints under the inputs.
  await expect(page.getByText('Its activities become the checklist')).toBeVisible();
  await expect(page.getByText('Pier, chainage or grid')).toBeVisible();

  // The ITP's activities become the checklist: every item must be marked, and one that does not conform explained.
  await choose(page, 'ITP');
  const checklist = page.getByTestId('itp-checklist');
  await expect(checklist.getByText(/^Checklist \(0 of 4\)$/)).toBeVisible();
  const finding = (item: number, found: string) =>
    checklist.locator('label', { hasText: new RegExp(`^${found}$`) }).nth(item);
  await finding(0, 'Conforms').click();
  await finding(1, 'Does not conform').click();
  await page.getByRole('button', { name: 'Save inspection' }).click();
  await expect(checklist.getByText('Found is required')).toHaveCount(2);
  await expect(checklist.getByText('Say what does not conform')).toBeVisible();
  await checklist.getByLabel('Remarks').fill('Cover 30 mm where 50 mm is required');
  await finding(2, 'Not applicable').click();
  await finding(3, 'Not applicable').click();
  await expect(checklist.getByText(/^Checklist \(4 of 4\)$/)).toBeVisible();
  // "Witnessed" with an item that does not conform: the registry's rule over the inspection and its lines.
  await pick(page, 'Result', 'Witnessed');
  await page.getByRole('button', { name: 'Save inspection' }).click();
  await expect(
    page.getByText('An item does not conform: the result is Rejected or Re-inspection'),
  ).toBeVisible();
  await expect(page.getByTestId('outbox')).toHaveCount(0);
  await pick(page, 'Result', 'Rejected');
  // A photo from the "camera": a full-screen picture, made smaller before it waits.
  const photo = await page.screenshot();
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'pier-p112.png', mimeType: 'image/png', buffer: photo });
  await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Record my position' }).click();
  await expect(page.getByTestId('position')).toContainText('12.971600, 77.594600');
  await sign(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/field-form-390.png', fullPage: true });

  await context.setOffline(true);
  await expect(page.getByTestId('connection')).toHaveText('Offline');
  await confirmSave(page);
  await expect(page.getByText('Waiting to send (1)')).toBeVisible();
  await expect(page.getByText(/No connection: kept on this phone/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Remarks' })).toHaveValue('');
  expect((await stored(request, remarks)).rows).toHaveLength(0);

  await context.setOffline(false);
  await expect(page.getByText('Waiting to send')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('outbox').getByText('Sent', { exact: true }).first()).toBeVisible();
  const sent = await stored(request, remarks);
  expect(sent.rows).toEqual([expect.objectContaining({ c_result: 'Rejected' })]);
  expect(sent.checks[0]?.map((check) => check.c_result)).toEqual([
    'Conforms',
    'Does not conform',
    'Not applicable',
    'Not applicable',
  ]);
  expect(sent.files[0]?.map((file) => file.content_type).sort()).toEqual(['image/jpeg', 'image/png']);
  expect(sent.files[0]?.map((file) => file.name).sort()).toEqual(['pier-p112.jpg', 'signature.png']);
});

test('an answer lost on the way back: the inspection waits, survives a reload, and is stored once', async ({
  page,
  request,
}) => {
  const remarks = `Viaduct span 14 bearings ${Date.now()}`;
  await page.goto('/rfiwitnessing');
  await page.getByLabel('User name or e-mail').fill('engineer');
  await page.getByLabel('Password').fill('Engineer@123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await choose(page, 'Package');
  await choose(page, 'RFI');
  await page.getByRole('textbox', { name: 'Remarks' }).fill(remarks);

  // The gateway stores the inspection, but its answer never reaches the phone.
  let lost = 0;
  await page.route('**/api/data/inspection', async (route) => {
    await route.fetch();
    lost += 1;
    await route.abort('connectionreset');
  });
  await confirmSave(page);
  await expect.poll(() => lost).toBe(1);
  await expect(page.getByText('Waiting to send (1)')).toBeVisible();
  expect((await stored(request, remarks)).rows).toHaveLength(1);

  // Still waiting after the page is opened again: it was kept in the browser, not in memory.
  await page.unroute('**/api/data/inspection');
  const replayed = page.waitForResponse(
    (answer) => answer.url().endsWith('/api/data/inspection') && answer.request().method() === 'POST',
  );
  await page.reload();
  const answer = await replayed;
  expect(answer.status()).toBe(201);
  expect(answer.headers()['idempotent-replayed']).toBe('true');
  await expect(page.getByText('Waiting to send')).toHaveCount(0);
  expect((await stored(request, remarks)).rows).toHaveLength(1);
});
