import { readFileSync } from 'node:fs';

import { expect, test } from '@playwright/test';

import { signIn } from '../session';

// The P6 import and the programme timeline: the planner imports a small XER programme (fixtures/timeline.xer, its
// project short name made unique here), reads the summary's counts, imports it again as an update, opens the
// timeline from the summary and finds its activities there: a name in the WBS tree, a milestone diamond, a critical
// bar and the data-date line; filtered to its critical path with each activity's float; its milestones are on the calendar. A file that is not XER is refused in words, naming the line, before anything is stored.

const FIXTURE = readFileSync(new URL('../../fixtures/timeline.xer', import.meta.url), 'utf-8');

function programme(shortName: string): { name: string; mimeType: string; buffer: Buffer } {
  return {
    name: `${shortName}.xer`,
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(FIXTURE.replaceAll('E2ETL', shortName), 'utf-8'),
  };
}

test('a P6 programme imports, re-imports as an update and shows on the timeline', async ({ page }) => {
  // Everything the chart draws with ships with the console: no request leaves for another host (its themes name web
  // fonts on a CDN), and so no console error of the Content-Security-Policy refusing one.
  const elsewhere: string[] = [];
  const refusals: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['localhost', '127.0.0.1'].includes(url.hostname) && url.protocol.startsWith('http')) {
      elsewhere.push(request.url());
    }
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|cdn\.svar/i.test(message.text())) {
      refusals.push(message.text());
    }
  });
  const shortName = `TL${Date.now().toString(36).toUpperCase()}`;
  await signIn(page, 'planner', 'Planner@123');
  await page.goto('/dataentry/importp6');
  const input = page.getByTestId('p6-dropzone').locator('input[type=file]');

  // Refused before sending: not a .xer name. Refused by the gateway: not XER inside, with the line.
  await input.setInputFiles({
    name: 'programme.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('a,b\n1,2\n'),
  });
  await expect(page.getByTestId('p6-refusal')).toContainText('"programme.csv" is not a .xer file');
  await input.setInputFiles({
    name: 'fake.xer',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello\nworld\n'),
  });
  await expect(page.getByTestId('p6-refusal')).toContainText('line 1');
  await expect(page.getByTestId('p6-refusal')).toContainText('Nothing was stored');

  await input.setInputFiles(programme(shortName));
  const card = page.locator(`[data-testid="p6-summary-project"][data-project="${shortName}"]`);
  await expect(card).toBeVisible();
  await expect(card.getByTestId('p6-count-activities')).toHaveText('6');
  await expect(card.getByTestId('p6-count-milestones')).toHaveText('2');
  await expect(card.getByTestId('p6-count-wbs')).toHaveText('3');
  await expect(card).toContainText('New');
  await expect(page.getByTestId('p6-summary-relationships')).toHaveText('5');
  await expect(page.getByTestId('p6-imports')).toContainText(`${shortName}.xer`);

  // The same programme again: an update, the first import kept as the baseline, nothing removed.
  await input.setInputFiles(programme(shortName));
  await expect(card.getByTestId('p6-updated')).toContainText('no activity was removed');

  await card.getByRole('link', { name: 'Open in timeline' }).click();
  await expect(page).toHaveURL(/\/dataentry\/timeline\?project=\d+/);
  const chart = page.getByTestId('timeline-chart');
  await expect(chart.getByText('Harbour Gate station', { exact: true })).toBeVisible();
  await expect(chart.getByText('Pile caps and piers, Harbour Gate station')).toBeVisible();
  await expect(page.getByTestId('timeline-facts')).toContainText('6 of 6 activities in view, 3 critical');
  // A milestone is a diamond, a critical activity a red bar; the data date is a line over the chart.
  await expect(chart.locator('.wx-bar.wx-milestone').first()).toBeVisible();
  await expect(chart.locator('.wx-bar.critical').first()).toBeVisible();
  await expect(chart.getByTestId('data-date-line')).toBeAttached();

  // The critical path: only the activities with total float ≤ 0 that are not complete (pile caps −10 days,
  // concourse slab 0, the ready-for-trials milestone 0), under their WBS nodes; finishes (+40 days) and the complete
  // piling leave. The grid shows each activity's float in days.
  const critical = page.getByRole('switch', { name: 'Critical path only' });
  // The switch is drawn from the address (?critical=1), so it shows checked once the chart has been filtered.
  await critical.click();
  await expect(critical).toBeChecked();
  await expect(page).toHaveURL(/critical=1/);
  await expect(page.getByTestId('timeline-facts')).toContainText('3 of 6 activities in view, 3 critical');
  await expect(chart.getByText('Finishes and E&M, Harbour Gate station')).toHaveCount(0);
  const pileCaps = chart.getByRole('row').filter({ hasText: 'Pile caps and piers, Harbour Gate station' });
  await expect(pileCaps).toContainText('−10');
  await critical.click();
  await expect(critical).not.toBeChecked();
  await expect(page.getByTestId('timeline-facts')).toContainText('6 of 6 activities in view, 3 critical');
  await expect(chart.getByText('Finishes and E&M, Harbour Gate station')).toBeVisible();

  // Collapsing the station hides its activities; the package filter keeps them (all are C1-V01).
  await page.getByRole('button', { name: 'Collapse all' }).click();
  await expect(page.getByTestId('timeline-facts')).toContainText('0 of 6 activities in view');
  await page.getByRole('button', { name: 'Expand all' }).click();
  await page.getByTestId('timeline-package').click();
  await page.getByRole('option', { name: 'C1-V01' }).click();
  await expect(page).toHaveURL(/package=\d+/);
  await expect(page.getByTestId('timeline-facts')).toContainText('6 of 6 activities in view');

  // The imported milestones are on the calendar, drawn by their register's `[calendar]`: the notice to proceed,
  // finished on 1 June 2026, in June's agenda, with its activity ID and state, opening the timeline.
  await page.clock.setFixedTime(new Date('2026-06-10T10:00:00+05:30'));
  await page.goto('/calendar');
  await page.getByRole('button', { name: 'Agenda' }).click();
  const notice = page.getByTestId('calendar-screen').getByText('◆ Notice to proceed, Harbour Gate').first();
  await expect(notice).toBeVisible();
  await notice.click();
  const opened = page.getByRole('dialog');
  await expect(opened).toContainText('E2E1000 · Achieved');
  await opened.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(/\/dataentry\/timeline/);
  expect(elsewhere, 'requests to other hosts').toEqual([]);
  expect(refusals, 'refused by the Content-Security-Policy').toEqual([]);
});
