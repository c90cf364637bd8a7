import { describe, expect, it } from 'vitest';

import { C1_V01_BIDS, rankBids } from './bids';

describe('ranking bids', () => {
  it('puts the lowest first as L1 and says how far the others are above it and the estimate', () => {
    const ranked = rankBids(C1_V01_BIDS);
    expect(ranked.map((bid) => [bid.rank, bid.bidder])).toEqual([
      ['L1', 'Coastal Constructions Ltd'],
      ['L2', 'Deccan Infra – Tokai Rail JV'],
      ['L3', 'Meridian Build – Alpine Bau Consortium'],
    ]);
    expect(ranked.map((bid) => bid.aboveLowest)).toEqual([0, 0.7, 6.5]);
    expect(ranked.map((bid) => bid.againstEstimate)).toEqual([-3.4, -2.7, 2.9]);
  });

  it('ranks nothing when there are no bids', () => {
    expect(rankBids([])).toEqual([]);
  });
});
