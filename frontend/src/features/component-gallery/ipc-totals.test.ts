import { describe, expect, it } from 'vitest';

import { INVOICE_LINES, IPC_DEDUCTIONS } from './ipc-sample';
import { ipcTotals, lineAmount, netOf, rupees, sumOf } from './ipc-totals';

describe('an interim payment certificate', () => {
  it('multiplies quantity by rate to the paisa, rounding half up', () => {
    expect(rupees(lineAmount({ quantity: '412.500', rate: '14275.00' }))).toBe('5888437.50');
    expect(rupees(lineAmount({ quantity: '0.005', rate: '1.00' }))).toBe('0.01');
    expect(rupees(lineAmount({ quantity: '0.004', rate: '1.00' }))).toBe('0.00');
  });

  it('adds the lines, takes each deduction as a share, and pays the rest', () => {
    const totals = ipcTotals(
      [
        { quantity: '10', rate: '1000.00' },
        { quantity: '2.5', rate: '400.00' },
      ],
      [
        { name: 'Retention money', percent: 5 },
        { name: 'Mobilisation advance recovery', percent: 7.5 },
      ],
    );
    expect(totals.gross).toBe('11000.00');
    expect(totals.deductions.map((d) => d.amount)).toEqual(['550.00', '825.00']);
    expect(totals.totalDeductions).toBe('1375.00');
    expect(totals.net).toBe('9625.00');
  });

  it('keeps every paisa of the sample certificate', () => {
    const totals = ipcTotals(INVOICE_LINES, IPC_DEDUCTIONS);
    expect(totals.lines.map((l) => l.amount)).toEqual([
      '33220800.00',
      '5888437.50',
      '27655056.00',
      '58590000.00',
      '3836000.00',
    ]);
    expect(totals.gross).toBe('129190293.50');
    expect(totals.deductions.map((d) => d.amount)).toEqual([
      '6459514.68',
      '9689272.01',
      '2583805.87',
      '1291902.94',
    ]);
    expect(totals.totalDeductions).toBe('20024495.50');
    expect(totals.net).toBe('109165798.00');
  });

  it('nets and sums rows as text', () => {
    expect(netOf('184275000.00', '27641250.00')).toBe('156633750.00');
    expect(sumOf(['0.10', '0.20'])).toBe('0.30');
  });
});
