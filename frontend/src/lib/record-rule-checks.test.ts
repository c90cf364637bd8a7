import { describe, expect, it } from 'vitest';

import fixture from '../../../schema-registry/tests/fixtures/form-rules.json';
import type { ColumnDef, RuleMeta } from '../api/schema';
import { formProblems, judge, ruleProblems } from './record-rule-checks';

const columns = fixture.entry.columns as ColumnDef[];
const inputs = columns.filter((column) => column.read_only !== true);
const byName = new Map(columns.map((column) => [column.name, column]));

// The fixture states its rules as the registry does (filter text); `GET /api/screen` sends them as the tree
// rules.rs `to_json` makes of that text. These are those trees, one per rule of the fixture.
const TREES: Record<string, unknown> = {
  'd_closed >= d_opened': { op: '>=', left: { column: 'd_closed' }, right: { column: 'd_opened' } },
  "n_to_km > n_from_km OR (n_to_km = n_from_km AND c_status = 'Planned')": {
    or: [
      { op: '>', left: { column: 'n_to_km' }, right: { column: 'n_from_km' } },
      {
        and: [
          { op: '=', left: { column: 'n_to_km' }, right: { column: 'n_from_km' } },
          { op: '=', left: { column: 'c_status' }, right: { value: 'Planned' } },
        ],
      },
    ],
  },
};

const rules: RuleMeta[] = fixture.entry.rules.map((rule) => ({
  check: TREES[rule.check] as Record<string, unknown>,
  message: rule.message,
  fields: rule.fields,
}));

describe('rules over several fields match the gateway', () => {
  it('has the tree of every rule of the fixture', () => {
    for (const rule of fixture.entry.rules) expect(TREES[rule.check], rule.check).toBeDefined();
  });

  for (const testCase of fixture.rule_cases) {
    it(JSON.stringify(testCase.values), () => {
      const values: Record<string, string> = Object.fromEntries(inputs.map((c) => [c.name, '']));
      Object.assign(values, { c_code: 'C1' }, testCase.values);
      expect(formProblems(inputs, columns, rules, values)).toEqual(testCase.problems);
    });
  }
});

describe('three-valued judgement', () => {
  const values = (entries: [string, string | null][]) => new Map(entries);

  it('compares numbers as exact decimals and dates as ISO text', () => {
    const check = { op: '<', left: { column: 'n_from_km' }, right: { value: '10' } };
    expect(judge(check, byName, values([['n_from_km', '9.999999999999999999']]))).toBe(true);
    expect(judge(check, byName, values([['n_from_km', '10.000']]))).toBe(false);
    const dates = { op: '>=', left: { column: 'd_closed' }, right: { value: '2026-01-05' } };
    expect(judge(dates, byName, values([['d_closed', '2026-01-04']]))).toBe(false);
  });

  it('is unknown with an empty value, and only false breaks a rule', () => {
    const check = { op: '=', left: { column: 'c_status' }, right: { value: 'Open' } };
    expect(judge(check, byName, values([['c_status', null]]))).toBeNull();
    expect(judge({ not: check }, byName, values([['c_status', null]]))).toBeNull();
    expect(judge({ and: [check, { constant: false }] }, byName, values([['c_status', null]]))).toBe(false);
    expect(judge({ or: [check, { constant: true }] }, byName, values([['c_status', null]]))).toBe(true);
    expect(judge({ unknown: true }, byName, values([]))).toBeNull();
    const rule = { check: { unknown: true }, message: 'left to the gateway', fields: ['c_status'] };
    expect(ruleProblems([rule], columns, values([]))).toEqual({});
  });

  it('judges IS NULL, IN, BETWEEN and flags', () => {
    const status = values([['c_status', 'Open']]);
    expect(judge({ is_null: 'c_status', negated: false }, byName, status)).toBe(false);
    expect(judge({ is_null: 'c_status', negated: true }, byName, status)).toBe(true);
    expect(judge({ is_null: 'c_name', negated: false }, byName, status)).toBeNull();
    expect(judge({ in: 'c_status', values: ['Planned', 'Open'], negated: false }, byName, status)).toBe(true);
    expect(judge({ in: 'c_status', values: ['Planned'], negated: true }, byName, status)).toBe(true);
    const length = values([['n_length_km', '2.50']]);
    expect(judge({ between: 'n_length_km', low: '2.5', high: '3', negated: false }, byName, length)).toBe(
      true,
    );
    expect(judge({ between: 'n_length_km', low: '2.6', high: '3', negated: false }, byName, length)).toBe(
      false,
    );
    expect(judge({ flag: 'n_active' }, byName, values([['n_active', '1']]))).toBe(true);
    expect(judge({ flag: 'n_active' }, byName, values([['n_active', '0']]))).toBe(false);
  });

  it('keeps a field its own problem and reports every other at once', () => {
    const values: Record<string, string> = Object.fromEntries(inputs.map((c) => [c.name, '']));
    Object.assign(values, { c_code: 'c1', n_sequence: '0', d_opened: '2026-05-01', d_closed: '2026-02-30' });
    expect(formProblems(inputs, columns, rules, values)).toEqual({
      c_code: 'Code: use capital letters, digits and hyphens, starting with a letter or digit',
      n_sequence: 'Sequence must be a whole number between 1 and 999',
      d_closed: 'Closed must be a real date (day, month and year), such as 2026-11-23',
    });
  });
});
