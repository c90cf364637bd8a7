import { deflateSync } from 'node:zlib';

import { expect, type Page, test } from '@playwright/test';

import { callApi, signIn, userWithRoutes } from '../session';

// The Files tab of a register whose records keep files, on the RFI register: several files uploaded at once,
// listed with their size, who and when, an image previewed in the console, a file deleted after the confirmation,
// the gateway's refusal of a program shown as it words it, each step in the History tab, and the tab read only for
// someone without Update. The console's code knows no particular register: this test only uses one.

const ROUTE = '/contract-data-entry/rfi';
const DELETE = 'Are you sure, you want to Delte the data in database ?';

/** A small PNG (a colour gradient), made here rather than kept in the repository. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Array.from({ length: height }, (_, y) =>
    Buffer.from([
      0,
      ...Array.from({ length: width }, (_, x) => [(x * 255) / width, (y * 255) / height, 160]).flat(),
    ]),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A draft RFI of the signed-in contractor, through the API; answers its id. */
async function draftRfi(page: Page): Promise<number> {
  const rows = async (t: string, cols: string) =>
    (await callApi(page, 'GET', `/api/custom/selectall?t=${t}&cols=${cols}`)).json as unknown as Record<
      string,
      unknown
    >[];
  const pkg = (await rows('package', 'id,c_code')).find((row) => row.c_code === 'C1-V01');
  const engineer = (await rows('v_user_list', 'id,name')).find((row) => row.name === 'Arjun Mehta');
  const created = await callApi(page, 'POST', '/api/data/rfi', {
    n_package: pkg?.id,
    c_subject: `E2E files ${Date.now().toString(36)}`,
    c_question: 'Raised by the end-to-end tests to carry files.',
    n_assigned_to: engineer?.id,
    c_cost_impact: 'TBD',
    c_schedule_impact: 'TBD',
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return (created.json.data as { id: number }).id;
}

test('files are uploaded, listed, previewed and deleted; a program is refused with the gateway’s reason', async ({
  page,
  request,
  browser,
}) => {
  await signIn(page, 'contractor', 'Contractor@123');
  const id = await draftRfi(page);
  await page.goto(`${ROUTE}?record=${id}`);
  await page.getByRole('tab', { name: 'Files' }).click();
  const tab = page.getByTestId('record-files');
  await expect(tab.getByText('No files yet.')).toBeVisible();

  // Two files at once, through the drop zone's file input (what a drop or the file dialog fills).
  const photo = png(64, 48);
  await tab.locator('input[type=file]').setInputFiles([
    { name: 'pier-p101.png', mimeType: 'image/png', buffer: photo },
    {
      name: 'site-notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Cover blocks checked.\n'.repeat(100)),
    },
  ]);
  await expect(page.getByText('Uploaded Successfully')).toBeVisible();
  const list = tab.getByRole('table', { name: 'Files' });
  const photoRow = list.getByRole('row').filter({ hasText: 'pier-p101.png' });
  const notesRow = list.getByRole('row').filter({ hasText: 'site-notes.txt' });
  await expect(photoRow).toContainText(photo.length < 1024 ? `${photo.length} B` : /\d KB/);
  await expect(notesRow).toContainText('2.1 KB');
  await expect(notesRow).toContainText('Rahul Verma');
  // Only images and PDFs can be previewed; anything can be downloaded.
  await expect(notesRow.getByRole('button', { name: 'Preview site-notes.txt' })).toHaveCount(0);
  const download = page.waitForEvent('download');
  await notesRow.getByRole('button', { name: 'Download site-notes.txt' }).click();
  expect((await download).suggestedFilename()).toBe('site-notes.txt');

  // The image in a window over the form; Esc closes that window only.
  await photoRow.getByRole('button', { name: 'Preview pier-p101.png' }).click();
  const image = page.getByRole('img', { name: 'pier-p101.png' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(64);
  await page.keyboard.press('Escape');
  await expect(image).toBeHidden();
  await expect(tab).toBeVisible();

  // A program is refused whatever its name, with the gateway's words, and nothing is added.
  await tab.locator('input[type=file]').setInputFiles([
    {
      name: 'setup.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('MZ\x90\x00\x03\x00\x00\x00'),
    },
  ]);
  await expect(tab.getByTestId('upload-refusal')).toContainText(
    'setup.exe: files of this type are not accepted; nothing was attached; accepted types:',
  );
  await expect(page.getByText('Error', { exact: true })).toBeVisible();
  await expect(list.getByRole('row')).toHaveCount(3);

  // Deleted after the confirmation.
  await notesRow.getByRole('button', { name: 'Delete site-notes.txt' }).click();
  await expect(page.getByText(DELETE)).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Deleted Successfully')).toBeVisible();
  await expect(notesRow).toHaveCount(0);
  await expect(photoRow).toBeVisible();

  // Each step is in the record's history, with the file's name.
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByTestId('record-history');
  await expect(history.getByText('File removed')).toBeVisible();
  await expect(history.getByText('File added')).toHaveCount(2);
  await expect(history.getByTestId('history-file').first()).toHaveText('site-notes.txt');

  // Someone who may only read the register sees and opens the files, and changes none.
  const reader = await userWithRoutes(request, [ROUTE], {
    create: false,
    update: false,
    delete: false,
    export: false,
  });
  const readerPage = await (await browser.newContext()).newPage();
  await signIn(readerPage, reader, 'Route@2026');
  await readerPage.goto(`${ROUTE}?record=${id}`);
  await readerPage.getByRole('tab', { name: 'Files' }).click();
  const readerTab = readerPage.getByTestId('record-files');
  await expect(readerTab.getByTestId('files-read-only')).toBeVisible();
  await expect(readerTab.locator('input[type=file]')).toHaveCount(0);
  await expect(readerTab.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await expect(readerTab.getByRole('button', { name: 'Preview pier-p101.png' })).toBeVisible();
});
