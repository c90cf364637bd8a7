/**
 * Amounts as people type and read them in a form (docs/console.md §5: Indian digit grouping): typed grouping
 * ("99,00,000", "1,234.5") is taken as the plain number, and a plain number is shown grouped (12,34,567.50) with
 * the column's decimal places. Both work on the digits as text, never through a float, so every digit is kept.
 */

const GROUPED = /^([+-]?)(\d+(?:,\d+)*)(\.\d*)?$/;
const PLAIN = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * The plain number of typed text: grouping commas between digits dropped ("99,00,000" → "9900000"). Text that is
 * not a number comes back trimmed as typed, so the field's rule says what is wrong with it.
 */
export function plainNumber(typed: string): string {
  const text = typed.trim();
  const match = GROUPED.exec(text);
  if (!match) return text;
  const [, sign = '', whole = '', fraction = ''] = match;
  return sign + whole.replace(/,/g, '') + fraction;
}

/** Whole digits grouped Indian style: the last three, then pairs. */
function groupWhole(digits: string): string {
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${digits.slice(-3)}`;
}

/**
 * A plain number as the form shows it: whole digits grouped Indian style and, when the column keeps `scale`
 * decimal places, the fraction padded to them (never cut: extra digits stay for the field's rule to refuse).
 * Anything that is not a plain number is shown as it is.
 */
export function groupedNumber(plain: string, scale?: number | null): string {
  const match = PLAIN.exec(plain.trim());
  if (!match || (match[2] === '' && match[3] === undefined)) return plain;
  const [, sign = '', wholeDigits = '', fraction] = match;
  const whole = groupWhole(wholeDigits.replace(/^0+(?=\d)/, '') || '0');
  const places = scale ?? 0;
  const decimals = (fraction ?? '').padEnd(places, '0');
  return sign + whole + (decimals === '' ? '' : `.${decimals}`);
}
