/**
 * A transition's form values: the schema that checks them (each field by the record form's rules, the comment when
 * the transition requires one) and the body they are sent as (`POST /api/data/{entry}/{id}/transition`).
 */
import { z } from 'zod';

import type { ColumnDef, RuleMeta, TransitionBody, TransitionDef } from '../../api/schema';
import { formProblems } from '../../lib/record-rule-checks';
import { ROW_VERSION } from '../../lib/record-rules';
import { type FormValues, toPayload } from './form-schema';

/** The comment's field name in the gateway's 422 answers. */
export const COMMENT_FIELD = 'comment';
export const COMMENT_REQUIRED = 'Comment is required';

export interface TransitionValues {
  comment: string;
  fields: FormValues;
}

/** The transition form's schema: every field problem under its input, and the comment when it is required. */
export function transitionSchema(
  inputs: readonly ColumnDef[],
  columns: readonly ColumnDef[],
  rules: readonly RuleMeta[],
  comment: TransitionDef['comment'],
): z.ZodType<TransitionValues, TransitionValues> {
  return z
    .object({ comment: z.string(), fields: z.record(z.string(), z.string()) })
    .superRefine((values, context) => {
      for (const [field, message] of Object.entries(formProblems(inputs, columns, rules, values.fields))) {
        if (inputs.some((column) => column.name === field)) {
          context.addIssue({ code: 'custom', path: ['fields', field], message });
        }
      }
      if (comment === 'required' && values.comment.trim() === '') {
        context.addIssue({ code: 'custom', path: [COMMENT_FIELD], message: COMMENT_REQUIRED });
      }
    });
}

/** What the transition sends: its name, the comment (none when blank or not asked for), the version, its fields. */
export function transitionBody(
  transition: TransitionDef,
  inputs: readonly ColumnDef[],
  values: TransitionValues,
  record: Readonly<Record<string, unknown>>,
): TransitionBody {
  const comment = values.comment.trim();
  const version = Number(record[ROW_VERSION]);
  return {
    transition: transition.name,
    comment: transition.comment === 'none' || comment === '' ? null : comment,
    n_row_version: Number.isFinite(version) ? version : null,
    fields: toPayload(inputs, values.fields),
  };
}
