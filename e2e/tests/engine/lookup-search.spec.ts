import { expect, test } from '@playwright/test';

import { lookupFilter } from '../list-filters';
import { signIn, tokenOf } from '../session';

// Look-ups in forms read their options from the server as the user types: a look-up with more rows than one page
// (20) shows the first ones under a heading saying so and asks the server for the rows matching what is typed
// (code or name, any case); a small one filters in the browser as before. A user linked to packages is offered
// only those packages, in the form and in the list's filter.

const ROUTE = '/contract-data-entry/rfi';

/** The stations this test adds, removed afterwards (other tests count the demo stations). */
const made: number[] = [];

test.afterEach(async ({ request }) => {
  const admin = await tokenOf(request, 'admin', 'Admin@123');
  for (const id of made.splice(0)) {
    const removed = await request.delete(`/api/data/station/${id}?n_row_version=1`, {
      headers: { 'x-access-token': admin },
    });
    expect(removed.status(), await removed.text()).toBe(200);
  }
});

test('a look-up with many rows is searched on the server; packages are limited to the user’s', async ({
  page,
  request,
}) => {
  // More stations than one page holds, with a name no demo station has.
  const admin = await tokenOf(request, 'admin', 'Admin@123');
  const corridors = await request.get('/api/custom/selectall?t=corridor&cols=id,c_code', {
    headers: { 'x-access-token': admin },
  });
  const corridor = ((await corridors.json()) as { id: number }[])[0]?.id;
  const tag = Date.now().toString(36).toUpperCase().slice(-4);
  for (let i = 1; i <= 25; i += 1) {
    const created = await request.post('/api/data/station', {
      headers: { 'x-access-token': admin },
      data: {
        c_code: `LS${tag}-${i}`,
        c_name: `Lookup halt ${tag} ${i}`,
        n_corridor: corridor,
        c_station_type: 'At-grade',
        n_chainage_km: `${200 + i}.5`,
        n_sequence: `${200 + i}`,
        n_interchange: '0',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    made.push(((await created.json()) as { id: number }).id);
  }

  await signIn(page, 'contractor', 'Contractor@123');
  await page.goto(ROUTE);
  // The list's package filter offers the contractor's packages only.
  const packageFilter = lookupFilter(page, 'Package');
  await packageFilter.input.click();
  await expect(packageFilter.options).toHaveText([/^C1-V01 — /, /^C2-V01 — /, /^C2-V02 — /]);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'New' }).click();
  const form = page.getByRole('form', { name: 'RFI form' });

  // So does the form's.
  await form.getByRole('textbox', { name: 'Package', exact: true }).click();
  const packages = page.getByRole('listbox', { name: 'Package', exact: true });
  await expect(packages.getByRole('option')).toHaveCount(3);
  await page.keyboard.press('Escape');

  // Many stations: the first page, then the server's matches for what is typed.
  const station = form.getByRole('textbox', { name: 'Location (station)', exact: true });
  const stations = page.getByRole('listbox', { name: 'Location (station)', exact: true });
  const searched = page.waitForRequest(
    (sent) => sent.url().endsWith('/api/custom/datatable') && (sent.postData() ?? '').includes('ILIKE'),
  );
  await station.click();
  await expect(stations.getByText(/^First 20 of \d+: type to narrow$/)).toBeVisible();
  await expect(stations.getByRole('option')).toHaveCount(20);
  await station.fill(`halt ${tag} 2`);
  await searched;
  // 2, 20 … 25: every match, whether or not it was among the first 20.
  await expect(stations.getByRole('option')).toHaveCount(7);
  await stations.getByRole('option', { name: `LS${tag}-25 — Lookup halt ${tag} 25` }).click();
  await expect(station).toHaveValue(`LS${tag}-25 — Lookup halt ${tag} 25`);

  // A small look-up (the users) filters in the browser.
  const assignee = form.getByRole('textbox', { name: 'Assigned to (engineer)', exact: true });
  await assignee.click();
  await assignee.fill('arj');
  const people = page.getByRole('listbox', { name: 'Assigned to (engineer)', exact: true });
  await expect(people.getByRole('option')).toHaveText([/^Arjun Mehta/]);
});
