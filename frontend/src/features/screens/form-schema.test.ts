import { describe, expect, it } from 'vitest';

import fixture from '../../../../schema-registry/tests/fixtures/form-rules.json';
import type { ColumnDef, ScreenMeta } from '../../api/schema';
import { blankValues, formSchema, formSections, toFormValues, toPayload } from './form-schema';

const columns = fixture.entry.columns as ColumnDef[];

describe('the form schema built from the metadata', () => {
  it('gives the gateway answers per field', () => {
    const writable = columns.filter((c) => !c.read_only);
    const schema = formSchema(writable);
    for (const testCase of fixture.cases) {
      const values: Record<string, string> = Object.fromEntries(writable.map((c) => [c.name, '']));
      values.c_code = 'C1';
      values[testCase.field] = testCase.value;
      const result = schema.safeParse(values);
      const issue = result.success
        ? undefined
        : result.error.issues.find((i) => i.path[0] === testCase.field)?.message;
      expect(issue ?? null, `${testCase.field} = ${JSON.stringify(testCase.value)}`).toBe(testCase.message);
    }
  });
});

describe('one Save checks every field and every rule over several fields', () => {
  it('reports a field problem and a broken rule together', () => {
    const writable = columns.filter((c) => !c.read_only);
    const rules = [
      {
        check: { op: '>=', left: { column: 'd_closed' }, right: { column: 'd_opened' } },
        message: 'Closed must be on or after Opened',
        fields: ['d_closed'],
      },
    ];
    const values: Record<string, string> = Object.fromEntries(writable.map((c) => [c.name, '']));
    Object.assign(values, { c_code: 'c 1', d_opened: '2026-05-01', d_closed: '2026-04-30' });
    const result = formSchema(writable, columns, rules).safeParse(values);
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['c_code', 'Code: use capital letters, digits and hyphens, starting with a letter or digit'],
      ['d_closed', 'Closed must be on or after Opened'],
    ]);
  });
});

const users: ScreenMeta = {
  route: '/x',
  entry: 'users',
  title: 'User',
  primary_key: 'id',
  writable: true,
  actions: { create: true, update: true, delete: true, export: true },
  default_sort: [],
  phone_columns: [],
  list_columns: [],
  lookups: [],
  rules: [],
  sections: [
    { title: 'Account', columns: ['id', 'c_name', 'n_active', 'n_gone'] },
    { title: 'Audit', columns: ['d_created_at'] },
  ],
  columns: [
    { name: 'id', type: 'bigint', label: 'ID', read_only: true },
    { name: 'c_name', type: 'text', label: 'Name', required: true },
    { name: 'n_active', type: 'smallint', label: 'Active', min: 0, max: 1, default: 1 },
    { name: 'n_inactive', type: 'smallint', label: 'Retired', min: 0, max: 1 },
    { name: 'd_created_at', type: 'timestamptz', label: 'Created', read_only: true },
  ],
};

describe('the form of a screen', () => {
  it('keeps the writable columns of each section and drops empty sections', () => {
    expect(formSections(users)).toEqual([
      { title: 'Account', columns: [users.columns[1], users.columns[2]] },
    ]);
  });

  it('shows the read-only columns of a record that exists, and never a workflow state column', () => {
    const withState: ScreenMeta = {
      ...users,
      sections: [{ title: 'Account', columns: ['id', 'c_state', 'c_name'] }],
      columns: [...users.columns, { name: 'c_state', type: 'text', label: 'Status', read_only: true }],
      workflow: { state_column: 'c_state', initial: 'New', states: [], transitions: [] },
    };
    expect(formSections(withState, { existing: true })).toEqual([
      { title: 'Account', columns: [users.columns[0], users.columns[1]] },
    ]);
    expect(formSections(users, { existing: true })).toEqual([
      { title: 'Account', columns: [users.columns[0], users.columns[1], users.columns[2]] },
      { title: 'Audit', columns: [users.columns[4]] },
    ]);
  });

  it('lets a new record leave empty what the gateway stamps from the session (the organisation), not a stored one', () => {
    const org: ColumnDef = {
      name: 'n_from_org',
      type: 'bigint',
      label: 'Originator organisation',
      required: true,
      stamp: 'organisation',
    };
    const code: ColumnDef = {
      name: 'c_originator',
      type: 'text',
      label: 'Originator',
      required: true,
      stamp: 'organisation_code',
    };
    const filed: ScreenMeta = {
      ...users,
      sections: [{ title: 'Filed by', columns: ['n_from_org', 'c_originator', 'c_name'] }],
      columns: [...users.columns, org, code],
    };
    const [fresh] = formSections(filed);
    expect(fresh?.columns.map((column) => [column.name, column.required === true])).toEqual([
      ['n_from_org', false],
      ['c_originator', false],
      ['c_name', users.columns[1]?.required === true],
    ]);
    const [stored] = formSections(filed, { existing: true });
    expect(stored?.columns.filter((column) => column.stamp).map((column) => column.required)).toEqual([
      true,
      true,
    ]);
  });

  it('never asks for a number the server gives, and lets a person leave a typed number empty on a new record', () => {
    const number: ColumnDef = { name: 'c_number', type: 'text', label: 'Number', required: true };
    const numbering = { column: 'c_number', pattern: '{seq:04}' };
    const numbered: ScreenMeta = {
      ...users,
      sections: [{ title: 'Document', columns: ['c_number', 'c_name'] }],
      columns: [...users.columns, number],
      numbering,
    };
    expect(formSections(numbered)).toEqual([{ title: 'Document', columns: [users.columns[1]] }]);
    expect(formSections(numbered, { existing: true })).toEqual([
      { title: 'Document', columns: [{ ...number, read_only: true }, users.columns[1]] },
    ]);
    const typed: ScreenMeta = { ...numbered, numbering: { ...numbering, typed: true } };
    expect(formSections(typed)).toEqual([
      { title: 'Document', columns: [{ ...number, required: false }, users.columns[1]] },
    ]);
    expect(formSections(typed, { existing: true })).toEqual([
      { title: 'Document', columns: [number, users.columns[1]] },
    ]);
  });

  it('starts a new record with the registry defaults', () => {
    expect(blankValues(users.columns.slice(1, 4))).toEqual({ c_name: '', n_active: '1', n_inactive: '' });
  });

  it('turns records into text values and back, blank meaning null', () => {
    const inputs = users.columns.slice(1, 3);
    expect(toFormValues(inputs, { c_name: 'Asha', n_active: 0 })).toEqual({ c_name: 'Asha', n_active: '0' });
    expect(toPayload(inputs, { c_name: ' ', n_active: '1' })).toEqual({ c_name: null, n_active: '1' });
  });
});
