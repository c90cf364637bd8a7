/**
 * The field forms without React: which inspection each page records, the form's checks (the registers' limits
 * and their rules over several fields, as the gateway judges them), the record sent, and the phone's device ID and
 * idempotency keys.
 */
import { z } from 'zod';

import type { ColumnDef, LinesRuleMeta, PrefillMeta, RuleMeta, ScreenMeta } from '../../api/schema';
import type { OutboxLine } from '../../lib/field-outbox';
import { todayInIndia } from '../../lib/format';
import { translate } from '../../lib/i18n';
import { linesRuleProblems, ruleProblems, type RuleValues, ruleValue } from '../../lib/record-rule-checks';
import { fieldProblem } from '../../lib/record-rules';
import { toPayload } from '../screens/record-fields';

/**
 * A field page: its route and the title shown before anyone signs in (the metadata needs a session). What it
 * records is its route's metadata (`RouteForm`), not this table's.
 */
export interface FieldPage {
  route: string;
  title: string;
}

export const FIELD_PAGES: Readonly<Record<string, FieldPage>> = {
  '/rfiwitnessing': { route: '/rfiwitnessing', title: 'RFI witnessing' },
  '/siteinspection': { route: '/siteinspection', title: 'Site inspection' },
};

/**
 * What the route's metadata says the form records: the values the route fixes (the registry's `[[screen.routes]]`:
 * the kind of inspection) and the columns its form asks (the sections' columns, without the other kind's look-up).
 */
export interface RouteForm {
  fixed: Readonly<Record<string, string>>;
  asks: ReadonlySet<string>;
}

export function routeFormOf(meta: Pick<ScreenMeta, 'fixed' | 'sections'>): RouteForm {
  return {
    fixed: meta.fixed ?? {},
    asks: new Set(meta.sections.flatMap((section) => section.columns)),
  };
}

/**
 * What the form's fields take, as the registers' metadata says (their `enum` and `max_length`): the inspection's
 * results and the lengths of its location and remarks, the checklist's inputs (each line's columns to fill);
 * and the registers' rules over several fields (`[[rules]]`: an RFI witness names its RFI, a site inspection its
 * place, a rejection says what was wrong, an item not conforming says why), with the columns they read. A limit
 * or rule the metadata leaves out is not checked here (the gateway still checks its own).
 */
export interface FieldChoices {
  results: string[];
  /** What a checklist line asks: its register's columns but the inspection's key and the prefilled item. */
  checkInputs: ColumnDef[];
  locationMax?: number;
  remarksMax?: number;
  /** The inspection date's column (its limits). */
  inspected?: ColumnDef;
  /** The result a new inspection starts with (the column's `default`). */
  resultDefault: string;
  rules: RegisterRules;
  checkRules: RegisterRules;
  /** The rules over the inspection and its checklist together (the child's `rules`). */
  linesRules: readonly LinesRuleMeta[];
}

/** A register's rules over several fields and the columns they read. */
export interface RegisterRules {
  columns: readonly ColumnDef[];
  rules: readonly RuleMeta[];
}

function column(columns: readonly ColumnDef[] | undefined, name: string): ColumnDef | undefined {
  return columns?.find((candidate) => candidate.name === name);
}

export function fieldChoices(meta: ScreenMeta): FieldChoices {
  const register = checklistRegister(meta);
  const lines = (meta.children ?? []).find((child) => child.entry === register?.entry);
  const lineScreen = lines?.screen as { columns?: ColumnDef[]; rules?: RuleMeta[] } | undefined;
  const lineColumns = lineScreen?.columns;
  const results = column(meta.columns, 'c_result')?.enum ?? [];
  const resultDefault = column(meta.columns, 'c_result')?.default;
  return {
    results,
    resultDefault: typeof resultDefault === 'string' ? resultDefault : (results[0] ?? ''),
    checkInputs: (lineColumns ?? []).filter(
      (candidate) =>
        candidate.name !== lines?.key &&
        candidate.name !== lines?.prefill?.column &&
        candidate.read_only !== true &&
        candidate.hidden !== true &&
        !candidate.stamp,
    ),
    inspected: column(meta.columns, 'd_inspected'),
    locationMax: column(meta.columns, 'c_location')?.max_length ?? undefined,
    remarksMax: column(meta.columns, 'c_remarks')?.max_length ?? undefined,
    rules: { columns: meta.columns ?? [], rules: meta.rules ?? [] },
    checkRules: { columns: lineColumns ?? [], rules: lineScreen?.rules ?? [] },
    linesRules: lines?.rules ?? [],
  };
}

/**
 * The messages of the rules a record breaks, by column, judged as the gateway judges them (only the columns the
 * register describes; blank is no value).
 */
function brokenRules(
  register: RegisterRules,
  record: Readonly<Record<string, string | number | null>>,
): Record<string, string> {
  return ruleProblems(register.rules, register.columns, ruleValues(register, record));
}

/** A record's values as the rules read them (only the columns the register describes; blank is no value). */
function ruleValues(
  register: RegisterRules,
  record: Readonly<Record<string, string | number | null>>,
): RuleValues {
  const values = new Map<string, string | null>();
  for (const described of register.columns) {
    if (!(described.name in record)) continue;
    const value = record[described.name];
    values.set(described.name, value === null ? null : ruleValue(described, String(value)));
  }
  return values;
}

/**
 * Whether a checklist item asks `column`: a required one always; another when the checklist register's rules would
 * be broken with it empty (an item that does not conform says what).
 */
export function asksFor(choices: FieldChoices, check: CheckValues, column: ColumnDef): boolean {
  if (column.required === true) return true;
  return (
    column.name in brokenRules(choices.checkRules, { ...checkLine(choices, check), [column.name]: null })
  );
}

/** Whether every required input of a checklist item is filled. */
export function isMarked(choices: FieldChoices, check: CheckValues): boolean {
  return choices.checkInputs.every(
    (column) => column.required !== true || (check.fields[column.name] ?? '').trim() !== '',
  );
}

/** The form's checks; their messages are written when a check fails, in the language of that moment. */
export function fieldSchema(form: RouteForm, choices: FieldChoices) {
  const text = (max: number | undefined) =>
    max === undefined
      ? z.string()
      : z.string().max(max, { error: () => translate('At most {{max}} characters', { max }) });
  return z
    .object({
      n_package: z.string().min(1, { error: () => translate('Choose the package') }),
      n_rfi: z.string(),
      n_station: z.string(),
      n_itp: z.string(),
      checks: z.array(z.object({ line: z.number(), fields: z.record(z.string(), z.string()) })),
      c_location: text(choices.locationMax),
      // The date's own limits are its column's (`max = "today"`: not after the programme's day).
      d_inspected: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, { error: () => translate('Enter the date of the inspection') })
        .superRefine((date, context) => {
          const problem = choices.inspected ? fieldProblem(choices.inspected, date) : null;
          if (problem) context.addIssue({ code: 'custom', message: problem });
        }),
      c_result: z.string().refine((result) => choices.results.includes(result), {
        error: () => translate('Choose the result'),
      }),
      c_remarks: text(choices.remarksMax),
      n_latitude: z.number().min(-90).max(90).nullable(),
      n_longitude: z.number().min(-180).max(180).nullable(),
    })
    .superRefine((values, context) => {
      // The registers' rules over several fields, on the records the form would send.
      const record = toRecord(form, values, 0);
      for (const [field, message] of Object.entries(brokenRules(choices.rules, record))) {
        context.addIssue({ code: 'custom', path: [field], message });
      }
      // Each item's inputs by their columns' own rules, then the checklist register's rules over the item.
      values.checks.forEach((check, index) => {
        const problems: Record<string, string> = {};
        for (const input of choices.checkInputs) {
          const problem = fieldProblem(input, check.fields[input.name] ?? '');
          if (problem) problems[input.name] = problem;
        }
        for (const [field, message] of Object.entries(
          brokenRules(choices.checkRules, checkLine(choices, check)),
        )) {
          if (choices.checkInputs.some((input) => input.name === field)) problems[field] ??= message;
        }
        for (const [field, message] of Object.entries(problems)) {
          context.addIssue({ code: 'custom', path: ['checks', index, 'fields', field], message });
        }
      });
      // The rules over the inspection and its checklist together, as the gateway judges them after the lines.
      const linesProblems = linesRuleProblems(
        choices.linesRules,
        { columns: choices.rules.columns, values: ruleValues(choices.rules, record) },
        {
          columns: choices.checkRules.columns,
          values: values.checks.map((check) => ruleValues(choices.checkRules, checkLine(choices, check))),
        },
      );
      for (const [field, message] of Object.entries(linesProblems)) {
        context.addIssue({ code: 'custom', path: [field], message });
      }
    });
}

export type FieldValues = z.input<ReturnType<typeof fieldSchema>>;

export function emptyValues(today: string, choices: Pick<FieldChoices, 'resultDefault'>): FieldValues {
  return {
    n_package: '',
    n_rfi: '',
    n_station: '',
    n_itp: '',
    checks: [],
    c_location: '',
    d_inspected: today,
    c_result: choices.resultDefault,
    c_remarks: '',
    n_latitude: null,
    n_longitude: null,
  };
}

/** Today, as the gateway's database counts days (India): an inspection is never dated after it. */
export function todayText(now = new Date()): string {
  return todayInIndia(now);
}

/** The inspection as the gateway takes it (`POST /api/data/inspection`). */
export function toRecord(
  form: RouteForm,
  values: FieldValues,
  inspector: number,
): Record<string, string | number | null> {
  const optional = (text: string) => (text.trim() === '' ? null : text.trim());
  // A look-up the route's form does not ask is sent empty, whatever an earlier page left in it.
  const asked = (column: string, key: string) => (form.asks.has(column) && key !== '' ? Number(key) : null);
  return {
    ...form.fixed,
    n_package: values.n_package === '' ? null : Number(values.n_package),
    n_rfi: asked('n_rfi', values.n_rfi),
    n_station: asked('n_station', values.n_station),
    n_itp: values.n_itp === '' ? null : Number(values.n_itp),
    c_location: optional(values.c_location),
    d_inspected: values.d_inspected,
    n_inspector: inspector,
    c_result: values.c_result,
    c_remarks: optional(values.c_remarks),
    n_latitude: values.n_latitude,
    n_longitude: values.n_longitude,
  };
}

/** `bytes` random bytes as upper-case hex. */
function randomHex(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(values, (value) => value.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}

/** A new idempotency key for one queued inspection (a plain-HTTP site has no `crypto.randomUUID`). */
export function newSendKey(): string {
  return `field-${randomHex(16)}`;
}

const DEVICE_KEY = 'pmis-device-id';

/**
 * This browser's device ID, made once and kept: an administrator registers it for the inspector
 * (`/administration/deviceregistration`), and a sign-in naming it then lasts for weeks.
 */
export function deviceId(storage: Storage = localStorage): string {
  const kept = storage.getItem(DEVICE_KEY);
  if (kept && /^[A-Za-z0-9:._-]{8,64}$/.test(kept)) return kept;
  const made = `WEB-${randomHex(6)}`;
  storage.setItem(DEVICE_KEY, made);
  return made;
}

/** A position to the register's six decimals (about 10 cm). */
export function roundedDegrees(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/**
 * The inspection's checklist as its metadata names it: the child register whose lines start as a chosen record's
 * lines (its `prefill`: the chosen ITP's activities), the column holding the inspection's key, and where the lines
 * start from. Null when the registry gives the inspection no such child (the form then has no checklist).
 */
export interface ChecklistRegister {
  entry: string;
  parentKey: string;
  prefill: PrefillMeta;
}

export function checklistRegister(meta: ScreenMeta): ChecklistRegister | null {
  for (const child of meta.children ?? []) {
    if (child.prefill) return { entry: child.entry, parentKey: child.key, prefill: child.prefill };
  }
  return null;
}

/** A checklist item: the prefilled line it checks (its source row's id) and its inputs' text by column. */
export interface CheckValues {
  line: number;
  fields: Record<string, string>;
}

/** A new item of the checklist for the prefilled line `line`: each input at its column's default. */
export function newCheck(choices: FieldChoices, line: number): CheckValues {
  return {
    line,
    fields: Object.fromEntries(
      choices.checkInputs.map((input) => [
        input.name,
        typeof input.default === 'string' ? input.default : '',
      ]),
    ),
  };
}

/** The checklist as lines of the inspection's checklist register. */
export function toChecklistLines(
  values: FieldValues,
  register: ChecklistRegister | null,
  choices: FieldChoices,
): OutboxLine[] {
  if (!register) return [];
  return values.checks.map((check) => ({
    entry: register.entry,
    parentKey: register.parentKey,
    record: { [register.prefill.column]: check.line, ...checkLine(choices, check) },
  }));
}

/** A checklist item's inputs as a line of the checklist register (blank is null; the item is added when sent). */
function checkLine(choices: FieldChoices, check: CheckValues): Record<string, string | null> {
  return toPayload(choices.checkInputs, check.fields);
}
