/**
 * The non-conformance report (NCR) of the gallery's second validation page, described as registry columns and judged
 * by the record form's own rules, with the registers' kind of rules over two fields: a closing day not before the
 * day it was raised, and a disposition needed to close it. Nothing is stored: the real register is
 * /contract-data-entry/ncr.
 */
import { z } from 'zod';

import type { ColumnDef } from '../../api/schema';
import { translate } from '../../lib/i18n';
import { isIsoDate } from '../../lib/record-rules';
import { refineColumns } from './column-checks';

export const NCR_FIELDS = [
  'c_ncr_no',
  'n_package',
  'c_category',
  'c_severity',
  'd_raised',
  'd_closed',
  'c_disposition',
  'n_cost',
  'c_description',
] as const;

export type NcrField = (typeof NCR_FIELDS)[number];
export type NcrValues = Record<NcrField, string>;

/** The NCR's columns; it cannot be raised after `today`. */
export function ncrColumns(today: string): (ColumnDef & { name: NcrField })[] {
  return [
    {
      name: 'c_ncr_no',
      label: 'NCR number',
      type: 'varchar',
      required: true,
      max_length: 20,
      pattern: '^C[0-9]+-[A-Z]+[0-9]*-NCR-[0-9]{4}$',
      pattern_message: 'write it as the package, NCR and four digits, such as C1-V01-NCR-0007',
    },
    { name: 'n_package', label: 'Package', type: 'bigint', required: true },
    {
      name: 'c_category',
      label: 'Category',
      type: 'varchar',
      required: true,
      enum: ['Workmanship', 'Material', 'Safety', 'Documentation', 'Environment'],
    },
    {
      name: 'c_severity',
      label: 'Severity',
      type: 'varchar',
      required: true,
      enum: ['Minor', 'Major', 'Critical'],
    },
    { name: 'd_raised', label: 'Raised on', type: 'date', required: true, max: today },
    { name: 'd_closed', label: 'Closed on', type: 'date' },
    {
      name: 'c_disposition',
      label: 'Disposition',
      type: 'varchar',
      enum: ['Rework', 'Repair', 'Use as is', 'Reject'],
    },
    { name: 'n_cost', label: 'Cost of rectification (₹)', type: 'numeric', precision: 15, scale: 2, min: 0 },
    { name: 'c_description', label: 'What does not conform', type: 'text', required: true, max_length: 1000 },
  ];
}

export const CLOSED_BEFORE_RAISED = 'Closed on must be on or after the day the NCR was raised';
export const DISPOSITION_TO_CLOSE = 'Disposition is required to close an NCR';

export function ncrSchema(today: string) {
  const columns = ncrColumns(today);
  const shape = Object.fromEntries(NCR_FIELDS.map((field) => [field, z.string()])) as Record<
    NcrField,
    z.ZodString
  >;
  return z.object(shape).superRefine((values, context) => {
    refineColumns(columns, values, context);
    if (isIsoDate(values.d_closed) && isIsoDate(values.d_raised) && values.d_closed < values.d_raised) {
      context.addIssue({ code: 'custom', path: ['d_closed'], message: translate(CLOSED_BEFORE_RAISED) });
    }
    if (values.d_closed !== '' && values.c_disposition === '') {
      context.addIssue({ code: 'custom', path: ['c_disposition'], message: translate(DISPOSITION_TO_CLOSE) });
    }
  });
}

export function blankNcr(today: string): NcrValues {
  const blank = Object.fromEntries(NCR_FIELDS.map((field) => [field, ''])) as NcrValues;
  return { ...blank, d_raised: today };
}
