/**
 * The rules over several fields of a screen (`rules` of `GET /api/screen`), judged in the browser as the gateway
 * judges them (schema-registry/src/rules.rs), so one Save shows every problem: each field's own problem
 * (`fieldProblem`) and, for the values that passed those, the message of every broken rule under each of its
 * fields. Judged like a database CHECK: a comparison with an empty value is unknown, AND, OR and NOT are
 * three-valued, and only a rule that is false is broken. The shared fixture
 * (schema-registry/tests/fixtures/form-rules.json, `rule_cases`) holds both sides to the same answers.
 */
import type { ColumnDef, LinesRuleMeta, RuleMeta } from '../api/schema';
import { translate } from './i18n';
import { compareDecimal, fieldProblem, parseDecimal } from './record-rules';
import { isNumberType, isTextType } from './column-types';

/** A record's values as the rules read them: text, null for empty; a column missing from the map is unknown. */
export type RuleValues = ReadonlyMap<string, string | null>;

/** true, false, or null for unknown. */
type Truth = boolean | null;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** Two values of `column`'s type compared as that type; null when either is not such a value. */
function compare(column: ColumnDef, a: string, b: string): number | null {
  if (isNumberType(column.type)) {
    const left = parseDecimal(a.trim());
    const right = parseDecimal(b.trim());
    return left && right ? compareDecimal(left, right) : null;
  }
  const order = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  switch (column.type) {
    // ISO dates and times order as text.
    case 'date':
    case 'time':
    case 'timestamp':
    case 'timestamptz':
      return order(a.trim(), b.trim());
    case 'boolean': {
      const truth = (v: string) => (['true', 't', '1', 'yes'].includes(v.trim()) ? 1 : 0);
      return truth(a) - truth(b);
    }
    default:
      return order(a, b);
  }
}

const COMPARISONS: Record<string, (ordering: number) => boolean> = {
  '=': (o) => o === 0,
  '<>': (o) => o !== 0,
  '<': (o) => o < 0,
  '<=': (o) => o <= 0,
  '>': (o) => o > 0,
  '>=': (o) => o >= 0,
};

function and(values: Truth[]): Truth {
  if (values.includes(false)) return false;
  return values.every((v) => v === true) ? true : null;
}

function or(values: Truth[]): Truth {
  if (values.includes(true)) return true;
  return values.every((v) => v === false) ? false : null;
}

/** The condition tree (`RuleMeta.check`) on `values`; anything the tree does not describe is unknown. */
export function judge(check: unknown, columns: ReadonlyMap<string, ColumnDef>, values: RuleValues): Truth {
  if (!isObject(check)) return null;
  const valueOf = (name: unknown): string | null => {
    const column = text(name);
    return column === null ? null : (values.get(column) ?? null);
  };
  const negate = (truth: Truth): Truth => (truth === null ? null : check.negated === true ? !truth : truth);

  if (Array.isArray(check.and)) return and(check.and.map((c) => judge(c, columns, values)));
  if (Array.isArray(check.or)) return or(check.or.map((c) => judge(c, columns, values)));
  if ('not' in check) {
    const inner = judge(check.not, columns, values);
    return inner === null ? null : !inner;
  }
  if (typeof check.op === 'string') {
    const test = COMPARISONS[check.op];
    const left = isObject(check.left) ? check.left : {};
    const right = isObject(check.right) ? check.right : {};
    const name = text(left.column) ?? text(right.column);
    const column = name === null ? undefined : columns.get(name);
    if (!test || !column) return null;
    const side = (operand: Json) => ('column' in operand ? valueOf(operand.column) : text(operand.value));
    const a = side(left);
    const b = side(right);
    if (a === null || b === null) return null;
    const ordering = compare(column, a, b);
    return ordering === null ? null : test(ordering);
  }
  if ('is_null' in check) {
    const name = text(check.is_null);
    if (name === null || !values.has(name)) return null;
    return negate(values.get(name) === null);
  }
  if ('in' in check) {
    const column = columns.get(text(check.in) ?? '');
    const value = valueOf(check.in);
    if (!column || value === null || !Array.isArray(check.values)) return null;
    const found = check.values.some((item) => typeof item === 'string' && compare(column, value, item) === 0);
    return negate(found);
  }
  if ('between' in check) {
    const column = columns.get(text(check.between) ?? '');
    const value = valueOf(check.between);
    const low = text(check.low);
    const high = text(check.high);
    if (!column || value === null || low === null || high === null) return null;
    const above = compare(column, value, low);
    const below = compare(column, value, high);
    if (above === null || below === null) return null;
    return negate(above >= 0 && below <= 0);
  }
  if (typeof check.constant === 'boolean') return check.constant;
  if ('flag' in check) {
    const value = valueOf(check.flag);
    return value === null ? null : ['true', 't', '1'].includes(value);
  }
  // {"unknown": true} and any form a newer gateway adds: left to the gateway.
  return null;
}

/**
 * The messages of the broken rules, by field: each field gets the first broken rule that names it, in the user's
 * language when the language file has the registry's message.
 */
export function ruleProblems(
  rules: readonly RuleMeta[],
  columns: readonly ColumnDef[],
  values: RuleValues,
): Record<string, string> {
  const byName = new Map(columns.map((column) => [column.name, column]));
  const problems: Record<string, string> = {};
  for (const rule of rules) {
    if (judge(rule.check, byName, values) !== false) continue;
    for (const field of rule.fields) problems[field] ??= translate(rule.message);
  }
  return problems;
}

/**
 * The messages of the broken rules over a record and its lines (`rules` of a child register), by the record's
 * field, as the gateway judges them after a write (schema-registry/src/process.rs, `lines_rule_sql`): a rule is
 * broken when some line's `when_any` is true and the record's `check` is false.
 */
export function linesRuleProblems(
  rules: readonly LinesRuleMeta[],
  record: { columns: readonly ColumnDef[]; values: RuleValues },
  lines: { columns: readonly ColumnDef[]; values: readonly RuleValues[] },
): Record<string, string> {
  const recordColumns = new Map(record.columns.map((column) => [column.name, column]));
  const lineColumns = new Map(lines.columns.map((column) => [column.name, column]));
  const problems: Record<string, string> = {};
  for (const rule of rules) {
    if (judge(rule.check, recordColumns, record.values) !== false) continue;
    if (!lines.values.some((line) => judge(rule.when_any, lineColumns, line) === true)) continue;
    for (const field of rule.fields) problems[field] ??= translate(rule.message);
  }
  return problems;
}

/** A typed value as the gateway keeps it for the rules: blank is null, text as typed, anything else trimmed. */
export function ruleValue(column: ColumnDef, raw: string): string | null {
  if (raw.trim() === '') return null;
  return isTextType(column.type) ? raw : raw.trim();
}

/**
 * Everything wrong with a form's values, by field, as one Save of the gateway would answer: each input's own
 * problem, then the rules over the values that passed their own checks (a field showing its own problem keeps it).
 * `columns` are every column the screen describes (a rule may read one that is not an input); `known` the values
 * the record carries without an input (what its route fixes: a site inspection's kind), which the rules read too.
 */
export function formProblems(
  inputs: readonly ColumnDef[],
  columns: readonly ColumnDef[],
  rules: readonly RuleMeta[],
  values: Readonly<Record<string, string>>,
  known: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const problems: Record<string, string> = {};
  const judged = new Map<string, string | null>();
  for (const column of inputs) {
    const raw = values[column.name] ?? '';
    const problem = fieldProblem(column, raw);
    if (problem) problems[column.name] = problem;
    else judged.set(column.name, ruleValue(column, raw));
  }
  for (const [name, raw] of Object.entries(known)) {
    const column = columns.find((candidate) => candidate.name === name);
    if (column && !judged.has(name) && !(name in problems)) judged.set(name, ruleValue(column, raw));
  }
  for (const [field, message] of Object.entries(ruleProblems(rules, columns, judged))) {
    problems[field] ??= message;
  }
  return problems;
}
