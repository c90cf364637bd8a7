/**
 * The custom report builder's form, pure: its values, the zod schema that mirrors the gateway's checks (so a person
 * sees a mistake at the field, before any call), and the conversions between the form, the saved report and the
 * definition the gateway compiles.
 */
import { z } from 'zod';

import type {
  AggregateName,
  ReportDefinition,
  ReportInput,
  ReportRegister,
  ReportSchedule,
  SavedReport,
} from '../../api/schema';
import { translate } from '../../lib/i18n';

/** The gateway's bounds (`pipeline/report_definition.rs`). */
export const REPORT_LIMITS = {
  title: 120,
  columns: 30,
  groups: 4,
  measures: 8,
  sort: 4,
  filter: 2000,
} as const;

export type ReportMode = 'list' | 'grouped';

// The schemas below are made once: their messages are functions, written when a check fails, so that they follow
// a language change.

const measureSchema = z
  .object({
    aggregate: z.enum(['count', 'sum', 'average']),
    column: z.string(),
  })
  .refine((measure) => measure.aggregate === 'count' || measure.column !== '', {
    error: () => translate('Choose the number column to add up'),
    path: ['column'],
  });

export const reportFormSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, { error: () => translate('Give the report a title') })
      .max(REPORT_LIMITS.title, {
        error: () => translate('At most {{max}} characters', { max: REPORT_LIMITS.title }),
      }),
    entry: z.string().min(1, { error: () => translate('Choose a register') }),
    mode: z.enum(['list', 'grouped']),
    columns: z.array(z.string()).max(REPORT_LIMITS.columns, {
      error: () => translate('At most {{max}} columns', { max: REPORT_LIMITS.columns }),
    }),
    groupBy: z.array(z.string()).max(REPORT_LIMITS.groups, {
      error: () => translate('At most {{max}} group columns', { max: REPORT_LIMITS.groups }),
    }),
    measures: z.array(measureSchema).max(REPORT_LIMITS.measures, {
      error: () => translate('At most {{max}} measures', { max: REPORT_LIMITS.measures }),
    }),
    filter: z.string().max(REPORT_LIMITS.filter, {
      error: () => translate('At most {{max}} characters', { max: REPORT_LIMITS.filter }),
    }),
    sort: z
      .array(
        z.object({
          key: z.string().min(1, { error: () => translate('Choose what to sort by') }),
          descending: z.boolean(),
        }),
      )
      .max(REPORT_LIMITS.sort, {
        error: () => translate('At most {{max}} sort keys', { max: REPORT_LIMITS.sort }),
      }),
    sharedWith: z.array(z.string()),
    schedule: z.enum(['', 'daily', 'weekly', 'monthly']),
  })
  .superRefine((form, context) => {
    if (form.mode === 'list' && form.columns.length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['columns'],
        message: translate('Choose at least one column'),
      });
    }
    if (form.mode === 'grouped' && form.groupBy.length === 0 && form.measures.length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['groupBy'],
        message: translate('Group by a column or add a measure'),
      });
    }
    const keys = form.measures.map(measureKey);
    const twice = keys.find((key, index) => keys.indexOf(key) !== index);
    if (twice) {
      context.addIssue({
        code: 'custom',
        path: ['measures'],
        message: translate('A measure is chosen twice'),
      });
    }
  });

export type ReportFormValues = z.infer<typeof reportFormSchema>;
export type MeasureValues = ReportFormValues['measures'][number];

export const blankReport = (): ReportFormValues => ({
  title: '',
  entry: '',
  mode: 'list',
  columns: [],
  groupBy: [],
  measures: [],
  filter: '',
  sort: [],
  sharedWith: [],
  schedule: '',
});

/** How `sort` names a measure: `count`, `sum:<column>`, `average:<column>` (the gateway's `MeasureDef::key`). */
export function measureKey(measure: { aggregate: AggregateName; column?: string | null }): string {
  return measure.aggregate === 'count' || !measure.column
    ? 'count'
    : `${measure.aggregate}:${measure.column}`;
}

/** The definition the gateway compiles: only the mode's own choices, names as chosen. */
export function toDefinition(form: ReportFormValues): ReportDefinition {
  const grouped = form.mode === 'grouped';
  const sortable = new Set(sortChoices(form, null).map((choice) => choice.value));
  return {
    entry: form.entry,
    columns: grouped ? [] : form.columns,
    filter: form.filter.trim(),
    group_by: grouped ? form.groupBy : [],
    measures: grouped
      ? form.measures.map((m) =>
          m.aggregate === 'count' ? { aggregate: 'count' } : { aggregate: m.aggregate, column: m.column },
        )
      : [],
    sort: form.sort.filter((s) => sortable.has(s.key)).map((s) => ({ key: s.key, descending: s.descending })),
  };
}

/** What saving sends. */
export function toInput(form: ReportFormValues, rowVersion: number | null): ReportInput {
  return {
    title: form.title.trim(),
    definition: toDefinition(form),
    schedule: form.schedule === '' ? null : (form.schedule as ReportSchedule),
    shared_with: form.sharedWith.map(Number).filter((id) => Number.isInteger(id) && id > 0),
    row_version: rowVersion,
  };
}

/** A saved report in the form. */
export function fromSaved(saved: SavedReport): ReportFormValues {
  const { definition } = saved;
  const grouped = (definition.group_by?.length ?? 0) > 0 || (definition.measures?.length ?? 0) > 0;
  return {
    title: saved.title,
    entry: definition.entry,
    mode: grouped ? 'grouped' : 'list',
    columns: definition.columns ?? [],
    groupBy: definition.group_by ?? [],
    measures: (definition.measures ?? []).map((m) => ({ aggregate: m.aggregate, column: m.column ?? '' })),
    filter: definition.filter ?? '',
    sort: (definition.sort ?? []).map((s) => ({ key: s.key, descending: s.descending ?? false })),
    sharedWith: saved.shared_with.map((person) => String(person.id)),
    schedule: saved.schedule ?? '',
  };
}

/** A measure as the report's header names it ("Count", "Sum of Amount"). */
export function measureLabel(measure: MeasureValues, register: ReportRegister | null): string {
  if (measure.aggregate === 'count') return translate('Count');
  const column = register?.columns.find((c) => c.name === measure.column)?.label ?? measure.column;
  return measure.aggregate === 'sum'
    ? translate('Sum of {{column}}', { column })
    : translate('Average of {{column}}', { column });
}

/** What the report may be sorted by: its shown (or grouped) columns and its measures. */
export function sortChoices(
  form: Pick<ReportFormValues, 'mode' | 'columns' | 'groupBy' | 'measures'>,
  register: ReportRegister | null,
): { value: string; label: string }[] {
  const label = (name: string) => register?.columns.find((c) => c.name === name)?.label ?? name;
  if (form.mode === 'list') return form.columns.map((name) => ({ value: name, label: label(name) }));
  const seen = new Set<string>();
  const measures = form.measures
    .filter((m) => m.aggregate === 'count' || m.column !== '')
    .map((m) => ({ value: measureKey(m), label: measureLabel(m, register) }))
    .filter((choice) => !seen.has(choice.value) && seen.add(choice.value));
  return [...form.groupBy.map((name) => ({ value: name, label: label(name) })), ...measures];
}

/** A condition the builder writes into the filter for a person who does not write the filter language. */
export type ConditionOperator =
  'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge' | 'contains' | 'starts' | 'empty' | 'filled';

export const conditionSchema = z.object({
  column: z.string().min(1, { error: () => translate('Choose a column') }),
  operator: z.enum(['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'contains', 'starts', 'empty', 'filled']),
  value: z.string(),
});
export type ConditionValues = z.infer<typeof conditionSchema>;

const COMPARISONS: Record<'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge', string> = {
  eq: '=',
  ne: '<>',
  lt: '<',
  le: '<=',
  gt: '>',
  ge: '>=',
};

/** The columns a condition can be written for: its own values (not a look-up's key, not a time of day). */
export function conditionColumns(register: ReportRegister | null) {
  return (register?.columns ?? []).filter((c) => !c.lookup && c.kind !== 'datetime');
}

/** The operators that mean something for a column of `kind`, in words. */
export function operatorsFor(
  kind: ReportRegister['columns'][number]['kind'],
): { value: ConditionOperator; label: string }[] {
  const empty = [
    { value: 'empty' as const, label: translate('is empty') },
    { value: 'filled' as const, label: translate('is not empty') },
  ];
  if (kind === 'text') {
    return [
      { value: 'eq', label: translate('is') },
      { value: 'ne', label: translate('is not') },
      { value: 'contains', label: translate('contains') },
      { value: 'starts', label: translate('starts with') },
      ...empty,
    ];
  }
  if (kind === 'date') {
    return [
      { value: 'eq', label: translate('on') },
      { value: 'lt', label: translate('before') },
      { value: 'le', label: translate('on or before') },
      { value: 'gt', label: translate('after') },
      { value: 'ge', label: translate('on or after') },
      ...empty,
    ];
  }
  return [
    { value: 'eq', label: '=' },
    { value: 'ne', label: '≠' },
    { value: 'lt', label: '<' },
    { value: 'le', label: '≤' },
    { value: 'gt', label: '>' },
    { value: 'ge', label: '≥' },
    ...empty,
  ];
}

const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;
/** Text matched inside LIKE: `%`, `_` and `\` stand for themselves. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The filter-language text of `condition` on `column`, or the reason its value does not fit the column (a number
 * column takes a number, a date column a date).
 */
export function conditionText(
  condition: ConditionValues,
  column: Pick<ReportRegister['columns'][number], 'name' | 'kind'>,
): { text: string } | { error: string } {
  const { operator } = condition;
  const value = condition.value.trim();
  if (operator === 'empty') return { text: `${column.name} IS NULL` };
  if (operator === 'filled') return { text: `${column.name} IS NOT NULL` };
  if (value === '') return { error: translate('Enter a value') };
  if (operator === 'contains' || operator === 'starts') {
    const pattern = operator === 'contains' ? `%${likeEscaped(value)}%` : `${likeEscaped(value)}%`;
    return { text: `${column.name} ILIKE ${quoted(pattern)}` };
  }
  let literal: string;
  if (column.kind === 'number') {
    if (!/^-?\d+(\.\d+)?$/.test(value)) return { error: translate('Enter a number, e.g. 1250000 or 12.5') };
    literal = value;
  } else if (column.kind === 'date') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return { error: translate('Enter a date') };
    literal = quoted(value);
  } else {
    literal = quoted(value);
  }
  return { text: `${column.name} ${COMPARISONS[operator]} ${literal}` };
}

/** `filter` with `condition` ANDed to it (the filter in parentheses when it has an OR of its own). */
export function withCondition(filter: string, condition: string): string {
  const current = filter.trim();
  if (current === '') return condition;
  return /\bOR\b/i.test(current) ? `(${current}) AND ${condition}` : `${current} AND ${condition}`;
}
