/**
 * A date-time field's two parts (docs/console.md §9): the date and the time of day in India's zone, as the form's
 * inputs show them, and the value the gateway is sent (`2026-11-29T10:30:00+05:30` for a `timestamptz` column, the
 * same without the offset for a `timestamp`). India keeps one offset all year (no daylight saving), so the offset is
 * written, not looked up. Text that names no date or time is kept as typed, so the field's rule refuses it.
 */

/** India's offset from UTC. */
export const INDIA_OFFSET = '+05:30';

export interface DateTimeParts {
  /** `YYYY-MM-DD`, blank, or text as typed. */
  date: string;
  /** `HH:MM`, blank, or text as typed. */
  time: string;
}

const WITH_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;
const WITHOUT_ZONE = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2}(\.\d+)?)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

let india: Intl.DateTimeFormat | undefined;

/** An instant's date and time of day in India. */
function inIndia(instant: Date): DateTimeParts {
  india ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = india.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}

/** The parts a stored or typed value shows: an instant in India's zone, a value without a zone as it is written. */
export function splitDateTime(value: string): DateTimeParts {
  const text = value.trim();
  if (text === '') return { date: '', time: '' };
  if (WITH_ZONE.test(text)) {
    // JavaScript reads an offset only as `±HH:MM` (PostgreSQL may write `+00` or `+0530`).
    const iso = text
      .replace(' ', 'T')
      .replace(/([+-]\d{2})$/, '$1:00')
      .replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
    const instant = new Date(iso);
    if (!Number.isNaN(instant.getTime())) return inIndia(instant);
  }
  const plain = WITHOUT_ZONE.exec(text);
  if (plain) return { date: plain[1] ?? '', time: plain[2] ?? '' };
  if (DATE.test(text)) return { date: text, time: '' };
  return { date: text, time: '' };
}

/**
 * The value of a date and a time of day: both blank is no value; a date with a time is the instant (in India, with
 * the offset when the column keeps one); anything else is the text as typed (the rule then says what is wrong).
 */
export function joinDateTime(parts: DateTimeParts, withZone: boolean): string {
  const date = parts.date.trim();
  const time = parts.time.trim();
  if (date === '' && time === '') return '';
  if (DATE.test(date) && TIME.test(time)) return `${date}T${time}:00${withZone ? INDIA_OFFSET : ''}`;
  return `${date} ${time}`.trim();
}

/** Now, to the minute, as a date-time field's value (a `now` default). */
export function nowInIndia(withZone: boolean, now: Date = new Date()): string {
  return joinDateTime(inIndia(now), withZone);
}
