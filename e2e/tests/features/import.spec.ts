import { readFile } from 'node:fs/promises';

import { expect, type Locator, type Page, test } from '@playwright/test';

import { signIn } from '../session';

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
  await expect(importer.getByTestId('import-mapping')).toBeVisible({ timeout: 15_000 });
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
  await expect(importer.getByTestId('importer')).toBeVisible({ timeout: 15_000 });

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

test('a contractor imports key element statuses on their import screen; the same file again updates them', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const id = unique();
  const elements = [`PE${id}1`, `PE${id}2`];
  await signIn(page, 'contractor', 'Contractor@123');
  await page.goto('/administration/keyelementstatusimport');
  await expect(page.getByRole('heading', { name: 'Import key element status' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByTestId('import-notes')).toContainText('One row per key element');
  const importer = page.getByTestId('importer');
  const header = 'Package,Element type,Element ID,Planned,Actual,Progress %,Remarks';

  const run = async (
    name: string,
    progress: [number, number],
    expected: { added: number; updated: number },
  ) => {
    await chooseFile(
      importer,
      csv(name, [
        header,
        `C1-V01,Pile,${elements[0]},15-Jan-2026,,${progress[0]},E2E import`,
        `C1-V01,Pier,${elements[1]},31/03/2026,,${progress[1]},E2E import`,
      ]),
    );
    // The preset updates or adds, keyed on the package, type and ID.
    await expect(importer.getByRole('radio', { name: 'Update or add' })).toBeChecked();
    await importer.getByRole('button', { name: 'Check the file' }).click();
    const counts = importer.getByTestId('import-counts');
    await expect(counts).toContainText(`Would be added${expected.added}`);
    await expect(counts).toContainText(`Would be updated${expected.updated}`);
    await importer.getByRole('button', { name: 'Import 2 rows' }).click();
    await expect(importer.getByTestId('import-done')).toContainText(
      `Imported 2 rows from ${name}: ${expected.added} added, ${expected.updated} updated.`,
    );
    await importer.getByRole('button', { name: 'Import another file' }).click();
  };
  await run(`elements-${id}.csv`, [40, 10], { added: 2, updated: 0 });
  await run(`elements-${id}-later.csv`, [60, 25], { added: 0, updated: 2 });
  await expect(page.getByTestId('recent-imports')).toContainText(`elements-${id}-later.csv`);

  // The register shows the second file's progress.
  await page.goto('/contract-data-entry/keyelementstatus');
  await searchList(page, `PE${id}`);
  await expect(page.getByTestId('grid-count')).toContainText('2 of');
  await expect(page.getByRole('row').filter({ hasText: elements[1] })).toContainText('25');
});

test('the Import button is there only for people who may add records to the register', async ({ page }) => {
  await signIn(page, 'viewer', 'Viewer@123');
  await page.goto('/masters/corridor');
  await expect(page.getByTestId('data-grid')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toHaveCount(0);
});
