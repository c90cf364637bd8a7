/**
 * The upload form's rules: the document number's parts as the register checks them (the same messages), so most
 * mistakes are shown before sending; the gateway's 422 still has the last word, under the same fields. The messages
 * are translated when a value is checked (the schema itself is built once).
 */
import { z } from 'zod';

import { translate } from '../../lib/i18n';

function part(pattern: RegExp, message: () => string, optional = false) {
  return z
    .string()
    .trim()
    .refine((value) => (optional && value === '') || pattern.test(value), { error: message });
}

export const uploadSchema = z.object({
  c_title: z
    .string()
    .trim()
    .min(1, { error: () => translate('Title: give the document a title') })
    .max(300, { error: () => translate('Title: at most 300 characters') }),
  c_project: part(
    /^[A-Z0-9]{2,6}$/,
    () => translate('Project: 2–6 capital letters or digits such as MML3'),
    true,
  ),
  c_originator: part(/^[A-Z]{3,6}$/, () => translate('Originator: 3–6 capital letters such as LNT')),
  c_volume: part(/^[A-Z0-9]{2,8}$/, () =>
    translate('Volume / system: 2–8 capital letters or digits such as C1V01'),
  ),
  c_level: part(
    /^[A-Z0-9]{2,4}$/,
    () => translate('Level / location: 2–4 capital letters or digits such as ZZ or P112'),
    true,
  ),
  c_type: part(/^[A-Z]{2}$/, () =>
    translate('Type: 2 capital letters such as DR (drawing), MS (method statement)'),
  ),
  c_role: part(/^[A-Z]$/, () =>
    translate('Role: 1 capital letter such as S (structural), A (architect), C (civil)'),
  ),
  c_number: part(
    /^[0-9]{4,6}$/,
    () => translate('Number: 4–6 digits such as 0001, or leave it empty for the next free one'),
    true,
  ),
  n_package: z.string().min(1, { error: () => translate('Package: choose the package') }),
  n_discipline: z.string().min(1, { error: () => translate('Discipline: choose the discipline') }),
  n_doc_type: z.string().min(1, { error: () => translate('Document type: choose the type') }),
  c_description: z.string().max(4000, { error: () => translate('Description: at most 4,000 characters') }),
});

export type UploadValues = z.infer<typeof uploadSchema>;

export const UPLOAD_FIELDS = Object.keys(uploadSchema.shape) as (keyof UploadValues)[];

/** The form's values from a folder's defaults (every field present, as text). */
export function uploadValues(defaults: Readonly<Record<string, string>>): UploadValues {
  return Object.fromEntries(UPLOAD_FIELDS.map((field) => [field, defaults[field] ?? ''])) as UploadValues;
}
