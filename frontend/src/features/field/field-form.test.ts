import { afterEach, describe, expect, it, vi } from 'vitest';

import type { ScreenMeta } from '../../api/schema';
import {
  asksFor,
  checklistRegister,
  deviceId,
  emptyValues,
  FIELD_PAGES,
  fieldChoices,
  fieldRecordOf,
  fieldSchema,
  isMarked,
  newCheck,
  newSendKey,
  roundedDegrees,
  summaryOf,
  toChecklistLines,
  toRecord,
} from './field-form';

const notNull = (column: string) => ({ is_null: column, negated: true });
const isValue = (column: string, op: string, value: string) => ({
  op,
  left: { column },
  right: { value },
});

/** The inspection's metadata as `GET /api/screen` gives it (inspection.toml, inspection_check.toml). */
const inspectionRules = [
  {
    check: { or: [isValue('c_kind', '<>', 'RFI witness'), notNull('n_rfi')] },
    message: 'Choose the RFI witnessed',
    fields: ['n_rfi'],
  },
  {
    check: {
      or: [{ or: [isValue('c_kind', '<>', 'Site inspection'), notNull('n_station')] }, notNull('c_location')],
    },
    message: 'Choose a station or describe the place',
    fields: ['c_location'],
  },
  {
    check: { or: [isValue('c_result', '=', 'Witnessed'), notNull('c_remarks')] },
    message: 'Say what was wrong',
    fields: ['c_remarks'],
  },
];
const checkRules = [
  {
    check: { or: [isValue('c_result', '<>', 'Does not conform'), notNull('c_remarks')] },
    message: 'Say what does not conform',
    fields: ['c_remarks'],
  },
];
/** The inspection and its checklist together (inspection.toml `[[children.rules]]`). */
const linesRule = {
  when_any: isValue('c_result', '=', 'Does not conform'),
  check: isValue('c_result', '<>', 'Witnessed'),
  message: 'An item does not conform: the result is Rejected or Re-inspection',
  fields: ['c_result'],
};
const prefill = {
  from: 'n_itp',
  entry: 'itp_activity',
  key: 'n_itp',
  column: 'n_itp_activity',
  name: 'c_activity',
  shows: [{ name: 'c_acceptance', label: 'Acceptance criteria' }],
};
const lookup = (entry: string, display: string, same?: Record<string, string>) => ({ entry, display, same });
const columns = [
  { name: 'c_kind', type: 'text', label: 'Kind', required: true, enum: ['RFI witness', 'Site inspection'] },
  {
    name: 'n_package',
    type: 'bigint',
    label: 'Package',
    required: true,
    lookup: lookup('package', 'c_code'),
  },
  {
    name: 'n_rfi',
    type: 'bigint',
    label: 'RFI',
    lookup: lookup('rfi', 'c_rfi_no', { n_package: 'n_package' }),
  },
  {
    name: 'n_itp',
    type: 'bigint',
    label: 'ITP',
    lookup: lookup('itp', 'c_itp_no', { n_package: 'n_package' }),
  },
  { name: 'n_station', type: 'bigint', label: 'Station', lookup: lookup('station', 'c_name') },
  { name: 'c_location', type: 'text', label: 'Location', max_length: 200 },
  {
    name: 'd_inspected',
    type: 'date',
    label: 'Inspected on',
    required: true,
    min: '2000-01-01',
    max: 'today',
  },
  {
    name: 'n_inspector',
    type: 'bigint',
    label: 'Inspector',
    required: true,
    lookup: lookup('v_user_list', 'name'),
    default: 'me',
  },
  {
    name: 'c_result',
    type: 'text',
    label: 'Result',
    required: true,
    enum: ['Witnessed', 'Rejected', 'Re-inspection'],
    default: 'Witnessed',
  },
  { name: 'c_remarks', type: 'text', label: 'Remarks', max_length: 2000 },
  { name: 'n_latitude', type: 'numeric', label: 'Latitude', min: -90, max: 90 },
  { name: 'n_longitude', type: 'numeric', label: 'Longitude', min: -180, max: 180 },
];
const sections = (hides: string) => [
  {
    title: 'Inspection',
    columns: [
      'c_kind',
      'n_package',
      'n_rfi',
      'n_itp',
      'n_station',
      'c_location',
      'd_inspected',
      'n_inspector',
      'c_result',
      'c_remarks',
    ].filter((name) => name !== hides),
  },
  { title: 'Position', columns: ['n_latitude', 'n_longitude'] },
];
const inspectionMeta = {
  entry: 'inspection',
  rules: inspectionRules,
  columns,
  sections: sections(''),
  position: { latitude: 'n_latitude', longitude: 'n_longitude' },
  children: [
    {
      entry: 'inspection_check',
      key: 'n_inspection',
      title: 'Checklist',
      delete: 'cascade',
      screen: {
        columns: [
          {
            name: 'n_inspection',
            type: 'bigint',
            label: 'Inspection',
            required: true,
            lookup: lookup('inspection', 'd_inspected'),
          },
          {
            name: 'n_itp_activity',
            type: 'bigint',
            label: 'Activity',
            required: true,
            lookup: lookup('itp_activity', 'c_activity'),
          },
          {
            name: 'c_result',
            type: 'text',
            label: 'Found',
            required: true,
            enum: ['Conforms', 'Does not conform', 'Not applicable'],
          },
          { name: 'c_remarks', type: 'text', label: 'Remarks', max_length: 500 },
        ],
        rules: checkRules,
      },
      rules: [linesRule],
      prefill,
    },
  ],
} as unknown as ScreenMeta;
/** Each route's metadata (inspection.toml `[[screen.routes]]`): its kind, without the other kind's look-up. */
const atRoute = (kind: string, hides: string) =>
  fieldRecordOf({ ...inspectionMeta, fixed: { c_kind: kind }, sections: sections(hides) });
const witness = atRoute('RFI witness', 'n_station');
const site = atRoute('Site inspection', 'n_rfi');
const choices = fieldChoices(inspectionMeta);
const today = '2026-11-26';
/** A new form's values as the engine's set-up gives them (each column's default; the route's fixed value). */
const blank = { c_kind: 'RFI witness', d_inspected: today, c_result: 'Witnessed' };

/** A checklist item of the prefilled line `line`: its finding and remarks as typed. */
const item = (line: number, found: string, remarks: string) => ({
  line,
  fields: { c_result: found, c_remarks: remarks },
});

function messages(
  page: typeof witness,
  fields: Record<string, string>,
  checks: ReturnType<typeof item>[] = [],
  rules = choices,
) {
  const values = { fields: { ...blank, ...fields }, checks };
  const result = fieldSchema(page, rules).safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the field forms', () => {
  it('are the two routes of docs/console.md §2, each recording what its metadata fixes and asks', () => {
    expect(Object.keys(FIELD_PAGES)).toEqual(['/rfiwitnessing', '/siteinspection']);
    expect(witness.fixed).toEqual({ c_kind: 'RFI witness' });
    // The fields asked: the sections' columns but what the route fixes, the position and the person.
    expect(witness.inputs.map((input) => input.name)).toEqual([
      'n_package',
      'n_rfi',
      'n_itp',
      'c_location',
      'd_inspected',
      'c_result',
      'c_remarks',
    ]);
    expect(site.inputs.map((input) => input.name)).toContain('n_station');
    expect(site.inputs.map((input) => input.name)).not.toContain('n_rfi');
    expect(witness.position).toEqual({ latitude: 'n_latitude', longitude: 'n_longitude' });
    expect(witness.person).toEqual(['n_inspector']);
  });

  it('take every check from the registers metadata, not a copy of their own', () => {
    expect(choices.rules.rules).toBe(inspectionRules);
    expect(choices.checkRules.rules).toBe(checkRules);
    expect(choices.linesRules).toEqual([linesRule]);
    // A checklist line asks its register's columns but the inspection's key and the prefilled activity.
    expect(choices.checkInputs.map((input) => [input.name, input.enum ?? input.max_length])).toEqual([
      ['c_result', ['Conforms', 'Does not conform', 'Not applicable']],
      ['c_remarks', 500],
    ]);
    expect(messages(witness, { n_package: '4', n_rfi: '9', c_result: 'Approved', c_remarks: 'x' })).toEqual({
      'fields.c_result': 'Result must be one of: Witnessed, Rejected, Re-inspection',
    });
    expect(fieldChoices({ columns: [] } as unknown as ScreenMeta)).toEqual({
      rules: { columns: [], rules: [] },
      checkInputs: [],
      checkRules: { columns: [], rules: [] },
      linesRules: [],
    });
  });

  it('ask for what an inspector must say on site, reading the kind the route fixes', () => {
    expect(messages(witness, {})).toEqual({
      'fields.n_package': 'Package is required',
      'fields.n_rfi': 'Choose the RFI witnessed',
    });
    expect(messages(site, { c_kind: 'Site inspection', n_package: '4' })).toEqual({
      'fields.c_location': 'Choose a station or describe the place',
    });
    expect(messages(site, { n_package: '4', n_station: '2' })).toEqual({});
    expect(messages(witness, { n_package: '4', n_rfi: '9', c_result: 'Rejected' })).toEqual({
      'fields.c_remarks': 'Say what was wrong',
    });
    expect(messages(witness, { n_package: '4', n_rfi: '9', c_remarks: 'x'.repeat(2001) })).toEqual({
      'fields.c_remarks': 'Remarks must be at most 2000 characters (it has 2001)',
    });
    // The date's limits are its column's: not after today (India's day: 26 Nov at 20:00 UTC is 27 Nov there).
    vi.setSystemTime(new Date('2026-11-26T12:00:00Z'));
    expect(messages(witness, { n_package: '4', n_rfi: '9', d_inspected: '2026-11-27' })).toEqual({
      'fields.d_inspected': 'Inspected on cannot be after today',
    });
    vi.setSystemTime(new Date('2026-11-26T20:00:00Z'));
    expect(messages(witness, { n_package: '4', n_rfi: '9', d_inspected: '2026-11-27' })).toEqual({});
    expect(messages(witness, { n_package: '4', n_rfi: '9', d_inspected: '1999-12-31' })).toEqual({
      'fields.d_inspected': 'Inspected on must be on or after 01 Jan, 2000',
    });
  });

  it('check every rule the registers declare, one added to the registry file included', () => {
    const added = {
      check: { or: [isValue('c_result', '<>', 'Re-inspection'), notNull('n_station')] },
      message: 'A re-inspection names the station',
      fields: ['n_station'],
    };
    const stricter = fieldChoices({ ...inspectionMeta, rules: [...inspectionRules, added] } as ScreenMeta);
    const values = { n_package: '4', c_result: 'Re-inspection', c_remarks: 'x', c_location: 'P112' };
    expect(messages(site, { ...values, c_kind: 'Site inspection' }, [], stricter)).toEqual({
      'fields.n_station': 'A re-inspection names the station',
    });
    expect(messages(site, { ...values, c_kind: 'Site inspection', n_station: '2' }, [], stricter)).toEqual(
      {},
    );
  });

  it('send the record as the register takes it: what the route fixes, the inputs, the position and the person', () => {
    const values = emptyValues({ ...blank, n_package: '4', n_rfi: '9', c_location: 'P112 ' });
    values.fields.n_station = '2';
    values.fields.n_latitude = '12.971599';
    expect(toRecord(witness, values, 7)).toEqual({
      c_kind: 'RFI witness',
      n_package: '4',
      n_rfi: '9',
      n_itp: null,
      c_location: 'P112 ',
      d_inspected: today,
      c_result: 'Witnessed',
      c_remarks: null,
      // Not asked at this route: not sent, whatever the values hold (n_station).
      n_latitude: '12.971599',
      n_longitude: null,
      n_inspector: 7,
    });
    expect(toRecord(site, values, 7)).toMatchObject({ c_kind: 'Site inspection', n_station: '2' });
    expect(toRecord(site, values, 7)).not.toHaveProperty('n_rfi');
    expect(roundedDegrees(12.97159949)).toBe(12.971599);
    expect(
      summaryOf(witness, { ...values, fields: { ...values.fields, c_remarks: 'Cover blocks missing' } }),
    ).toBe('RFI witness · 26 Nov, 2026 · Witnessed · Cover blocks missing');
  });

  it('ask for every checklist item and refuse a witness of work that does not conform', () => {
    const base = { n_package: '4', n_rfi: '9', n_itp: '1' };
    expect(messages(witness, base, [item(1, '', ''), item(2, 'Does not conform', ' ')])).toEqual({
      'checks.0.fields.c_result': 'Found is required',
      'checks.1.fields.c_remarks': 'Say what does not conform',
      'fields.c_result': 'An item does not conform: the result is Rejected or Re-inspection',
    });
    const checks = [item(1, 'Conforms', ''), item(2, 'Does not conform', 'Cover 30 mm, 50 mm required')];
    // What each item asks: the finding always, the remarks once the register's rule needs them.
    const [finding, remarks] = choices.checkInputs;
    if (!finding || !remarks) throw new Error('the checklist asks a finding and remarks');
    expect([
      asksFor(choices, item(1, 'Conforms', ''), remarks),
      asksFor(choices, item(2, 'Does not conform', ''), remarks),
    ]).toEqual([false, true]);
    expect(asksFor(choices, item(1, '', ''), finding)).toBe(true);
    expect(checks.map((check) => isMarked(choices, check))).toEqual([true, true]);
    expect(isMarked(choices, item(3, '', 'x'))).toBe(false);
    expect(newCheck(choices, 7)).toEqual({ line: 7, fields: { c_result: '', c_remarks: '' } });
    expect(
      messages(
        witness,
        { ...base, c_result: 'Re-inspection', c_remarks: 'Cover blocks to be fixed' },
        checks,
      ),
    ).toEqual({});
    // The rule is the registry's: without it nothing is refused here (the gateway would still refuse the line),
    // and another rule over the lines is judged the same way.
    const withRules = (rules: object[]) =>
      fieldChoices({
        ...inspectionMeta,
        children: [{ ...inspectionMeta.children?.[0], rules }],
      } as unknown as ScreenMeta);
    expect(messages(witness, base, checks, withRules([]))).toEqual({});
    const notApplying = withRules([
      {
        when_any: isValue('c_result', '=', 'Not applicable'),
        check: notNull('c_remarks'),
        message: 'Say why an item does not apply',
        fields: ['c_remarks'],
      },
    ]);
    expect(messages(witness, base, [item(1, 'Not applicable', '')], notApplying)).toEqual({
      'fields.c_remarks': 'Say why an item does not apply',
    });
    const register = { entry: 'inspection_check', parentKey: 'n_inspection', title: 'Checklist', prefill };
    const values = { fields: { ...blank, ...base }, checks };
    expect(toChecklistLines(values, null, choices)).toEqual([]);
    expect(toChecklistLines(values, register, choices)).toEqual([
      {
        entry: 'inspection_check',
        parentKey: 'n_inspection',
        record: { n_itp_activity: 1, c_result: 'Conforms', c_remarks: null },
      },
      {
        entry: 'inspection_check',
        parentKey: 'n_inspection',
        record: { n_itp_activity: 2, c_result: 'Does not conform', c_remarks: 'Cover 30 mm, 50 mm required' },
      },
    ]);
  });

  it('find the checklist register in the metadata: the child whose lines start from a chosen record', () => {
    const child = (entry: string, starts?: object) => ({
      entry,
      key: 'n_inspection',
      title: entry,
      delete: 'cascade',
      screen: { columns: [] },
      prefill: starts,
    });
    const meta = {
      children: [child('inspection_photo'), child('inspection_check', prefill)],
    } as unknown as ScreenMeta;
    expect(checklistRegister(meta)).toEqual({
      entry: 'inspection_check',
      parentKey: 'n_inspection',
      title: 'inspection_check',
      prefill,
    });
    expect(checklistRegister({ children: [] } as unknown as ScreenMeta)).toBeNull();
  });

  it('keep one device ID per browser and a new key per inspection', () => {
    const kept = new Map<string, string>();
    const storage = {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
    } as unknown as Storage;
    const first = deviceId(storage);
    expect(first).toMatch(/^WEB-[0-9A-F]{12}$/);
    expect(deviceId(storage)).toBe(first);
    const keys = new Set([newSendKey(), newSendKey()]);
    expect(keys.size).toBe(2);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9:._-]{8,100}$/);
  });
});
