/**
 * The request for inspection (RFI) of the gallery's validation and wizard pages, described as the registry describes
 * a register's columns and judged by the record form's own rules (`column-checks.ts`), with the inspection day not
 * before today and a rule over two fields (a witness asked for needs the engineer's name). Nothing is stored: the
 * real RFI register is /contract-data-entry/rfi.
 */
import { z } from 'zod';

import type { ColumnDef } from '../../api/schema';
import { translate } from '../../lib/i18n';
import { refineColumns } from './column-checks';

export const RFI_FIELDS = [
  'n_package',
  'n_station',
  'c_rfi_no',
  'c_inspection_type',
  'c_work',
  'd_inspection',
  'n_quantity',
  'n_value',
  'c_contractor_email',
  'c_contractor_phone',
  'c_witness',
  'c_witness_name',
] as const;

export type RfiField = (typeof RFI_FIELDS)[number];
export type RfiValues = Record<RfiField, string>;

/** The RFI's columns (labels in English: the form shows them translated); the inspection may not be before `today` (`YYYY-MM-DD`). */
export function rfiColumns(today: string): (ColumnDef & { name: RfiField })[] {
  return [
    { name: 'n_package', label: 'Package', type: 'bigint', required: true },
    { name: 'n_station', label: 'Station', type: 'bigint' },
    {
      name: 'c_rfi_no',
      label: 'RFI number',
      type: 'varchar',
      required: true,
      max_length: 20,
      pattern: '^C[0-9]+-[A-Z]+[0-9]*-RFI-[0-9]{5}$',
      pattern_message: 'write it as the package, RFI and five digits, such as C1-V01-RFI-00012',
    },
    {
      name: 'c_inspection_type',
      label: 'Inspection',
      type: 'varchar',
      required: true,
      enum: ['Reinforcement', 'Shuttering', 'Concreting', 'Bearing installation', 'Survey'],
    },
    { name: 'c_work', label: 'Work to inspect', type: 'text', required: true, max_length: 400 },
    { name: 'd_inspection', label: 'Inspection date', type: 'date', required: true, min: today },
    {
      name: 'n_quantity',
      label: 'Quantity (m³)',
      type: 'numeric',
      required: true,
      precision: 10,
      scale: 2,
      min: 0.01,
    },
    { name: 'n_value', label: 'Value of the work (₹)', type: 'numeric', precision: 15, scale: 2, min: 0 },
    {
      name: 'c_contractor_email',
      label: 'Contractor’s e-mail',
      type: 'varchar',
      required: true,
      max_length: 120,
      format: 'email',
    },
    {
      name: 'c_contractor_phone',
      label: 'Contractor’s phone',
      type: 'varchar',
      max_length: 20,
      format: 'phone',
    },
    { name: 'c_witness', label: 'The engineer witnesses the inspection', type: 'varchar' },
    { name: 'c_witness_name', label: 'Witnessing engineer', type: 'varchar', max_length: 120 },
  ];
}

export const WITNESS_NEEDED = 'Witnessing engineer is required when the engineer witnesses the inspection';

export function rfiSchema(today: string) {
  const columns = rfiColumns(today);
  const shape = Object.fromEntries(RFI_FIELDS.map((field) => [field, z.string()])) as Record<
    RfiField,
    z.ZodString
  >;
  return z.object(shape).superRefine((values, context) => {
    refineColumns(columns, values, context);
    if (values.c_witness === 'Yes' && values.c_witness_name.trim() === '') {
      context.addIssue({ code: 'custom', path: ['c_witness_name'], message: translate(WITNESS_NEEDED) });
    }
  });
}

export function blankRfi(): RfiValues {
  return Object.fromEntries(RFI_FIELDS.map((field) => [field, ''])) as RfiValues;
}

/** The wizard's steps (titles in English: translated where shown): the fields each one checks before the next opens. */
export const RFI_STEPS: readonly { title: string; fields: readonly RfiField[] }[] = [
  { title: 'Where', fields: ['n_package', 'n_station', 'c_rfi_no'] },
  { title: 'What', fields: ['c_inspection_type', 'c_work', 'd_inspection', 'n_quantity', 'n_value'] },
  { title: 'Who', fields: ['c_contractor_email', 'c_contractor_phone', 'c_witness', 'c_witness_name'] },
];
