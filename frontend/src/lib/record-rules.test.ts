import { describe, expect, it } from 'vitest';

import fixture from '../../../schema-registry/tests/fixtures/form-rules.json';
import type { ColumnDef } from '../api/schema';
import { fieldProblem, initialText } from './record-rules';
import { isChoice, isFlag } from './column-types';

// The same fixture schema-registry/tests/form_rules.rs checks the gateway with: every typed value must get the
// gateway's answer, word for word.
const columns = fixture.entry.columns as ColumnDef[];

describe('form rules match the gateway', () => {
  for (const testCase of fixture.cases) {
    it(`${testCase.field} = ${JSON.stringify(testCase.value)}`, () => {
      const column = columns.find((c) => c.name === testCase.field);
      expect(column).toBeDefined();
      expect(fieldProblem(column as ColumnDef, testCase.value)).toBe(testCase.message);
    });
  }
});

describe('column kinds from the metadata', () => {
  const flag: ColumnDef = { name: 'n_interchange', type: 'smallint', label: 'Interchange', min: 0, max: 1 };

  it('a flag is an integer column from 0 to 1, whatever its name', () => {
    expect(isFlag(flag)).toBe(true);
    expect(isFlag({ ...flag, max: 2 })).toBe(false);
    expect(isFlag({ ...flag, type: 'numeric' })).toBe(false);
  });

  it('choices are lookups, allowed values, flags and booleans', () => {
    expect(isChoice(flag)).toBe(true);
    expect(
      isChoice({
        name: 'n_corridor',
        type: 'bigint',
        label: 'Corridor',
        lookup: { entry: 'corridor', display: 'c_name' },
      }),
    ).toBe(true);
    expect(isChoice({ name: 'c_type', type: 'text', label: 'Type', enum: ['Elevated'] })).toBe(true);
    expect(isChoice({ name: 'b', type: 'boolean', label: 'B' })).toBe(true);
    expect(isChoice({ name: 'c_name', type: 'text', label: 'Name', enum: [] })).toBe(false);
  });

  it('a new record starts with the registry default, not a guess from the name', () => {
    expect(initialText({ ...flag, name: 'n_active', default: 1 })).toBe('1');
    expect(initialText({ ...flag, name: 'n_active' })).toBe('');
    expect(initialText({ name: 'c_status', type: 'text', label: 'Status', default: 'Open' })).toBe('Open');
    expect(initialText({ ...flag, default: null })).toBe('');
  });
});

describe('a new record’s relative defaults', () => {
  const context = { today: '2026-11-25', me: '7', myPackage: '4' };
  const column = (value: string) => ({ name: 'x', type: 'text' as const, label: 'X', default: value });
  it('work out today, the user and their one package', () => {
    expect(initialText(column('today'), context)).toBe('2026-11-25');
    expect(initialText(column('me'), context)).toBe('7');
    expect(initialText(column('my_package'), context)).toBe('4');
    expect(initialText(column('my_package'), { ...context, myPackage: '' })).toBe('');
    expect(initialText(column('Day'), context)).toBe('Day');
  });

  it('work out now, to the minute in India, with the offset only where the column keeps one', () => {
    const now = { ...context, now: '2026-11-25T10:30:00+05:30' };
    const at = (type: 'timestamp' | 'timestamptz') => ({ name: 'd_at', type, label: 'At', default: 'now' });
    expect(initialText(at('timestamptz'), now)).toBe('2026-11-25T10:30:00+05:30');
    expect(initialText(at('timestamp'), now)).toBe('2026-11-25T10:30:00');
    expect(initialText(at('timestamptz'), context)).toBe('');
  });
});
