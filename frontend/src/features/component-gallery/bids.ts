/**
 * The pricing page's sample bids for package C1-V01 and their ranking: lowest quoted first (L1, L2 …), with how far
 * each is above the lowest and from the estimate. Amounts are rupees as text.
 */

export interface Bid {
  bidder: string;
  /** The lead partner's home country (ISO 3166 alpha-2, for its flag) and its name. */
  country: string;
  countryName: string;
  quoted: string;
  months: number;
  points: readonly string[];
}

export const ESTIMATE = '48532500000.00';

export const C1_V01_BIDS: readonly Bid[] = [
  {
    bidder: 'Deccan Infra – Tokai Rail JV',
    country: 'JP',
    countryName: 'Japan',
    quoted: '47215800000.00',
    months: 36,
    points: ['Precast yard at Cargo Terminal', 'Two launching girders', 'Segmental design by the JV partner'],
  },
  {
    bidder: 'Coastal Constructions Ltd',
    country: 'IN',
    countryName: 'India',
    quoted: '46890250000.00',
    months: 38,
    points: [
      'Casting yard near University',
      'One launching girder, one crane erection front',
      'In-house design team',
    ],
  },
  {
    bidder: 'Meridian Build – Alpine Bau Consortium',
    country: 'AT',
    countryName: 'Austria',
    quoted: '49960000000.00',
    months: 34,
    points: ['Two casting yards', 'Three erection fronts', 'Noise barriers included'],
  },
];

export interface RankedBid extends Bid {
  rank: string;
  /** Percent above the lowest bid (0 for L1), one decimal. */
  aboveLowest: number;
  /** Percent against the estimate (negative: below it), one decimal. */
  againstEstimate: number;
}

function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((1000 * part) / whole) / 10;
}

export function rankBids(bids: readonly Bid[], estimate: string = ESTIMATE): RankedBid[] {
  const sorted = [...bids].sort((a, b) => Number(a.quoted) - Number(b.quoted));
  const lowest = Number(sorted[0]?.quoted ?? 0);
  return sorted.map((bid, index) => ({
    ...bid,
    rank: `L${index + 1}`,
    aboveLowest: percent(Number(bid.quoted) - lowest, lowest),
    againstEstimate: percent(Number(bid.quoted) - Number(estimate), Number(estimate)),
  }));
}
