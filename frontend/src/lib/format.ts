import { currentLocale } from './i18n';

/**
 * Number and date formats of docs/console.md §9 and docs/architecture.md §7: Indian digit grouping (12,34,56,789.00), document dates
 * `DD MMM, YYYY`, alert dates `yyyy-MM-dd`, times in the Indian English locale. In another language the month names
 * and times follow its locale (Hindi: `hi-IN`); the digit grouping stays Indian in every language.
 */

/** A stored value as text: blank for none (null or missing), else its string. */
export function textOf(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Groups digits Indian style: the last three, then pairs (12,34,56,789). Works on the digits as text, so amounts
 * the API sends with more digits than a float holds keep them; rounds half away from zero to `fractionDigits`.
 * Anything that is not a decimal number comes back unchanged.
 */
export function groupIndian(value: number | string, fractionDigits = 2): string {
  const text = typeof value === 'number' ? numberText(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match || (match[2] === '' && !match[3])) return String(value);
  const [, sign, wholeDigits, fraction = ''] = match;
  let digits = (wholeDigits || '0') + fraction.padEnd(fractionDigits, '0');
  const kept = (wholeDigits || '0').length + fractionDigits;
  const roundUp = (fraction[fractionDigits] ?? '0') >= '5';
  digits = digits.slice(0, kept);
  if (roundUp) digits = increment(digits);
  const whole = digits.slice(0, digits.length - fractionDigits).replace(/^0+(?=\d)/, '');
  const decimals = digits.slice(digits.length - fractionDigits);
  const grouped =
    whole.length <= 3
      ? whole
      : whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',') + ',' + whole.slice(-3);
  const isZero = /^0*$/.test(whole + decimals);
  return (sign === '-' && !isZero ? '-' : '') + grouped + (fractionDigits > 0 ? '.' + decimals : '');
}

function numberText(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  // Plain digits, no exponent (toFixed keeps up to 20 decimals, enough to round from).
  return Math.abs(value) < 1e21 ? value.toFixed(20).replace(/0+$/, '').replace(/\.$/, '') : String(value);
}

function increment(digits: string): string {
  const chars = digits.split('');
  for (let i = chars.length - 1; i >= 0; i -= 1) {
    if (chars[i] === '9') {
      chars[i] = '0';
    } else {
      chars[i] = String(Number(chars[i]) + 1);
      return chars.join('');
    }
  }
  return '1' + chars.join('');
}

/** `YYYY-MM-DD…` (a date or an ISO timestamp's date part) as `DD MMM, YYYY`; other text unchanged. */
export function formatDocumentDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const month = monthNames()[Number(match[2]) - 1];
  return month ? `${match[3]} ${month}, ${match[1]}` : value;
}

/** A date as the alert form's `yyyy-MM-dd`, in the local calendar. */
export function formatAlertDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A timestamp as the console shows it (the footer's last activity, timestamps in lists), in India's time zone:
 * the date part DD MMM, YYYY like every date of the console, the time in the Indian English locale
 * ("21 Nov, 2026, 10:00:00 am").
 */
export function formatIndianDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : '';
  const { day: dayFormat, time } = indianFormats();
  const parts = dayFormat.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const day = formatDocumentDate(`${part('year')}-${part('month')}-${part('day')}`);
  return `${day}, ${time.format(date)}`;
}

const formats = new Map<string, { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();
const months = new Map<string, readonly string[]>();

/** The short month names of the current locale (English: the fixed names of docs/console.md §9). */
function monthNames(): readonly string[] {
  const locale = currentLocale();
  if (locale === 'en-IN') return MONTHS;
  let names = months.get(locale);
  if (!names) {
    const month = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
    names = MONTHS.map((_, index) => month.format(Date.UTC(2000, index, 15)));
    months.set(locale, names);
  }
  return names;
}

/** The date and time formats of India's zone per locale, made once each: making one costs far more than using it. */
function indianFormats() {
  const timeZone = 'Asia/Kolkata';
  const locale = currentLocale();
  let made = formats.get(locale);
  if (!made) {
    made = {
      day: new Intl.DateTimeFormat('en-IN', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
      time: new Intl.DateTimeFormat(locale, {
        timeZone,
        hour: 'numeric',
        minute: '2-digit',
        second: '2-digit',
      }),
    };
    formats.set(locale, made);
  }
  return made;
}

let isoDay: Intl.DateTimeFormat | undefined;

/**
 * Today's date in India's time zone as `YYYY-MM-DD` (what a due date is compared with: the gateway's database
 * day), or the day of `now`.
 */
export function todayInIndia(now: Date = new Date()): string {
  // Canadian English writes dates as ISO does.
  isoDay ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return isoDay.format(now);
}

const BYTE_UNITS = ['KB', 'MB', 'GB', 'TB'];

/** A file's size in human units: bytes below 1 KB, else KB, MB … (1024 each) with one decimal below 10. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value < 10 ? value.toFixed(1).replace(/\.0$/, '') : String(Math.round(value));
  return `${shown} ${BYTE_UNITS[unit]}`;
}
