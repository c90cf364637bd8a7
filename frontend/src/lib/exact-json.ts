/**
 * JSON as the gateway sends it, with every digit of its numbers: a `numeric` column (money, quantities) travels as
 * a JSON number, and one with more significant digits than a float holds (numeric(18,2) allows 18) would lose them
 * in `JSON.parse`, be shown rounded, and be written back rounded. Such a number is kept as its text instead (which
 * forms and lists read as typed text anyway); every other number stays a number. Needs JSON.parse's access to the
 * source text (Chromium 114, Firefox 135, Safari 18.4); elsewhere numbers parse as before.
 */

interface ReviverContext {
  source?: string;
}

/** A plain decimal's digits without the zeros that do not change its value ("0012.500" → "12.5"). */
function significant(text: string): string {
  const [whole = '', fraction = ''] = text.replace(/^[-+]/, '').split('.');
  const trimmedWhole = whole.replace(/^0+(?=\d)/, '');
  const trimmedFraction = fraction.replace(/0+$/, '');
  return (text.startsWith('-') ? '-' : '') + trimmedWhole + (trimmedFraction ? `.${trimmedFraction}` : '');
}

/** Whether the float `value` says exactly what `source` says. */
function exact(value: number, source: string): boolean {
  if (!/^-?\d+(\.\d+)?$/.test(source)) return true; // exponents and the like: as JSON.parse reads them
  if (Math.abs(value) >= 1e21) return false;
  const shown = value.toFixed(20).replace(/\.?0+$/, '');
  return significant(shown) === significant(source);
}

function keepDigits(this: unknown, _key: string, value: unknown, context?: ReviverContext): unknown {
  if (typeof value !== 'number' || context?.source === undefined) return value;
  return exact(value, context.source) ? value : context.source;
}

/** Sixteen or more digits in a row (a point allowed among them): a number a float may not hold exactly. */
const LONG_NUMBER = /\d(?:\.?\d){15}/;

export function parseExactJson(text: string): unknown {
  // The reviver costs a call per value: answers without a long number (nearly all) parse without it.
  if (!LONG_NUMBER.test(text)) return JSON.parse(text);
  return JSON.parse(text, keepDigits as (this: unknown, key: string, value: unknown) => unknown);
}
