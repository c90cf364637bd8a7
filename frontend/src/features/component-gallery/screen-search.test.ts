import { describe, expect, it } from 'vitest';

import type { Screen } from '../../api/schema';
import { findScreens } from './screen-search';

const screen = (route: string, title: string, group: string): Screen => ({
  route,
  title,
  group,
  component: 'register',
});

const SCREENS = [
  screen('/masters/station', 'Station', 'Masters'),
  screen('/masters/stationlinking', 'Station linking', 'Masters'),
  screen('/contract-data-entry/ncr', 'NCR', 'Contract Data Entry'),
  screen('/dms/search', 'Search', 'DMS'),
  screen('/reports/pendinglist', 'Pending list', 'Reports'),
];
const HELD = SCREENS.map((s) => s.route).filter((route) => route !== '/masters/stationlinking');

describe('finding a screen', () => {
  it('finds held screens by title or group, every word', () => {
    expect(findScreens(SCREENS, HELD, 'station').map((s) => s.route)).toEqual(['/masters/station']);
    expect(findScreens(SCREENS, HELD, 'contract ncr').map((s) => s.route)).toEqual([
      '/contract-data-entry/ncr',
    ]);
    expect(findScreens(SCREENS, HELD, 'MASTERS').map((s) => s.route)).toEqual(['/masters/station']);
  });

  it('puts titles starting with the text first, and finds nothing for nothing', () => {
    expect(
      findScreens(
        SCREENS,
        SCREENS.map((s) => s.route),
        's',
      )
        .map((s) => s.title)
        .slice(0, 3),
    ).toEqual(['Station', 'Station linking', 'Search']);
    expect(findScreens(SCREENS, HELD, '  ')).toEqual([]);
  });

  it('stops at the limit', () => {
    expect(
      findScreens(
        SCREENS,
        SCREENS.map((s) => s.route),
        'e',
        2,
      ),
    ).toHaveLength(2);
  });
});
