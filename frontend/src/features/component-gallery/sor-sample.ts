/**
 * Sample schedule-of-rates items of package C1-V01 for the products pages: the items a contract pays by, with their
 * rate, the BOQ quantity, and the quantity certified in each bill so far. Rates are rupees as text.
 */

export interface SorItem {
  code: string;
  description: string;
  unit: string;
  rate: string;
  boq: number;
  /** Quantity certified per IPC, oldest first. */
  bills: readonly { ipc: string; quantity: number }[];
}

export const SOR_ITEMS: readonly SorItem[] = [
  {
    code: '2.04',
    description: 'Pile, 1200 mm bored cast in situ, M35',
    unit: 'm',
    rate: '38450.00',
    boq: 14200,
    bills: [
      { ipc: 'IPC-009', quantity: 1420 },
      { ipc: 'IPC-010', quantity: 1615 },
      { ipc: 'IPC-011', quantity: 1380 },
      { ipc: 'IPC-012', quantity: 1290 },
      { ipc: 'IPC-013', quantity: 1032 },
      { ipc: 'IPC-014', quantity: 864 },
    ],
  },
  {
    code: '3.11',
    description: 'Pier cap concrete, M50, including shuttering',
    unit: 'm³',
    rate: '14275.00',
    boq: 6850,
    bills: [
      { ipc: 'IPC-010', quantity: 380 },
      { ipc: 'IPC-011', quantity: 455 },
      { ipc: 'IPC-012', quantity: 502 },
      { ipc: 'IPC-013', quantity: 470 },
      { ipc: 'IPC-014', quantity: 412.5 },
    ],
  },
  {
    code: '3.18',
    description: 'Reinforcement, Fe 500D, cut, bent and fixed',
    unit: 't',
    rate: '86900.00',
    boq: 9400,
    bills: [
      { ipc: 'IPC-009', quantity: 402 },
      { ipc: 'IPC-010', quantity: 455 },
      { ipc: 'IPC-011', quantity: 380 },
      { ipc: 'IPC-012', quantity: 361 },
      { ipc: 'IPC-013', quantity: 344 },
      { ipc: 'IPC-014', quantity: 318.24 },
    ],
  },
  {
    code: '4.02',
    description: 'Precast U-girder, 28 m span, cast and stacked',
    unit: 'nos',
    rate: '4185000.00',
    boq: 412,
    bills: [
      { ipc: 'IPC-011', quantity: 8 },
      { ipc: 'IPC-012', quantity: 12 },
      { ipc: 'IPC-013', quantity: 16 },
      { ipc: 'IPC-014', quantity: 14 },
    ],
  },
  {
    code: '6.07',
    description: 'Elastomeric bearing, 600 × 450 mm, supplied and installed',
    unit: 'nos',
    rate: '68500.00',
    boq: 1648,
    bills: [
      { ipc: 'IPC-013', quantity: 40 },
      { ipc: 'IPC-014', quantity: 56 },
    ],
  },
  {
    code: '8.21',
    description: 'Station roof, standing-seam sheeting on steel purlins',
    unit: 'm²',
    rate: '4860.00',
    boq: 38400,
    bills: [],
  },
];

/** The quantity certified so far and its share of the BOQ (0–100, one decimal). */
export function executed(item: SorItem): { quantity: number; percent: number } {
  const quantity = item.bills.reduce((sum, bill) => sum + bill.quantity, 0);
  const percent = item.boq > 0 ? Math.round((1000 * quantity) / item.boq) / 10 : 0;
  return { quantity: Math.round(quantity * 1000) / 1000, percent };
}

/** Items whose code or description holds `text` (any case). */
export function findItems(items: readonly SorItem[], text: string): SorItem[] {
  const needle = text.trim().toLowerCase();
  if (needle === '') return [...items];
  return items.filter(
    (item) => item.code.toLowerCase().includes(needle) || item.description.toLowerCase().includes(needle),
  );
}

/** The item with `code`, or the first. */
export function itemOf(code: string | null): SorItem {
  return SOR_ITEMS.find((item) => item.code === code) ?? (SOR_ITEMS[0] as SorItem);
}
