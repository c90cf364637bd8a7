/**
 * The gateway's value rules for one record field (schema-registry `record.rs` and `values.rs`), in TypeScript, so
 * that forms refuse before sending what the gateway would refuse, with the same message. A shared fixture
 * (schema-registry/tests/fixtures/form-rules.json) is checked against both implementations. Columns are described
 * by the generated `ColumnDef` of the OpenAPI document.
 */
import type { ColumnDef, SqlType } from '../api/schema';
import { formatDocumentDate, todayInIndia } from './format';
import { INTEGER_RANGES, isIntegerType, isNumberType, isTextType } from './column-types';
import { translate } from './i18n';

/** The text a new record's form starts with: the registry's `default` (1 for an "Active" flag), else blank. */
/** What a form works out for the registry's relative defaults when it opens. */
export interface DefaultContext {
  /** Today, `YYYY-MM-DD` (`today`). */
  today: string;
  /** Now, to the minute, as a date-time field's value in India (`now`); a column without a zone takes it without
   * the offset. */
  now?: string;
  /** The signed-in user's id (`me`). */
  me: string;
  /** The user's package when they are linked to exactly one (`my_package`); empty otherwise. */
  myPackage: string;
}

/** A new record's starting text of `column`: its registry default (`today`, `me`, `my_package` worked out). */
export function initialText(column: ColumnDef, context?: DefaultContext): string {
  const value = column.default;
  if (value === null || value === undefined) return '';
  if (value === 'today') return context?.today ?? '';
  if (value === 'now') {
    const now = context?.now ?? '';
    return column.type === 'timestamp' ? now.replace(/[+-]\d{2}:\d{2}$/, '') : now;
  }
  if (value === 'me') return context?.me ?? '';
  if (value === 'my_package') return context?.myPackage ?? '';
  // The look-up's only row, filled once it is read (`useOnlyChoices`).
  if (value === 'only') return '';
  return String(value);
}

/** A decimal held exactly: 0.d₁d₂… × 10^exponent, no leading or trailing zero digits. */
export interface Decimal {
  negative: boolean;
  digits: string;
  exponent: number;
}

export function parseDecimal(text: string): Decimal | null {
  if (text.length > 100) return null;
  let body = text;
  let negative = false;
  if (body.startsWith('-') || body.startsWith('+')) {
    negative = body.startsWith('-');
    body = body.slice(1);
  }
  let exponent = 0;
  const e = body.search(/[eE]/);
  let mantissa = body;
  if (e >= 0) {
    const written = body.slice(e + 1);
    const unsigned = written.replace(/^[-+]/, '');
    if (!/^\d{1,4}$/.test(unsigned)) return null;
    exponent = Number(written);
    mantissa = body.slice(0, e);
  }
  const dot = mantissa.indexOf('.');
  const whole = dot >= 0 ? mantissa.slice(0, dot) : mantissa;
  const fraction = dot >= 0 ? mantissa.slice(dot + 1) : '';
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction) || (whole === '' && fraction === '')) return null;
  let digits = whole + fraction;
  exponent += whole.length;
  const leading = /^0*/.exec(digits)?.[0].length ?? 0;
  digits = digits.slice(leading);
  exponent -= leading;
  digits = digits.replace(/0+$/, '');
  if (digits === '') return { negative: false, digits: '', exponent: 0 };
  return { negative, digits, exponent };
}

function magnitudeCompare(a: Decimal, b: Decimal): number {
  if (a.digits === '' || b.digits === '') return (a.digits === '' ? 0 : 1) - (b.digits === '' ? 0 : 1);
  if (a.exponent !== b.exponent) return a.exponent < b.exponent ? -1 : 1;
  return a.digits < b.digits ? -1 : a.digits > b.digits ? 1 : 0;
}

export function compareDecimal(a: Decimal, b: Decimal): number {
  if (a.negative !== b.negative) return a.negative ? -1 : 1;
  return a.negative ? magnitudeCompare(b, a) : magnitudeCompare(a, b);
}

function wholeDigits(d: Decimal): number {
  return Math.max(d.exponent, 0);
}

function fractionDigits(d: Decimal): number {
  return Math.max(d.digits.length - d.exponent, 0);
}

/** `YYYY-MM-DD` naming a real day. */
export function isIsoDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return year >= 1 && days !== undefined && day >= 1 && day <= days;
}

function isTime(text: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?$/.test(text);
}

function isIsoTimestamp(text: string): boolean {
  if (text.length < 10 || !isIsoDate(text.slice(0, 10))) return false;
  const rest = text.slice(10);
  if (rest === '') return true;
  if (rest[0] !== ' ' && rest[0] !== 'T') return false;
  const match = /^(.*?)(Z|[+-]\d{2}(?::?\d{2})?)?$/.exec(rest.slice(1));
  if (!match) return false;
  const zone = match[2];
  if (zone && zone !== 'Z') {
    const [hours, minutes = '00'] = zone.slice(1).split(':');
    if (
      !/^\d{2}$/.test(hours ?? '') ||
      !/^\d{2}$/.test(minutes) ||
      Number(hours) > 15 ||
      Number(minutes) > 59
    )
      return false;
  }
  return isTime(match[1] ?? '');
}

/** Whether typed text is a value of `type` (the gateway's `fits`). */
export function fits(type: SqlType, raw: string): boolean {
  const text = raw.trim();
  const range = INTEGER_RANGES[type];
  if (range) {
    if (!/^[+-]?\d+$/.test(text)) return false;
    const value = BigInt(text);
    return value >= range[0] && value <= range[1];
  }
  switch (type) {
    case 'numeric':
    case 'real':
    case 'double':
      return parseDecimal(text) !== null;
    case 'boolean':
      return ['true', 'false', 't', 'f', '1', '0', 'yes', 'no'].includes(text.toLowerCase());
    case 'date':
      return isIsoDate(text);
    case 'timestamp':
    case 'timestamptz':
      return isIsoTimestamp(text);
    case 'time':
      return isTime(text);
    case 'uuid':
      return /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(text);
    case 'json':
    case 'jsonb':
      return false;
    default:
      return true;
  }
}

/** A bound as the gateway prints it (f64 Display: `0`, `99.5`). */
function shown(bound: number): string {
  return String(bound);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-01-05` as people read it: `05 Jan, 2026` (the gateway's `human_date`). */
export function humanDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  const index = Number(month) - 1;
  if (!year || !day || !(index >= 0 && index < 12)) return iso;
  return `${day.padStart(2, '0')} ${MONTHS[index]}, ${year}`;
}

/**
 * A column's label as its messages name it: in the user's language when the language file has it (the messages
 * are worded in that language too; in English they are the gateway's, word for word).
 */
function labelOf(column: ColumnDef): string {
  return translate(column.label);
}

/** A date column's bound as a date (`today`: the programme's day); undefined for none. */
export function dateBound(bound: ColumnDef['min']): string | undefined {
  if (bound === 'today') return todayInIndia();
  return typeof bound === 'string' ? bound : undefined;
}

/** A registry date bound as the messages show it: `05 Jan, 2026`, the month in the user's language. */
function boundDate(iso: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) ? formatDocumentDate(iso) : humanDate(iso);
}

/** The registry's range of a number column in words (the gateway's `range_message`). */
export function rangeMessage(column: ColumnDef): string | null {
  const min = typeof column.min === 'number' ? shown(column.min) : null;
  const max = typeof column.max === 'number' ? shown(column.max) : null;
  const label = labelOf(column);
  if (isIntegerType(column.type)) {
    if (min !== null && max !== null)
      return translate('{{label}} must be a whole number between {{min}} and {{max}}', { label, min, max });
    if (min !== null) return translate('{{label}} must be a whole number {{min}} or more', { label, min });
    if (max !== null) return translate('{{label}} must be a whole number {{max}} or less', { label, max });
    return null;
  }
  if (min !== null && max !== null)
    return translate('{{label}} must be between {{min}} and {{max}}', { label, min, max });
  if (min !== null) return translate('{{label}} must be {{min}} or more', { label, min });
  if (max !== null) return translate('{{label}} must be {{max}} or less', { label, max });
  return null;
}

/**
 * The regular expression and message of a column's `format` (the gateway's `Format::rule`): the message is the
 * whole sentence for a field's label, worded when it is made.
 */
export const FORMAT_RULES: Record<string, [RegExp, (label: string) => string]> = {
  phone: [
    /^[+0-9 ()-]{7,20}$/u,
    (label) =>
      translate('{{label}} must be a phone number: digits, spaces and + - ( ), 7 to 20 characters', {
        label,
      }),
  ],
  email: [
    /^[^@\s]+@[^@\s]+\.[^@\s]+$/u,
    (label) => translate('{{label}} must be an e-mail address such as name@example.com', { label }),
  ],
  code: [
    /^[A-Z0-9][A-Z0-9-]*$/u,
    (label) =>
      translate('{{label}} must be capital letters, digits and hyphens, starting with a letter or digit', {
        label,
      }),
  ],
};

/** "<label> must be <what a value of the type looks like>" (the gateway's `expected`), as one sentence. */
function mustBeOfType(type: SqlType, label: string): string {
  switch (type) {
    case 'smallint':
      return translate('{{label}} must be a whole number between {{min}} and {{max}}', {
        label,
        min: '-32768',
        max: '32767',
      });
    case 'integer':
      return translate('{{label}} must be a whole number between {{min}} and {{max}}', {
        label,
        min: '-2147483648',
        max: '2147483647',
      });
    case 'bigint':
      return translate('{{label}} must be a whole number in range', { label });
    case 'numeric':
    case 'real':
    case 'double':
      return translate('{{label}} must be a number', { label });
    case 'boolean':
      return translate('{{label}} must be true or false', { label });
    case 'date':
      return translate('{{label}} must be a date in the form YYYY-MM-DD', { label });
    case 'timestamp':
    case 'timestamptz':
      return translate('{{label}} must be a timestamp in the form YYYY-MM-DD HH:MM[:SS][+HH:MM]', { label });
    case 'time':
      return translate('{{label}} must be a time in the form HH:MM[:SS]', { label });
    case 'uuid':
      return translate('{{label}} must be a UUID', { label });
    case 'json':
    case 'jsonb':
      return translate('{{label}} must be a JSON value', { label });
    default:
      return translate('{{label}} must be text', { label });
  }
}

/** The message for text that is not of the column's type (the gateway's `value_text`). */
function wrongType(column: ColumnDef, text: string): string {
  const label = labelOf(column);
  const range = INTEGER_RANGES[column.type];
  if (range) {
    if (/^[-+]?\d+$/.test(text)) {
      return (
        rangeMessage(column) ??
        translate('{{label}} must be a whole number between {{min}} and {{max}}', {
          label,
          min: String(range[0]),
          max: String(range[1]),
        })
      );
    }
    return translate('{{label}} must be a whole number', { label });
  }
  if (column.type === 'date')
    return translate('{{label}} must be a real date (day, month and year), such as 2026-11-23', { label });
  return mustBeOfType(column.type, label);
}

/**
 * The gateway's message for `raw` (what the user typed; blank means no value) in `column`, or null when it would
 * be accepted. Order as the gateway checks: required, form of the type, length, digits, range, choices, format,
 * pattern.
 */
export function fieldProblem(column: ColumnDef, raw: string): string | null {
  const label = labelOf(column);
  if (raw.includes('\0'))
    return translate('{{label}} contains a NUL character, which cannot be stored', { label });
  if (raw.trim() === '') return column.required ? translate('{{label}} is required', { label }) : null;
  const text = isTextType(column.type) ? raw : raw.trim();
  if (!fits(column.type, text)) return wrongType(column, text);
  if (column.max_length !== undefined && column.max_length !== null) {
    const length = [...text].length;
    if (length > column.max_length)
      return translate('{{label}} must be at most {{max}} characters (it has {{length}})', {
        label,
        max: column.max_length,
        length,
      });
  }
  if (isNumberType(column.type)) {
    const number = parseDecimal(text);
    if (!number) return translate('{{label}} must be a number', { label });
    if (column.precision !== undefined && column.precision !== null) {
      const scale = column.scale ?? 0;
      if (fractionDigits(number) > scale) {
        if (scale === 0) return translate('{{label}} must be a whole number', { label });
        return scale === 1
          ? translate('{{label}} allows at most 1 decimal place', { label })
          : translate('{{label}} allows at most {{scale}} decimal places', { label, scale });
      }
      const whole = Math.max(column.precision - scale, 0);
      if (wholeDigits(number) > whole)
        return translate('{{label}} is too large: at most {{digits}} digits before the decimal point', {
          label,
          digits: whole,
        });
    }
    const min = typeof column.min === 'number' ? parseDecimal(String(column.min)) : null;
    const max = typeof column.max === 'number' ? parseDecimal(String(column.max)) : null;
    if ((min && compareDecimal(number, min) < 0) || (max && compareDecimal(number, max) > 0))
      return rangeMessage(column) ?? translate('{{label}} is out of range', { label });
  }
  if (column.type === 'date') {
    // `today` is the programme's day (India), as the gateway's database judges it.
    const today = todayInIndia();
    if (column.min === 'today' && text < today)
      return translate('{{label}} cannot be before today', { label });
    if (column.max === 'today' && text > today)
      return translate('{{label}} cannot be after today', { label });
    if (typeof column.min === 'string' && column.min !== 'today' && text < column.min)
      return translate('{{label}} must be on or after {{date}}', { label, date: boundDate(column.min) });
    if (typeof column.max === 'string' && column.max !== 'today' && text > column.max)
      return translate('{{label}} must be on or before {{date}}', { label, date: boundDate(column.max) });
  }
  if (column.enum && column.enum.length > 0 && !column.enum.includes(text))
    return translate('{{label}} must be one of: {{choices}}', { label, choices: column.enum.join(', ') });
  const format = column.format ? FORMAT_RULES[column.format] : undefined;
  if (format && !format[0].test(text)) return format[1](label);
  if (column.pattern && !new RegExp(column.pattern, 'u').test(text)) {
    return column.pattern_message
      ? `${label}: ${translate(column.pattern_message)}`
      : translate('{{label}} is not in the expected form', { label });
  }
  return null;
}
