/**
 * The arithmetic of an interim payment certificate, in whole paise so no rupee is lost to floating point: each line's
 * amount (quantity × rate, rounded half up to the paisa), the work done, each deduction as a share of it, and the net
 * amount payable. Amounts come back as rupees in text ("12345.60"), ready for Indian grouping.
 */
import type { IpcLine } from './ipc-sample';

/** Rupees in text ("38450.00", "412.5") as whole paise; quantities in thousandths the same way. */
function scaled(text: string, places: number): bigint {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!match) throw new Error(`not a number: ${text}`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  const digits = BigInt((whole || '0') + fraction.padEnd(places, '0').slice(0, places));
  return sign === '-' ? -digits : digits;
}

/** Paise as rupees in text. */
export function rupees(paise: bigint): string {
  const negative = paise < 0n;
  const value = negative ? -paise : paise;
  const text = `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** `numerator / denominator` rounded half up (non-negative values). */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** A line's amount in paise: quantity (to 3 places) × rate (to 2 places), rounded to the paisa. */
export function lineAmount(line: Pick<IpcLine, 'quantity' | 'rate'>): bigint {
  return divideRounded(scaled(line.quantity, 3) * scaled(line.rate, 2), 1000n);
}

export interface IpcTotals {
  lines: { amount: string }[];
  gross: string;
  deductions: { name: string; percent: number; amount: string }[];
  totalDeductions: string;
  net: string;
}

/** The certificate's figures: lines, work done, deductions (percent to two places) and net payable. */
export function ipcTotals(
  lines: readonly Pick<IpcLine, 'quantity' | 'rate'>[],
  deductions: readonly { name: string; percent: number }[],
): IpcTotals {
  const amounts = lines.map(lineAmount);
  const gross = amounts.reduce((sum, amount) => sum + amount, 0n);
  const cut = deductions.map((deduction) => ({
    ...deduction,
    paise: divideRounded(gross * BigInt(Math.round(deduction.percent * 100)), 10000n),
  }));
  const total = cut.reduce((sum, deduction) => sum + deduction.paise, 0n);
  return {
    lines: amounts.map((amount) => ({ amount: rupees(amount) })),
    gross: rupees(gross),
    deductions: cut.map(({ name, percent, paise }) => ({ name, percent, amount: rupees(paise) })),
    totalDeductions: rupees(total),
    net: rupees(gross - total),
  };
}

/** The amount payable of an IPC row: work done less deductions (rupees in text). */
export function netOf(gross: string, deductions: string): string {
  return rupees(scaled(gross, 2) - scaled(deductions, 2));
}

/** The sum of amounts in rupees (text). */
export function sumOf(amounts: readonly string[]): string {
  return rupees(amounts.reduce((sum, amount) => sum + scaled(amount, 2), 0n));
}
