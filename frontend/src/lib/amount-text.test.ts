import { describe, expect, it } from 'vitest';

import { groupedNumber, plainNumber } from './amount-text';

describe('typed amounts', () => {
  it('takes typed grouping, Indian or not, as the plain number', () => {
    expect(plainNumber('99,00,000')).toBe('9900000');
    expect(plainNumber(' 12,34,567.50 ')).toBe('1234567.50');
    expect(plainNumber('9,900,000')).toBe('9900000');
    expect(plainNumber('-1,000')).toBe('-1000');
    expect(plainNumber('1234.5')).toBe('1234.5');
  });

  it('keeps every digit of amounts longer than a float holds', () => {
    expect(plainNumber('9,99,99,99,99,99,99,999.99')).toBe('9999999999999999.99');
  });

  it('leaves what is not a number for the field rule to refuse', () => {
    expect(plainNumber('12,,3')).toBe('12,,3');
    expect(plainNumber('1,2.3,4')).toBe('1,2.3,4');
    expect(plainNumber('ten')).toBe('ten');
    expect(plainNumber('')).toBe('');
  });
});

describe('amounts shown in a form', () => {
  it('groups Indian style and pads to the decimal places of the column', () => {
    expect(groupedNumber('1234567.5', 2)).toBe('12,34,567.50');
    expect(groupedNumber('9900000', 2)).toBe('99,00,000.00');
    expect(groupedNumber('999', 0)).toBe('999');
    expect(groupedNumber('100000')).toBe('1,00,000');
    expect(groupedNumber('-1234.5', 3)).toBe('-1,234.500');
    expect(groupedNumber('9999999999999999.99', 2)).toBe('9,99,99,99,99,99,99,999.99');
  });

  it('never rounds away digits, and shows anything else as it is', () => {
    expect(groupedNumber('1234.5678', 2)).toBe('1,234.5678');
    expect(groupedNumber('0012', 0)).toBe('12');
    expect(groupedNumber('abc', 2)).toBe('abc');
    expect(groupedNumber('', 2)).toBe('');
  });
});
