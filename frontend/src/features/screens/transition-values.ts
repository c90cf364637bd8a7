/**
 * A transition's form values: the schema that checks them (each field by the record form's rules, the comment when
 * the transition requires one) and the body they are sent as (`POST /api/data/{entry}/{id}/transition`).
 */
import { z } from 'zod';

import type { ColumnDef, TransitionBody, TransitionDef } from '../../api/schema';
import { translate } from '../../lib/i18n';
import { ROW_VERSION } from '../../lib/column-types';
import { type FormSchema, type FormValues, toPayload } from './form-schema';

/** The comment's field name in the gateway's 422 answers. */
export const COMMENT_FIELD = 'comment';
export const COMMENT_REQUIRED = 'Comment is required';

export interface TransitionValues {
  comment: string;
  fields: FormValues;
}

/**
 * The transition form's schema: the form's own schema of its fields (`formSchema`, the record form's rules) under
 * `fields`, and the comment when the transition requires one; every problem at once.
 */
export function transitionSchema(
  fields: FormSchema,
  comment: TransitionDef['comment'],
): z.ZodType<TransitionValues, TransitionValues> {
  return z.object({ comment: z.string(), fields }).superRefine((values, context) => {
    if (comment === 'required' && values.comment.trim() === '') {
      context.addIssue({ code: 'custom', path: [COMMENT_FIELD], message: translate(COMMENT_REQUIRED) });
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
