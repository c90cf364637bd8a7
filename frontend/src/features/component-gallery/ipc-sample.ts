/**
 * Sample interim payment certificates (IPCs) of package C1-V01 for the orders and invoice pages: the console's
 * "orders" are the bills a contractor raises and the engineer certifies. Amounts are rupees as text (the console
 * never carries money in floats); states carry their register colours.
 */
import type { StateDef } from '../../api/schema';

export const IPC_STATES: Record<string, StateDef> = {
  Draft: { name: 'Draft', category: 'draft', colour: 'gray' },
  Submitted: { name: 'Submitted', category: 'open', colour: 'blue', label: 'Submitted (with engineer)' },
  Verified: { name: 'Verified', category: 'open', colour: 'orange', label: 'Verified (with finance)' },
  Certified: { name: 'Certified', category: 'open', colour: 'teal' },
  Paid: { name: 'Paid', category: 'closed', colour: 'green' },
};

export type IpcState = keyof typeof IPC_STATES;

export interface SampleIpc {
  number: string;
  package: string;
  /** The month the bill covers (its first day). */
  period: string;
  /** Work done this bill, rupees. */
  gross: string;
  deductions: string;
  state: IpcState;
  /** When it was certified (YYYY-MM-DD). */
  certified: string | null;
}

export const SAMPLE_IPCS: readonly SampleIpc[] = [
  {
    number: 'C1-V01-IPC-009',
    package: 'C1-V01',
    period: '2026-06-01',
    gross: '184275000.00',
    deductions: '27641250.00',
    state: 'Paid',
    certified: '2026-07-14',
  },
  {
    number: 'C1-V01-IPC-010',
    package: 'C1-V01',
    period: '2026-07-01',
    gross: '212640500.00',
    deductions: '31896075.00',
    state: 'Paid',
    certified: '2026-08-12',
  },
  {
    number: 'C1-V01-IPC-011',
    package: 'C1-V01',
    period: '2026-08-01',
    gross: '198310750.00',
    deductions: '29746612.50',
    state: 'Paid',
    certified: '2026-09-15',
  },
  {
    number: 'C1-V01-IPC-012',
    package: 'C1-V01',
    period: '2026-09-01',
    gross: '231905000.00',
    deductions: '34785750.00',
    state: 'Certified',
    certified: '2026-10-16',
  },
  {
    number: 'C1-V01-IPC-013',
    package: 'C1-V01',
    period: '2026-10-01',
    gross: '245118250.00',
    deductions: '36767737.50',
    state: 'Verified',
    certified: null,
  },
  {
    number: 'C1-V01-IPC-014',
    package: 'C1-V01',
    period: '2026-11-01',
    gross: '226480000.00',
    deductions: '33972000.00',
    state: 'Submitted',
    certified: null,
  },
  {
    number: 'C2-V01-IPC-006',
    package: 'C2-V01',
    period: '2026-10-01',
    gross: '158240900.00',
    deductions: '23736135.00',
    state: 'Certified',
    certified: '2026-11-10',
  },
  {
    number: 'C2-V02-IPC-004',
    package: 'C2-V02',
    period: '2026-11-01',
    gross: '97350400.00',
    deductions: '14602560.00',
    state: 'Draft',
    certified: null,
  },
];

/** The lines of the sample IPC printed on the invoice page (C1-V01-IPC-014): BOQ items with this bill's quantities. */
export interface IpcLine {
  item: string;
  description: string;
  unit: string;
  quantity: string;
  rate: string;
}

export const INVOICE_LINES: readonly IpcLine[] = [
  {
    item: '2.04',
    description: 'Pile, 1200 mm bored cast in situ, M35',
    unit: 'm',
    quantity: '864.000',
    rate: '38450.00',
  },
  {
    item: '3.11',
    description: 'Pier cap concrete, M50, including shuttering',
    unit: 'm³',
    quantity: '412.500',
    rate: '14275.00',
  },
  {
    item: '3.18',
    description: 'Reinforcement, Fe 500D, cut, bent and fixed',
    unit: 't',
    quantity: '318.240',
    rate: '86900.00',
  },
  {
    item: '4.02',
    description: 'Precast U-girder, 28 m span, cast and stacked',
    unit: 'nos',
    quantity: '14.000',
    rate: '4185000.00',
  },
  {
    item: '6.07',
    description: 'Elastomeric bearing, 600 × 450 mm, supplied and installed',
    unit: 'nos',
    quantity: '56.000',
    rate: '68500.00',
  },
];

/** The deductions of an IPC, as shares of the work done. */
export const IPC_DEDUCTIONS: readonly { name: string; percent: number }[] = [
  { name: 'Retention money', percent: 5 },
  { name: 'Mobilisation advance recovery', percent: 7.5 },
  { name: 'Income tax deducted at source', percent: 2 },
  { name: 'Labour welfare cess', percent: 1 },
];
