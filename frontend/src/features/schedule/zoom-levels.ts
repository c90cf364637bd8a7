/**
 * The timeline's zoom, from days to years: the chart's scales and the width of one unit at each level. Labels and
 * month names are English here and shown in the user's language (the month names as they are drawn).
 */
import { translate } from '../../lib/i18n';

export const ZOOM_LEVELS = ['days', 'weeks', 'months', 'quarters', 'years'] as const;
export type ZoomLevel = (typeof ZOOM_LEVELS)[number];

export const ZOOM_LABELS: Record<ZoomLevel, string> = {
  days: 'Days',
  weeks: 'Weeks',
  months: 'Months',
  quarters: 'Quarters',
  years: 'Years',
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The month's short name in the user's language. */
const month = (date: Date) => translate(MONTHS[date.getMonth()] ?? '');
const monthYear = (date: Date) => `${month(date)} ${date.getFullYear()}`;
const year = (date: Date) => String(date.getFullYear());
const quarter = (date: Date) => `Q${Math.floor(date.getMonth() / 3) + 1}`;
const dayMonth = (date: Date) => `${date.getDate()} ${month(date)}`;

export interface ZoomScale {
  lengthUnit: 'day' | 'week' | 'month' | 'quarter' | 'year';
  cellWidth: number;
  /** How many days before the data date the chart opens on. */
  leadDays: number;
  scales: { unit: string; step: number; format: (date: Date) => string }[];
}

export const ZOOM_SCALES: Record<ZoomLevel, ZoomScale> = {
  days: {
    lengthUnit: 'day',
    leadDays: 7,
    cellWidth: 28,
    scales: [
      { unit: 'month', step: 1, format: monthYear },
      { unit: 'day', step: 1, format: (date) => String(date.getDate()) },
    ],
  },
  weeks: {
    lengthUnit: 'day',
    leadDays: 42,
    cellWidth: 76,
    // One row: the chart draws a month row over weeks misplaced (weeks do not nest in months), so each week says
    // its own month and year.
    scales: [
      { unit: 'week', step: 1, format: (date) => `${dayMonth(date)} ${String(date.getFullYear()).slice(2)}` },
    ],
  },
  months: {
    lengthUnit: 'day',
    leadDays: 180,
    cellWidth: 56,
    scales: [
      { unit: 'year', step: 1, format: year },
      { unit: 'month', step: 1, format: month },
    ],
  },
  quarters: {
    lengthUnit: 'day',
    leadDays: 365,
    cellWidth: 64,
    scales: [
      { unit: 'year', step: 1, format: year },
      { unit: 'quarter', step: 1, format: quarter },
    ],
  },
  years: {
    lengthUnit: 'day',
    leadDays: 730,
    cellWidth: 96,
    scales: [{ unit: 'year', step: 1, format: year }],
  },
};
