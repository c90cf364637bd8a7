import { expect, test } from '@playwright/test';

import { signIn } from '../session';

// The explorer's own folders (docs/console.md, "Folders"): the administrator makes a folder of search words under
// Administration → Explorer, renames it, and deletes it. The folders are a register's records (the register whose
// route the explorer is, as the catalogue says), written through the generic data API; a name the register refuses
// is refused under its field.

test('an administrator makes, renames and deletes a folder of search words in the explorer', async ({
  page,
}) => {
  const name = `Bearings ${Date.now() % 100_000}`;
  await signIn(page, 'admin', 'Admin@123');
  await page.goto('/administration/explorer');
  const tree = page.getByTestId('dms-folder-tree');
  await expect(tree).toBeVisible();

  await page.getByRole('button', { name: 'New folder' }).click();
  const form = page.getByRole('form', { name: 'Folder' });
  // A name longer than the register allows is refused under the field, before anything is sent.
  await form.getByLabel('Name').fill('x'.repeat(121));
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Name: at most 120 characters')).toBeVisible();
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Search words').fill('bearing');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText(`Folder ${name} created`)).toBeVisible();

  // The folder lists the documents matching its words.
  await tree.getByRole('button', { name }).click();
  await expect(page.getByTestId('dms-folder-title')).toHaveText(name);
  await expect(page.getByText(/matching “bearing”/)).toBeVisible();

  await page.getByRole('button', { name: 'Rename or move' }).click();
  const edit = page.getByRole('form', { name: 'Folder' });
  await edit.getByLabel('Name').fill(`${name} (piers)`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(tree.getByRole('button', { name: `${name} (piers)` })).toBeVisible();

  await page.getByRole('button', { name: 'Delete folder' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(`Folder ${name} (piers) deleted`)).toBeVisible();
  await expect(tree.getByRole('button', { name: `${name} (piers)` })).toHaveCount(0);
});
