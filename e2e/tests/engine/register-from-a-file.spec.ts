import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect, test } from '@playwright/test';

// docs/registry.md "Adding a register: one registry file": the documented example (site/examples/
// safety_observation.toml) copied into a site's registry folder, `gateway registry plan` read, `gateway registry
// apply` run, the gateway restarted on it, the route granted. No SQL, no trigger, no code: the table, its rules,
// the formula, the row-version trigger, the state CHECK, the search indexes and the menu item come from the file.
// The officer then raises an observation from the menu (numbered per package, its days allowed computed by the
// database from the severity), finds it on the site's dashboard (site/examples/dashboards/safety.toml: tiles
// counting the register's rows, a fixed-filter link) and closes it, and reads the register in Hindi from the
// file's own translations.

const databaseUrl = process.env.E2E_DATABASE_URL;
const PORT = Number(process.env.E2E_REGISTER_PORT ?? 18190);
const ROUTE = '/contract-data-entry/safety_observation';
const GATEWAY = '../target/debug/gateway';

let gateway: ChildProcess | undefined;
let workDir = '';

test.afterAll(() => {
  gateway?.kill('SIGTERM');
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

test('an administrator adds a register from one registry file: plan, apply, restart, grant', async ({
  page,
}) => {
  test.setTimeout(90_000);
  workDir = mkdtempSync(join(tmpdir(), 'pmis-register-'));
  const siteRegistryDir = join(workDir, 'site-registry');
  mkdirSync(siteRegistryDir);
  copyFileSync('../site/examples/safety_observation.toml', join(siteRegistryDir, 'safety_observation.toml'));
  // Its dashboard: tiles counting the register's own rows, and a menu item of its own.
  mkdirSync(join(siteRegistryDir, 'dashboards'));
  copyFileSync('../site/examples/dashboards/safety.toml', join(siteRegistryDir, 'dashboards', 'safety.toml'));
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl ?? '',
    REGISTRY_DIR: '../schema-registry/registry',
    SITE_REGISTRY_DIR: siteRegistryDir,
    RUST_LOG: 'error',
  };
  const gatewayCommand = (...args: string[]) => execFileSync(GATEWAY, args, { env, encoding: 'utf8' });

  // The plan: what the file makes, read before anything changes.
  const plan = gatewayCommand('registry', 'plan');
  expect(plan).toContain('CREATE TABLE safety_observation (');
  expect(plan).toContain("c_state text NOT NULL DEFAULT 'Open' CHECK (c_state IN ('Open', 'Closed'))");
  expect(plan).toContain('CREATE TRIGGER safety_observation_touch');
  expect(plan).toContain("'Safety Dashboard', '/dashboard/safety', NULL");
  expect(plan).toContain('0 refusal(s): apply with `gateway registry apply`');
  // Applied, the database has what the file declares.
  expect(gatewayCommand('registry', 'apply')).toContain('statement(s) applied');
  expect(gatewayCommand('registry', 'plan')).toContain('nothing to do');

  gateway = spawn(GATEWAY, ['serve'], {
    env: {
      ...env,
      PORT: String(PORT),
      BIND_ADDRESS: '127.0.0.1',
      STATIC_DIR: '../frontend/dist',
      SUPPORT_RESOURCES_DIR: '../support-resources',
      FILES_DIR: '../target/e2e-files',
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${PORT}`;
  await expect
    .poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status ?? 0, { timeout: 30_000 })
    .toBe(200);

  // The grant: the contractor answers observations, so holds the route (the administrator sees every screen).
  const signIn = async (username: string, password: string) =>
    (await (
      await fetch(`${base}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      })
    ).json()) as { id: number; accessToken: string };
  const admin = await signIn('admin', 'Admin@123');
  const contractor = await signIn('contractor', 'Contractor@123');
  const granted = await fetch(`${base}/api/admin/permissions/grant`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-access-token': admin.accessToken },
    body: JSON.stringify({
      n_user_id: contractor.id,
      routes: [ROUTE],
      actions: { create: false, update: true, delete: false, export: true },
    }),
  });
  expect(granted.status).toBe(200);

  await page.goto(`${base}/login`);
  await page.getByLabel('User name or e-mail').fill('admin');
  await page.getByLabel('Password').fill('Admin@123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('nav-user')).toBeVisible();
  // The menu item the file's [screen.menu] asked for.
  const menu = page.getByRole('navigation');
  if (!(await menu.getByText('Safety Observations', { exact: true }).isVisible())) {
    await menu.getByText('Contract Data Entry').click();
  }
  await menu.getByText('Safety Observations', { exact: true }).click();
  await expect(page).toHaveURL(`${base}${ROUTE}`);
  await expect(page.getByRole('heading', { name: 'Safety observations', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'New' }).click();
  // One record is named by the file's `singular`.
  await expect(page.getByText('New Safety observation', { exact: true })).toBeVisible();
  const form = page.getByRole('form', { name: 'Safety observations form' });
  await expect(page.getByTestId('record-state')).toHaveText('Open (with contractor)');
  await form.getByRole('textbox', { name: 'Package', exact: true }).click();
  await page
    .getByRole('listbox', { name: 'Package', exact: true })
    .getByRole('option', { name: /^C1-V01 — / })
    .click();
  await form
    .getByRole('textbox', { name: 'Observation', exact: true })
    .fill('Open excavation without barricade at P114');
  await form.getByRole('textbox', { name: 'Severity', exact: true }).click();
  await page
    .getByRole('listbox', { name: 'Severity', exact: true })
    .getByRole('option', { name: 'Critical' })
    .click();
  await form.getByRole('textbox', { name: "Contractor's responder", exact: true }).click();
  await page
    .getByRole('listbox', { name: "Contractor's responder", exact: true })
    .getByRole('option')
    .first()
    .click();
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Submitted Successfully')).toBeVisible();
  // The number from the server, per package.
  await expect(page.getByTestId('record-number')).toHaveText('C1-V01-SO-0001');

  // A date-time field (`timestamptz`): the date as the console writes dates and a time of day, in India's time.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  await expect(form.getByRole('group', { name: 'Made safe at' })).toBeVisible();
  await form.getByLabel('Made safe at: date').fill(today);
  await form.getByLabel('Made safe at: time').fill('10:30');
  await form.getByRole('button', { name: 'Update' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Updated Successfully').first()).toBeVisible();
  // The register's table is new: its first record is 1.
  const stored = await (
    await fetch(`${base}/api/data/safety_observation/1`, { headers: { 'x-access-token': admin.accessToken } })
  ).text();
  expect(stored).toContain(`${today}T10:30:00+05:30`);

  // The site's dashboard, from its menu item: its tile counts the open critical observation and opens the register
  // with exactly those rows (both filters shown); the row opens the record again.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toHaveCount(0);
  if (!(await menu.getByText('Safety Dashboard', { exact: true }).isVisible())) {
    await menu.getByText('Dashboard', { exact: true }).click();
  }
  await menu.getByText('Safety Dashboard', { exact: true }).click();
  await expect(page).toHaveURL(`${base}/dashboard/safety`);
  await expect(page.getByTestId('stat-open_critical')).toHaveText('1');
  await expect(page.getByTestId('stat-open')).toHaveText('1');
  await page.getByRole('link', { name: /^Open critical observations: 1, open the list/ }).click();
  await expect(page).toHaveURL(new RegExp(`${ROUTE}\\?`));
  const tiled = page.getByRole('row').filter({ hasText: 'C1-V01-SO-0001' });
  await expect(tiled).toBeVisible();
  await expect(page.getByText('1 of 1 record', { exact: true })).toBeVisible();
  await tiled.click();
  await expect(page.getByTestId('record-number')).toHaveText('C1-V01-SO-0001');

  // The officer closes it; the workflow's state is the one the database allows.
  await page
    .getByRole('group', { name: 'Actions on this record' })
    .getByRole('button', { name: 'Close observation' })
    .click();
  const step = page.getByRole('form', { name: 'Close observation form' });
  await step.getByRole('button', { name: 'Close observation' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Updated Successfully').first()).toBeVisible();
  await expect(page.getByTestId('record-state')).toHaveText('Closed');

  // The list shows the formula's figure: Critical allows 1 day.
  await page.goto(`${base}${ROUTE}`);
  const row = page.getByRole('row').filter({ hasText: 'C1-V01-SO-0001' });
  await expect(row).toContainText('Critical');
  await expect(row.getByRole('gridcell').filter({ hasText: /^1$/ })).toHaveCount(1);

  // Last year's closed observations through the file's [[imports]]: they arrive Closed, with the earlier number and
  // the closing day from the file (import-only columns), and the screen offers no other mode.
  await page.goto(`${base}/contract-data-entry/safety_observation_history`);
  await expect(page.getByRole('heading', { name: 'Import closed safety observations' })).toBeVisible();
  await expect(page.getByTestId('import-history')).toContainText('Each record arrives Closed');
  const importer = page.getByTestId('importer');
  const history = [
    "Package,Observation,Severity,Observed on,Contractor's responder,Action taken,Closed on,Earlier No.",
    'C1-V01,Scaffold tie missing at P98,High,2025-06-02,Rahul Verma,Tie fixed,2025-06-04,SO-2025-117',
    'C1-V01,Helmet not worn at batching plant,Low,2025-07-11,Rahul Verma,Toolbox talk held,2025-07-20,SO-2025-142',
  ];
  await importer
    .getByTestId('import-dropzone')
    .locator('input[type=file]')
    .setInputFiles({
      name: 'closed-2025.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(history.join('\r\n') + '\r\n'),
    });
  await expect(importer.getByTestId('import-mapping')).toBeVisible({ timeout: 15_000 });
  await expect(importer.getByRole('radio', { name: 'Update or add' })).toHaveCount(0);
  await importer.getByRole('button', { name: 'Check the file' }).click();
  await importer.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(importer.getByTestId('import-done')).toContainText('Imported 2 rows from closed-2025.csv');
  await page.goto(`${base}${ROUTE}`);
  const imported = page.getByRole('row').filter({ hasText: 'Scaffold tie missing at P98' });
  await expect(imported).toContainText('Closed');
  await expect(imported).toContainText('C1-V01-SO-0002');

  // The file's [languages.hi]: in Hindi the register's own words come from it (its title, a column's label), the
  // product's words from the product's file (Severity), through the language file the gateway serves.
  await page.getByTestId('language-menu').click();
  await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
  await expect(page.getByRole('heading', { name: 'सुरक्षा अवलोकन', exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'अनुमत दिन' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'गंभीरता' })).toBeVisible();
  // The dashboard's file brings its own Hindi too.
  await page.goto(`${base}/dashboard/safety`);
  await expect(page.getByRole('heading', { name: 'सुरक्षा', exact: true })).toBeVisible();
  await expect(page.getByText('खुले गंभीर अवलोकन', { exact: true })).toBeVisible();
});
