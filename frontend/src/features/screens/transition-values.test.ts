import { describe, expect, it } from 'vitest';

import type { ColumnDef, RuleMeta, TransitionDef } from '../../api/schema';
import { formSchema } from './form-schema';
import { COMMENT_REQUIRED, transitionBody, transitionSchema } from './transition-values';
import { transitionInputs } from './workflow';

const columns: ColumnDef[] = [
  { name: 'c_answer', type: 'text', label: 'Answer', max_length: 20 },
  { name: 'c_impact', type: 'text', label: 'Impact', required: true, enum: ['Yes', 'No'] },
  { name: 'n_amount', type: 'numeric', label: 'Amount', scale: 2, precision: 12 },
];
const rules: RuleMeta[] = [
  {
    check: {
      or: [
        { op: '=', left: { column: 'c_impact' }, right: { value: 'Yes' } },
        { is_null: 'n_amount', negated: false },
      ],
    },
    message: 'Amount is given only when Impact is Yes',
    fields: ['n_amount'],
  },
];
const answer: TransitionDef = {
  name: 'answer',
  label: 'Answer',
  from: ['Asked'],
  to: 'Done',
  who: {},
  requires: ['c_answer'],
  fields: ['c_impact', 'n_amount'],
  comment: 'required',
};
const inputs = transitionInputs(answer, columns);

function problems(fields: Record<string, string>, comment = '') {
  const result = transitionSchema(formSchema(inputs, columns, rules), answer.comment).safeParse({
    comment,
    fields,
  });
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('a transition form', () => {
  it('says under each field what is missing or wrong, and that the comment is required', () => {
    expect(problems({ c_answer: '', c_impact: 'No', n_amount: '10' })).toEqual([
      ['fields.c_answer', 'Answer is required'],
      ['fields.n_amount', 'Amount is given only when Impact is Yes'],
      ['comment', COMMENT_REQUIRED],
    ]);
    expect(problems({ c_answer: 'Use M40', c_impact: 'Yes', n_amount: '10' }, 'See R2')).toEqual([]);
  });

  it('leaves to the gateway a rule naming a field the transition does not ask for', () => {
    const wider = rules.map((rule) => ({ ...rule, fields: [...rule.fields, 'c_other'] }));
    const schema = transitionSchema(formSchema(inputs, columns, wider), answer.comment);
    const result = schema.safeParse({
      comment: 'x',
      fields: { c_answer: 'a', c_impact: 'No', n_amount: '1' },
    });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['fields.n_amount']);
  });

  it('does not ask for an optional comment', () => {
    const optional = transitionSchema(formSchema(inputs, columns, rules), 'optional');
    expect(
      optional.safeParse({ comment: ' ', fields: { c_answer: 'x', c_impact: 'No', n_amount: '' } }).success,
    ).toBe(true);
  });

  it('sends its name, the comment, the version read and its fields (blank as null)', () => {
    const values = { comment: '  See R2 ', fields: { c_answer: 'Use M40', c_impact: 'No', n_amount: '' } };
    expect(transitionBody(answer, inputs, values, { n_row_version: 3 })).toEqual({
      transition: 'answer',
      comment: 'See R2',
      n_row_version: 3,
      fields: { c_answer: 'Use M40', c_impact: 'No', n_amount: null },
    });
    const silent = transitionBody({ ...answer, comment: 'none' }, [], values, {});
    expect(silent).toEqual({ transition: 'answer', comment: null, n_row_version: null, fields: {} });
  });
});
