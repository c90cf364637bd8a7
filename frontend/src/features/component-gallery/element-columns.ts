/**
 * The fields of the form-elements page: one of each kind of input the record form draws, described as registry
 * columns (a station's code and name, contacts, an amount, a chainage, a date, a choice, look-ups, a long text,
 * Yes/No), each judged by the record form's own rules as it is left.
 */
import { z } from 'zod';

import type { ColumnDef } from '../../api/schema';
import { refineColumns } from './column-checks';

export const ELEMENT_COLUMNS = [
  {
    name: 'c_code',
    label: 'Station code',
    type: 'varchar',
    required: true,
    max_length: 20,
    format: 'code',
  },
  { name: 'c_name', label: 'Station name', type: 'varchar', required: true, max_length: 120 },
  { name: 'c_email', label: 'Site office e-mail', type: 'varchar', max_length: 120, format: 'email' },
  { name: 'c_phone', label: 'Site office phone', type: 'varchar', max_length: 20, format: 'phone' },
  { name: 'n_value', label: 'Contract value (₹)', type: 'numeric', precision: 15, scale: 2, min: 0 },
  { name: 'n_chainage_km', label: 'Chainage (km)', type: 'numeric', precision: 8, scale: 3, min: 0, max: 60 },
  { name: 'd_award', label: 'Date of award', type: 'date' },
  {
    name: 'c_station_type',
    label: 'Station type',
    type: 'varchar',
    required: true,
    enum: ['Elevated', 'Underground', 'At grade'],
  },
  { name: 'n_corridor', label: 'Corridor', type: 'bigint' },
  { name: 'n_package', label: 'Package', type: 'bigint' },
  { name: 'c_remarks', label: 'Remarks', type: 'text', max_length: 1000 },
  { name: 'c_interchange', label: 'Interchange station', type: 'varchar' },
] as const satisfies readonly ColumnDef[];

export type ElementField = (typeof ELEMENT_COLUMNS)[number]['name'];
export type ElementValues = Record<ElementField, string>;

export const elementSchema = z
  .object(
    Object.fromEntries(ELEMENT_COLUMNS.map((column) => [column.name, z.string()])) as Record<
      ElementField,
      z.ZodString
    >,
  )
  .superRefine((values, context) => refineColumns(ELEMENT_COLUMNS, values, context));

export function blankElements(): ElementValues {
  return Object.fromEntries(ELEMENT_COLUMNS.map((column) => [column.name, ''])) as ElementValues;
}
