/**
 * The field forms without React: what each page records (its route's metadata: the fields its sections ask, what
 * the route fixes, the position, the columns the signed-in person fills), the form's checks (the registers' own
 * rules, as the gateway judges them, over the record, each checklist item and both together), the record and
 * lines sent, and the phone's device ID and idempotency keys. Nothing here names a register or its columns.
 */
import { z } from 'zod';

import type { ColumnDef, LinesRuleMeta, PrefillMeta, RuleMeta, ScreenMeta } from '../../api/schema';
import type { OutboxLine } from '../../lib/field-outbox';
import { formatDocumentDate } from '../../lib/format';
import { translate } from '../../lib/i18n';
import {
  formProblems,
  linesRuleProblems,
  ruleProblems,
  type RuleValues,
  ruleValue,
} from '../../lib/record-rule-checks';
import { fieldProblem } from '../../lib/record-rules';
import { type FormValues, toPayload } from '../screens/record-fields';

/**
 * A field page: its route and the title shown before anyone signs in (the metadata needs a session). What it
 * records is its route's metadata (`FieldRecord`), not this table's.
 */
export interface FieldPage {
  route: string;
  title: string;
}

export const FIELD_PAGES: Readonly<Record<string, FieldPage>> = {
  '/rfiwitnessing': { route: '/rfiwitnessing', title: 'RFI witnessing' },
  '/siteinspection': { route: '/siteinspection', title: 'Site inspection' },
};

/** The columns of a record's position on the ground (`position` of the metadata). */
export interface Position {
  latitude: string;
  longitude: string;
}

/**
 * What the route's form records, as its metadata says: the values the route fixes (the kind of inspection), the
 * inputs its sections ask in order (without the other kind's look-up, the position and the person), the position
 * the phone fills from its GPS, and the user columns that default to the signed-in person (the inspector).
 */
export interface FieldRecord {
  fixed: Readonly<Record<string, string>>;
  inputs: readonly ColumnDef[];
  position: Position | null;
  person: readonly string[];
}

export function fieldRecordOf(
  meta: Pick<ScreenMeta, 'fixed' | 'sections' | 'columns' | 'position'>,
): FieldRecord {
  const fixed = meta.fixed ?? {};
  const position = meta.position ?? null;
  const byName = new Map(meta.columns.map((column) => [column.name, column]));
  const person = meta.columns.filter((column) => column.default === 'me').map((column) => column.name);
  const asked = new Set(meta.sections.flatMap((section) => section.columns));
  const inputs = [...asked]
    .map((name) => byName.get(name))
    .filter((column): column is ColumnDef => column !== undefined)
    .filter(
      (column) =>
        !(column.name in fixed) &&
        column.name !== position?.latitude &&
        column.name !== position?.longitude &&
        !person.includes(column.name) &&
        column.read_only !== true &&
        !column.stamp,
    );
  return { fixed, inputs, position, person };
}

/**
 * What the form checks besides each input's own rules: the register's rules over several fields (`[[rules]]`),
 * the checklist's inputs and rules, and the rules over the record and its checklist together. A rule the metadata
 * leaves out is not checked here (the gateway still checks its own).
 */
export interface FieldChoices {
  rules: RegisterRules;
  /** What a checklist line asks: its register's columns but the inspection's key and the prefilled item. */
  checkInputs: ColumnDef[];
  checkRules: RegisterRules;
  /** The rules over the inspection and its checklist together (the child's `rules`). */
  linesRules: readonly LinesRuleMeta[];
}

/** A register's rules over several fields and the columns they read. */
export interface RegisterRules {
  columns: readonly ColumnDef[];
  rules: readonly RuleMeta[];
}

export function fieldChoices(meta: ScreenMeta): FieldChoices {
  // The checklist: the child whose lines start from a chosen record (`checklistRegister`).
  const lines = (meta.children ?? []).find((child) => child.prefill);
  const lineScreen = lines?.screen as { columns?: ColumnDef[]; rules?: RuleMeta[] } | undefined;
  const lineColumns = lineScreen?.columns ?? [];
  return {
    rules: { columns: meta.columns ?? [], rules: meta.rules ?? [] },
    checkInputs: lineColumns.filter(
      (candidate) =>
        candidate.name !== lines?.key &&
        candidate.name !== lines?.prefill?.column &&
        candidate.read_only !== true &&
        candidate.hidden !== true &&
        !candidate.stamp,
    ),
    checkRules: { columns: lineColumns, rules: lineScreen?.rules ?? [] },
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

/** The form's values: the record's inputs as text (blank: no value) and the checklist's items. */
export interface FieldValues {
  fields: FormValues;
  checks: CheckValues[];
}

/**
 * The form's checks, as one Save of the gateway would answer them: each input's own rules and the register's rules
 * over several fields (reading what the route fixes too), each checklist item's, and the rules over the record and
 * its checklist together. Messages are written when a check fails, in the language of that moment.
 */
export function fieldSchema(record: FieldRecord, choices: FieldChoices) {
  return z
    .object({
      fields: z.record(z.string(), z.string()),
      checks: z.array(z.object({ line: z.number(), fields: z.record(z.string(), z.string()) })),
    })
    .superRefine((values, context) => {
      const problems = formProblems(
        record.inputs,
        choices.rules.columns,
        choices.rules.rules,
        values.fields,
        record.fixed,
      );
      for (const [field, message] of Object.entries(problems)) {
        if (record.inputs.some((input) => input.name === field)) {
          context.addIssue({ code: 'custom', path: ['fields', field], message });
        }
      }
      // Each item's inputs by their columns' own rules, then the checklist register's rules over the item.
      values.checks.forEach((check, index) => {
        const found: Record<string, string> = {};
        for (const input of choices.checkInputs) {
          const problem = fieldProblem(input, check.fields[input.name] ?? '');
          if (problem) found[input.name] = problem;
        }
        for (const [field, message] of Object.entries(
          brokenRules(choices.checkRules, checkLine(choices, check)),
        )) {
          if (choices.checkInputs.some((input) => input.name === field)) found[field] ??= message;
        }
        for (const [field, message] of Object.entries(found)) {
          context.addIssue({ code: 'custom', path: ['checks', index, 'fields', field], message });
        }
      });
      // The rules over the inspection and its checklist together, as the gateway judges them after the lines.
      const linesProblems = linesRuleProblems(
        choices.linesRules,
        {
          columns: choices.rules.columns,
          values: ruleValues(choices.rules, { ...record.fixed, ...toPayload(record.inputs, values.fields) }),
        },
        {
          columns: choices.checkRules.columns,
          values: values.checks.map((check) => ruleValues(choices.checkRules, checkLine(choices, check))),
        },
      );
      for (const [field, message] of Object.entries(linesProblems)) {
        if (record.inputs.some((input) => input.name === field)) {
          context.addIssue({ code: 'custom', path: ['fields', field], message });
        }
      }
    });
}

/** A new form: the register's defaults (`blank`: today, the person's package, the first result) and no checklist. */
export function emptyValues(blank: FormValues): FieldValues {
  return { fields: { ...blank }, checks: [] };
}

/** The record as the gateway takes it (`POST /api/data/{entry}`): what the route fixes, the inputs, the position and the person. */
export function toRecord(
  record: FieldRecord,
  values: FieldValues,
  person: number,
): Record<string, string | number | null> {
  const body: Record<string, string | number | null> = {
    ...record.fixed,
    ...toPayload(record.inputs, values.fields),
  };
  if (record.position) {
    for (const column of [record.position.latitude, record.position.longitude]) {
      const value = values.fields[column] ?? '';
      body[column] = value === '' ? null : value;
    }
  }
  for (const column of record.person) body[column] = person;
  return body;
}

/**
 * What the outbox lists for a saved record, in the language of the moment it was saved: what the route fixes,
 * each choice, each date, and the start of the first long text.
 */
export function summaryOf(record: FieldRecord, values: FieldValues): string {
  const parts = Object.values(record.fixed).map((value) => translate(value));
  let text: string | null = null;
  for (const input of record.inputs) {
    const value = (values.fields[input.name] ?? '').trim();
    if (value === '') continue;
    if (input.enum && input.enum.length > 0) parts.push(translate(value));
    else if (input.type === 'date') parts.push(formatDocumentDate(value));
    else if (text === null && !input.lookup && (input.max_length ?? 0) > 300) text = value.slice(0, 60);
  }
  if (text !== null) parts.push(text);
  return parts.join(' · ');
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
  /** Its tab's title ("Checklist"). */
  title: string;
  prefill: PrefillMeta;
}

export function checklistRegister(meta: ScreenMeta): ChecklistRegister | null {
  for (const child of meta.children ?? []) {
    if (child.prefill) {
      return { entry: child.entry, parentKey: child.key, title: child.title, prefill: child.prefill };
    }
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
