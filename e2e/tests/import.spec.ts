import { readFile } from 'node:fs/promises';

import { expect, type Locator, type Page, test } from '@playwright/test';

import { signIn } from './session';

// The generic importer in the console: a CSV built here (unique codes) imported into the corridor master through
// the register's Import button, with one bad row refused by the check, the row read again from the downloaded error
// report, the file fixed, checked clean and imported; and an import screen of the menu (key element statuses, a
// registry preset) used by a contractor twice, the second time updating the records the first one added.

const unique = () => `${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 100)}`;

/** A CSV file for the drop zone's input, built in the test. */
function csv(name: string, lines: string[]) {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n') + '\r\n', 'utf8') };
}

async function chooseFile(importer: Locator, file: ReturnType<typeof csv>) {
  await importer.getByTestId('import-dropzone').locator('input[type=file]').setInputFiles(file);
  await expect(importer.getByTestId('import-mapping')).toBeVisible();
}

/** Parses the error report: `row,column,value,message` with quoted fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows.filter((r) => r.some((cell) => cell !== ''));
}

async function searchList(page: Page, text: string) {
  await page.getByLabel('Search').fill(text);
}

test('a CSV with a bad row is refused by the check, its error report read, the file fixed and imported', async ({
  page,
}) => {
  // Two checks and an import, each an upload the gateway reads row by row: more than the default half minute on
  // a busy machine.
  test.setTimeout(90_000);
  const id = unique();
  const codes = [`E2E-${id}-A`, `E2E-${id}-B`, `E2E-${id}-C`];
  await signIn(page, 'admin', 'Admin@123');
  await page.goto('/masters/corridor');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const importer = page.getByRole('dialog', { name: 'Import into Corridor' });
  await expect(importer.getByTestId('importer')).toBeVisible();

  // The third data row's code breaks the column's pattern (small letters and a space).
  const header = 'Code,Name,Length (km)';
  const bad = `e2e ${id} c`;
  await chooseFile(
    importer,
    csv(`corridors-${id}.csv`, [
      header,
      `${codes[0]},E2E line A,12.5`,
      `${codes[1]},E2E line B,7`,
      `${bad},E2E line C,3`,
    ]),
  );
  // The headers were matched to the register's labels.
  await expect(importer.getByLabel('Register column for Code')).toHaveValue('Code (required)');
  await expect(importer.getByLabel('Register column for Name')).toHaveValue('Name (required)');

  await importer.getByRole('button', { name: 'Check the file' }).click();
  await expect(importer.getByTestId('import-refused')).toHaveText('1 row refused');
  const problem = importer.getByRole('table', { name: 'Problems' }).getByRole('row').filter({ hasText: bad });
  await expect(problem).toHaveCount(1);
  const cells = problem.getByRole('cell');
  const shownRow = (await cells.nth(0).innerText()).trim();
  const shownMessage = (await cells.nth(3).innerText()).trim();
  expect(shownMessage).toMatch(/capital letters/);
  await expect(importer.getByRole('button', { name: 'Import only the 2 valid rows' })).toBeVisible();

  // The error report holds the same row and message.
  const saving = page.waitForEvent('download');
  await importer.getByRole('button', { name: 'Download error report (CSV)' }).click();
  const report = await saving;
  expect(report.suggestedFilename()).toMatch(new RegExp(`^corridors-${id}-run-\\d+-errors\\.csv$`));
  const lines = parseCsv(await readFile(await report.path(), 'utf8'));
  expect(lines[0]).toEqual(['row', 'column', 'value', 'message']);
  const reported = lines.slice(1).find((line) => line[2] === bad);
  expect(reported?.[0]).toBe(shownRow);
  expect(reported?.[3]).toBe(shownMessage);

  // Fixed, checked clean, imported.
  await importer.getByRole('button', { name: 'Choose another file' }).click();
  await chooseFile(
    importer,
    csv(`corridors-${id}-fixed.csv`, [
      header,
      `${codes[0]},E2E line A,12.5`,
      `${codes[1]},E2E line B,7`,
      `${codes[2]},E2E line C,3`,
    ]),
  );
  await importer.getByRole('button', { name: 'Check the file' }).click();
  await expect(importer.getByTestId('import-counts')).toContainText('3');
  await expect(importer.getByTestId('import-errors')).toHaveCount(0);
  await importer.getByRole('button', { name: 'Import 3 rows' }).click();
  await expect(importer.getByTestId('import-done')).toContainText('Imported 3 rows');
  await expect(importer.getByTestId('recent-imports')).toContainText(`corridors-${id}-fixed.csv`);
  await importer.getByRole('button', { name: 'Close' }).click();
  await expect(importer).toBeHidden();

  // The list was read again: the new corridors are there.
  await searchList(page, `E2E-${id}`);
  await expect(page.getByTestId('grid-count')).toContainText('3 of');
  for (const code of codes) await expect(page.getByRole('gridcell', { name: code })).toBeVisible();
});
