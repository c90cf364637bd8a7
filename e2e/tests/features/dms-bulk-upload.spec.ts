import { readFile } from 'node:fs/promises';
import path from 'node:path';

import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

import { signIn } from '../session';

// Bulk upload with a metadata sheet (docs/console.md, "Bulk upload"): the sheet's columns are the document
// register's own fields for a new record, headed by their labels (the template says so); every row is checked by
// the register's rules and its look-ups (a package by its code, a discipline by its code or name) before anything
// is sent, each problem naming its row; corrected and dropped again, the rows are created one by one.

const PDF = path.join(import.meta.dirname, '..', '..', 'fixtures', 'dms-drawing.pdf');

/** A volume part no other test or demo row has: "B" and up to seven capitals or digits. */
function uniqueVolume(): string {
  return `B${(Date.now() % 78_364_164_096).toString(36).toUpperCase()}`.slice(0, 8);
}

function csv(rows: readonly (readonly string[])[]) {
  return {
    name: 'sheet.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(rows.map((r) => r.join(',')).join('\n')),
  };
}

test('a bulk upload checks every row of its sheet by the register, then creates each document', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const volume = uniqueVolume();
  const pdf = await readFile(PDF);
  const files = ['pier-a.pdf', 'pier-b.pdf'].map((name) => ({
    name,
    mimeType: 'application/pdf',
    buffer: pdf,
  }));
  await signIn(page, 'contractor', 'Contractor@123');
  await page.goto('/dms/explorer');
  await expect(page.getByTestId('dms-folder-tree')).toBeVisible();
  await page.getByRole('button', { name: 'Bulk upload with a sheet' }).click();
  const modal = page.getByRole('dialog', { name: /^Bulk upload into/ });

  // The template's header is the register's fields, as its registry file labels them.
  const download = page.waitForEvent('download');
  await modal.getByRole('button', { name: 'Template sheet' }).click();
  const template = await readFile(await (await download).path(), 'utf8');
  const header = template.split('\r\n')[0]?.split(',') ?? [];
  expect(header.slice(0, 3)).toEqual(['File', 'Project', 'Originator']);
  expect(header).toEqual(expect.arrayContaining(['Title', 'Package', 'Discipline', 'Document type']));

  const heading = [
    'File',
    'Title',
    'Package',
    'Discipline',
    'Document type',
    'Originator',
    'Volume / system',
  ];
  heading.push('Level / location', 'Type', 'Role');
  const drop = modal.getByTestId('dms-bulk-dropzone').locator('input[type=file]');
  await drop.setInputFiles([
    ...files,
    csv([
      heading,
      ['pier-a.pdf', 'Pier A bearings', 'C9-V99', 'CIV', 'DRG', 'LNT', volume, 'PA', 'DR', 'S'],
      ['pier-b.pdf', 'Pier B bearings', 'c1-v01', 'Civil', 'DRG', 'L1', volume, 'PB', 'DR', 'S'],
    ]),
  ]);
  const rows = modal.getByTestId('dms-bulk-rows');
  await expect(rows).toContainText('Row 2, Package: no row has the code or name C9-V99.');
  await expect(rows).toContainText('Row 3: Originator: 3–6 capital letters such as LNT');
  await expect(modal.getByText('Correct the sheet or the files and drop them again')).toBeVisible();
  await expect(modal.getByRole('button', { name: /^Upload/ })).toBeDisabled();
  const axe = await new AxeBuilder({ page }).include('[role=dialog]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('bulk-refused.png') });

  // Corrected: the package by its code in any case, the discipline by its name, the originator's code.
  await drop.setInputFiles([
    csv([
      heading,
      ['pier-a.pdf', 'Pier A bearings', 'C1-V01', 'CIV', 'DRG', 'LNT', volume, 'PA', 'DR', 'S'],
      ['pier-b.pdf', 'Pier B bearings', 'c1-v01', 'civil', 'DRG', 'lnt', volume, 'PB', 'DR', 'S'],
    ]),
  ]);
  await expect(modal.getByText('2 rows ready to send')).toBeVisible();
  await modal.getByRole('button', { name: 'Upload 2 documents' }).click();
  await expect(rows.getByText(new RegExp(`Created MML3-LNT-${volume}-PA-DR-S-\\d{4}`))).toBeVisible({
    timeout: 30_000,
  });
  await expect(rows.getByText(new RegExp(`Created MML3-LNT-${volume}-PB-DR-S-\\d{4}`))).toBeVisible({
    timeout: 30_000,
  });
  await expect(modal.getByText('Done: 2 created, 0 refused')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('bulk-created.png') });
});
