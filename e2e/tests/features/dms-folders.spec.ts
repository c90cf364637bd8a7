import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

import { signIn } from '../session';

// The explorer's own folders (docs/console.md, "Folders"): the administrator makes a folder of search words under
// Administration → Explorer, renames it, and deletes it. The folders are a register's records (the register whose
// route the explorer is, as the catalogue says), written through the generic data API; a name the register refuses
// is refused under its field.

test('an administrator makes, renames and deletes a folder of search words in the explorer', async ({
  page,
}, testInfo) => {
  const name = `Bearings ${Date.now() % 100_000}`;
  await signIn(page, 'admin', 'Admin@123');
  await page.goto('/administration/explorer');
  const tree = page.getByTestId('dms-folder-tree');
  await expect(tree).toBeVisible();

  await page.getByRole('button', { name: 'New folder' }).click();
  const form = page.getByRole('form', { name: 'Folder' });
  // A name longer than the register allows is refused under the field, before anything is sent.
  // The register's own field and rule (dms_folder.toml: the folder's name, at most 120 characters).
  await form.getByRole('textbox', { name: 'Folder', exact: true }).fill('x'.repeat(121));
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Folder must be at most 120 characters (it has 121)')).toBeVisible();
  await form.getByRole('textbox', { name: 'Folder', exact: true }).fill(name);
  await form.getByLabel('Search words').fill('bearing');
  await form.getByRole('textbox', { name: 'Description', exact: true }).fill('Bearing drawings of the piers');
  await page.screenshot({ path: testInfo.outputPath('folder-form.png') });
  const { violations } = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id),
  ).toEqual([]);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText(`Folder ${name} created`)).toBeVisible();

  // The folder lists the documents matching its words.
  await tree.getByRole('button', { name }).click();
  await expect(page.getByTestId('dms-folder-title')).toHaveText(name);
  await expect(page.getByText(/matching “bearing”/)).toBeVisible();

  // The document explorer shows the same folder to read only (its route is `read_only` for the folder register):
  // even the administrator keeps folders only at /administration/explorer.
  await page.goto('/dms/explorer');
  await page.getByTestId('dms-folder-tree').getByRole('button', { name }).click();
  await expect(page.getByTestId('dms-folder-title')).toHaveText(name);
  await expect(page.getByRole('button', { name: 'New folder' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Rename or move' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete folder' })).toHaveCount(0);
  await page.goto('/administration/explorer');
  await tree.getByRole('button', { name }).click();

  await page.getByRole('button', { name: 'Rename or move' }).click();
  const edit = page.getByRole('form', { name: 'Folder' });
  await edit.getByRole('textbox', { name: 'Folder', exact: true }).fill(`${name} (piers)`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(tree.getByRole('button', { name: `${name} (piers)` })).toBeVisible();
  // What the tree does not show (the description) was read with the folder and kept.
  await page.getByRole('button', { name: 'Rename or move' }).click();
  const again = page.getByRole('form', { name: 'Folder' });
  await expect(again.getByRole('textbox', { name: 'Description', exact: true })).toHaveValue(
    'Bearing drawings of the piers',
  );
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(again).toBeHidden();

  await page.getByRole('button', { name: 'Delete folder' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(`Folder ${name} (piers) deleted`)).toBeVisible();
  await expect(tree.getByRole('button', { name: `${name} (piers)` })).toHaveCount(0);
});

// The upload window is the searched register's own form for a new record (its sections, labels, look-ups and
// rules from its metadata), with the dropped file; at a desk's width and a phone's it meets WCAG 2.2 AA as axe
// checks it, and a number part typed in small letters is written in capitals (`format = "code"`).
for (const width of [1440, 390]) {
  test(`the upload window is the register's own form and meets WCAG 2.2 AA at ${width} px`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await signIn(page, 'contractor', 'Contractor@123');
    await page.goto('/dms/explorer');
    if (width < 800) await expect(page.getByRole('button', { name: 'Folders' })).toBeVisible();
    else await expect(page.getByTestId('dms-folder-tree')).toBeVisible();
    await page
      .getByTestId('dms-dropzone')
      .locator('input[type=file]')
      .setInputFiles({
        name: 'P112_bearing-layout.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n'),
      });
    const upload = page.getByRole('form', { name: 'Upload a document' });
    await expect(upload.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(
      'P112 bearing layout',
    );
    // The register's sections and defaults (project MML3, level ZZ).
    await expect(upload.getByText('Document number', { exact: true })).toBeVisible();
    await expect(upload.getByRole('textbox', { name: 'Project', exact: true })).toHaveValue('MML3');
    await expect(upload.getByRole('textbox', { name: 'Level / location', exact: true })).toHaveValue('ZZ');
    const volume = upload.getByRole('textbox', { name: 'Volume / system', exact: true });
    await volume.fill('c1v01');
    await expect(volume).toHaveValue('C1V01');
    await page.screenshot({ path: testInfo.outputPath(`upload-${width}.png`) });
    const { violations } = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(
      violations
        .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
        .map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        ),
    ).toEqual([]);
    await upload.getByRole('button', { name: 'Cancel' }).click();
    await expect(upload).toBeHidden();
  });
}

// The virtual folders nest by the searched register's `browse` facets (project → package → discipline → document
// type), as the catalogue gives them; a file dropped into a chosen folder starts from the folder's values.
test('the virtual folders nest by the browse levels, and a dropped file takes the chosen folder', async ({
  page,
}, testInfo) => {
  await signIn(page, 'contractor', 'Contractor@123');
  await page.goto('/dms/explorer');
  const tree = page.getByTestId('dms-folder-tree');
  await tree.getByRole('button', { name: /^MML3 / }).click();
  await tree.getByRole('button', { name: /^C1-V01/ }).click();
  await expect(page.getByTestId('dms-folder-title')).toHaveText(/^C1-V01/);
  // The package's folder opens into its disciplines.
  await expect(tree.getByRole('treeitem').nth(3)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('virtual-tree.png') });
  await page
    .getByTestId('dms-dropzone')
    .locator('input[type=file]')
    .setInputFiles({ name: 'pier.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') });
  const upload = page.getByRole('form', { name: 'Upload a document' });
  await expect(upload.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('pier');
  await expect(upload.getByRole('textbox', { name: 'Project', exact: true })).toHaveValue('MML3');
  await expect(upload.getByRole('textbox', { name: 'Package', exact: true })).toHaveValue(/^C1-V01/);
});

// A document's revisions are the lines of its register's child (the catalogue's `search_lines`), listed with the
// child's own columns and formats; two of them compare side by side, the rows that differ marked.
test("a document's revisions are listed by their register's columns and two compare side by side", async ({
  page,
}, testInfo) => {
  await signIn(page, 'contractor', 'Contractor@123');
  await page.goto('/dms/explorer');
  const hit = page.getByTestId('dms-hit').filter({ hasText: 'MML3-LNT-C1V01-P101-DR-S-0101' });
  await hit.getByText('Pier P101 as-built records').click();
  const panel = page.getByTestId('dms-document-panel');
  const revisions = panel.getByRole('table', { name: 'Revisions' });
  // The child register's list columns, by their labels.
  for (const heading of ['Revision', 'Status code', 'State at the time', 'Issued', 'Current']) {
    await expect(revisions.getByRole('columnheader', { name: heading, exact: true })).toBeVisible();
  }
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('revisions.png') });
  await expectNoSeriousViolations(page, '[data-testid="dms-document-panel"]');
  const ticks = revisions.getByRole('checkbox');
  expect(await ticks.count()).toBeGreaterThan(1);
  await ticks.first().check();
  await ticks.last().check();
  await panel.getByRole('button', { name: 'Compare' }).click();
  const compare = page.getByTestId('dms-compare');
  await expect(compare).toBeVisible();
  await expect(compare.locator('[data-differs]').filter({ hasText: 'Revision' }).first()).toBeVisible();
  await expect(compare.getByText('Content (SHA-256)')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('compare.png') });
  await expectNoSeriousViolations(page, '[data-testid="dms-compare"]');
  // The comparison closes from the keyboard, and the focus returns to the panel it was opened from.
  await page.keyboard.press('Escape');
  await expect(compare).toBeHidden();
  await expect(panel.getByRole('button', { name: 'Compare' })).toBeFocused();
});

// A work-in-progress document takes its next revision from the panel: the file becomes a new line of its revisions,
// named in the notice as the list names every line.
test('a new revision is uploaded from the document panel and listed with the others', async ({ page }) => {
  await signIn(page, 'contractor', 'Contractor@123');
  await page.goto('/dms/explorer');
  const tree = page.getByTestId('dms-folder-tree');
  await tree.getByRole('button', { name: /^MML3 / }).click();
  await tree.getByRole('button', { name: /^C2-V01/ }).click();
  // demo_dms.sql: the contractor's method statement at Northgate, still work in progress.
  await page.getByRole('button', { name: 'Method statement: segment casting yard at Northgate' }).click();
  const panel = page.getByTestId('dms-document-panel');
  const revisions = panel.getByRole('table', { name: 'Revisions' });
  await expect(revisions.getByRole('checkbox').first()).toBeVisible();
  const before = await revisions.getByRole('checkbox').count();
  await panel.locator('input[type=file]').setInputFiles({
    name: 'next.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% next revision\n'),
  });
  // Nothing is sent before the change note is written and the upload confirmed.
  const dialog = page.getByRole('dialog', { name: /^New revision of / });
  await dialog.getByRole('button', { name: 'Upload the revision' }).click();
  await expect(dialog.getByText('Say what changed in this revision')).toBeVisible();
  await expect(revisions.getByRole('checkbox')).toHaveCount(before);
  await dialog.getByLabel('What changed').fill('Casting bed 3 added; curing times per IS 456 cl. 13.5');
  await dialog.getByRole('button', { name: 'Upload the revision' }).click();
  await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(/^Revision P\d\d\.\d\d of \S+ uploaded$/)).toBeVisible();
  await expect(revisions.getByRole('checkbox')).toHaveCount(before + 1);
});

/** Axe finds nothing critical or serious in `selector` (WCAG 2.2 AA). */
async function expectNoSeriousViolations(page: Page, selector: string) {
  const { violations } = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id),
  ).toEqual([]);
}
