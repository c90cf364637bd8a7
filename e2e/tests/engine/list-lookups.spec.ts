import { expect, type Request, test } from '@playwright/test';

import { lookupFilter } from '../list-filters';
import { signInToDashboard, tokenOf } from '../session';

// A list names its look-up cells from its own pages (the data table's `names`) and its look-up filters search the
// look-up on the server as one types: loading a list never reads a look-up entry whole, however many rows it has.

const ROUTE = '/masters/stationlinking';

/** The stations and the link this test adds, removed afterwards (other tests count the demo stations). */
const made: { entry: string; id: number }[] = [];

test.afterEach(async ({ request }) => {
  const admin = await tokenOf(request, 'admin', 'Admin@123');
  for (const { entry, id } of made.splice(0).reverse()) {
    const removed = await request.delete(`/api/data/${entry}/${id}?n_row_version=1`, {
      headers: { 'x-access-token': admin },
    });
    expect(removed.status(), await removed.text()).toBe(200);
  }
});

/** A read of a whole look-up entry, or of a page of it that no typed text narrows. */
function readsLookupWhole(sent: Request, listEntry: string): boolean {
  const url = new URL(sent.url());
  if (url.pathname === '/api/custom/selectall')
    return ['station', 'package'].includes(url.searchParams.get('t') ?? '');
  if (url.pathname !== '/api/custom/datatable') return false;
  const body = sent.postDataJSON() as { t: string; whrc?: string };
  return body.t !== listEntry && !(body.whrc ?? '').includes('ILIKE');
}

test('look-up cells show names and a look-up filter finds a row by part of a name; no look-up is read whole', async ({
  page,
  request,
}) => {
  // More stations than a look-up page holds (20), and a link between two of them.
  const admin = await tokenOf(request, 'admin', 'Admin@123');
  const headers = { 'x-access-token': admin };
  const corridors = await request.get('/api/custom/selectall?t=corridor&cols=id', { headers });
  const corridor = ((await corridors.json()) as { id: number }[])[0]?.id;
  const tag = Date.now().toString(36).toUpperCase().slice(-4);
  const stations: number[] = [];
  for (let i = 1; i <= 25; i += 1) {
    const created = await request.post('/api/data/station', {
      headers,
      data: {
        c_code: `LN${tag}-${i}`,
        c_name: `Named halt ${tag} ${i}`,
        n_corridor: corridor,
        c_station_type: 'At-grade',
        n_chainage_km: `${300 + i}.5`,
        n_sequence: `${300 + i}`,
        n_interchange: '0',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const id = ((await created.json()) as { id: number }).id;
    made.push({ entry: 'station', id });
    stations.push(id);
  }
  const link = await request.post('/api/data/station_link', {
    headers,
    data: {
      n_station_from: stations[2],
      n_station_to: stations[23],
      c_link_type: 'Pocket track',
      n_distance_km: '0.450',
    },
  });
  expect(link.status(), await link.text()).toBe(201);
  made.push({ entry: 'station_link', id: ((await link.json()) as { id: number }).id });

  // The dashboard signing in lands on has read what it reads; from here on, only the list's reads are counted.
  await signInToDashboard(page, 'admin', 'Admin@123');
  const wholeReads: string[] = [];
  const listPages: Request[] = [];
  page.on('request', (sent) => {
    if (readsLookupWhole(sent, 'station_link')) wholeReads.push(`${sent.url()} ${sent.postData() ?? ''}`);
    if (
      sent.url().endsWith('/api/custom/datatable') &&
      (sent.postDataJSON() as { t: string }).t === 'station_link'
    )
      listPages.push(sent);
  });
  await page.goto(ROUTE);
  await expect(page.getByTestId('grid-count')).toHaveText(/^\d+ records$/);

  // The cells name the stations (the demo's first link runs from International Airport to Cargo Terminal).
  const from = page.locator('.ag-row[row-index] .ag-cell[col-id="n_station_from"]');
  await expect(from.first()).toHaveText('International Airport');
  for (const text of await from.allTextContents()) expect(text).not.toMatch(/^\d+$/);
  expect((listPages[0]?.postDataJSON() as { names?: boolean }).names).toBe(true);
  // Nothing but the list's own pages was read: no look-up list, whole or first page.
  expect(wholeReads).toEqual([]);

  // Typing part of a name asks the server for the matching stations (25 new ones: more than a page), and picking
  // one filters the list by its key.
  const filter = lookupFilter(page, 'From station');
  const searched = page.waitForRequest(
    (sent) =>
      sent.url().endsWith('/api/custom/datatable') &&
      (sent.postDataJSON() as { t: string; whrc?: string }).t === 'station' &&
      (sent.postDataJSON() as { whrc?: string }).whrc?.includes('ILIKE') === true,
  );
  await filter.input.click();
  await expect(
    page.getByRole('listbox', { name: 'Filter From station' }).getByText(/^First 20 of \d+: type to narrow$/),
  ).toBeVisible();
  await filter.input.fill(`halt ${tag} 3`);
  const search = (await searched).postDataJSON() as { length: number; whrc: string };
  expect(search.length).toBe(20);
  expect(search.whrc).toContain(`halt ${tag} 3`);
  await expect(filter.options).toHaveText([`LN${tag}-3 — Named halt ${tag} 3`]);
  const filtered = page.waitForRequest(
    (sent) =>
      sent.url().endsWith('/api/custom/datatable') &&
      (sent.postDataJSON() as { t: string }).t === 'station_link',
  );
  // Chosen with the keyboard, as the form's look-ups are.
  await filter.input.press('ArrowDown');
  await filter.input.press('Enter');
  const columns = (await filtered).postDataJSON() as {
    columns: { data: string; search: { value: string } }[];
  };
  expect(columns.columns.find((column) => column.data === 'n_station_from')?.search.value).toBe(
    String(stations[2]),
  );
  await expect(page.getByTestId('grid-count')).toHaveText(/^1 of \d+ records$/);
  const row = page.locator('.ag-row[row-index]');
  await expect(row).toHaveCount(1);
  await expect(row.locator('.ag-cell[col-id="n_station_from"]')).toHaveText(`Named halt ${tag} 3`);
  await expect(row.locator('.ag-cell[col-id="n_station_to"]')).toHaveText(`Named halt ${tag} 24`);
  await expect(filter.input).toHaveValue(`LN${tag}-3 — Named halt ${tag} 3`);

  // Cleared (the input's clear button), the list is whole again.
  await filter.input.locator('xpath=..').locator('button').click();
  await expect(filter.input).toHaveValue('');
  await expect(page.getByTestId('grid-count')).toHaveText(/^\d+ records$/);
});
