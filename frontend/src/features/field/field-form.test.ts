import { describe, expect, it, vi } from 'vitest';

import type { ScreenMeta } from '../../api/schema';
import {
  asksFor,
  checklistRegister,
  isMarked,
  newCheck,
  deviceId,
  emptyValues,
  FIELD_PAGES,
  fieldChoices,
  routeFormOf,
  toChecklistLines,
  fieldSchema,
  newSendKey,
  roundedDegrees,
  toRecord,
} from './field-form';

/** Each route's metadata as `GET /api/screen` gives it (inspection.toml `[[screen.routes]]`): its kind, its look-up. */
const asked = (lookup: string) => [
  { title: 'Inspection', columns: ['n_package', lookup, 'n_itp', 'c_location', 'd_inspected', 'c_result'] },
];
const witness = routeFormOf({ fixed: { c_kind: 'RFI witness' }, sections: asked('n_rfi') });
const site = routeFormOf({ fixed: { c_kind: 'Site inspection' }, sections: asked('n_station') });
const today = '2026-11-26';

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
const inspectionMeta = {
  rules: inspectionRules,
  columns: [
    { name: 'c_kind', type: 'text', label: 'Kind', enum: ['RFI witness', 'Site inspection'] },
    { name: 'n_rfi', type: 'bigint', label: 'RFI' },
    { name: 'n_station', type: 'bigint', label: 'Station' },
    { name: 'c_location', type: 'text', label: 'Location', max_length: 200 },
    { name: 'd_inspected', type: 'date', label: 'Inspected on', min: '2000-01-01', max: 'today' },
    {
      name: 'c_result',
      type: 'text',
      label: 'Result',
      enum: ['Witnessed', 'Rejected', 'Re-inspection'],
      default: 'Witnessed',
    },
    { name: 'c_remarks', type: 'text', label: 'Remarks', max_length: 2000 },
  ],
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
            lookup: { entry: 'inspection', display: 'd_inspected' },
          },
          {
            name: 'n_itp_activity',
            type: 'bigint',
            label: 'Activity',
            required: true,
            lookup: { entry: 'itp_activity', display: 'c_activity' },
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
const choices = fieldChoices(inspectionMeta);

/** A checklist item of the prefilled line `line`: its finding and remarks as typed. */
const item = (line: number, found: string, remarks: string) => ({
  line,
  fields: { c_result: found, c_remarks: remarks },
});

function messages(page: typeof witness, values: Partial<ReturnType<typeof emptyValues>>) {
  const result = fieldSchema(page, choices).safeParse({ ...emptyValues(today, choices), ...values });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the field forms', () => {
  it('are the two routes of docs/console.md §2, each recording what its metadata fixes and asks', () => {
    expect(Object.keys(FIELD_PAGES)).toEqual(['/rfiwitnessing', '/siteinspection']);
    expect(witness.fixed).toEqual({ c_kind: 'RFI witness' });
    expect([witness.asks.has('n_rfi'), witness.asks.has('n_station')]).toEqual([true, false]);
    expect([site.asks.has('n_rfi'), site.asks.has('n_station')]).toEqual([false, true]);
  });

  it('take their results, checklist inputs and lengths from the registers metadata, not a copy of their own', () => {
    expect(choices).toMatchObject({
      results: ['Witnessed', 'Rejected', 'Re-inspection'],
      locationMax: 200,
      remarksMax: 2000,
    });
    // A checklist line asks its register's columns but the inspection's key and the prefilled activity.
    expect(choices.checkInputs.map((input) => [input.name, input.enum ?? input.max_length])).toEqual([
      ['c_result', ['Conforms', 'Does not conform', 'Not applicable']],
      ['c_remarks', 500],
    ]);
    expect(choices.rules.rules).toBe(inspectionRules);
    expect(choices.checkRules.rules).toBe(checkRules);
    expect(
      messages(witness, { n_package: '4', n_rfi: '9', c_result: 'Approved', c_remarks: 'Not a result' }),
    ).toEqual({
      c_result: 'Choose the result',
    });
    expect(fieldChoices({ columns: [] } as unknown as ScreenMeta)).toEqual({
      results: [],
      resultDefault: '',
      checkInputs: [],
      rules: { columns: [], rules: [] },
      checkRules: { columns: [], rules: [] },
      linesRules: [],
    });
    // A new inspection starts with the result's registry default.
    expect(emptyValues(today, choices).c_result).toBe('Witnessed');
  });

  it('ask for what an inspector must say on site', () => {
    expect(messages(witness, {})).toEqual({
      n_package: 'Choose the package',
      n_rfi: 'Choose the RFI witnessed',
    });
    expect(messages(site, { n_package: '4' })).toEqual({
      c_location: 'Choose a station or describe the place',
    });
    expect(messages(site, { n_package: '4', n_station: '2' })).toEqual({});
    expect(messages(witness, { n_package: '4', n_rfi: '9', c_result: 'Rejected' })).toEqual({
      c_remarks: 'Say what was wrong',
    });
    // The date's limits are its column's: not after today (India's day: 26 Nov at 20:00 UTC is 27 Nov there).
    vi.setSystemTime(new Date('2026-11-26T12:00:00Z'));
    expect(messages(witness, { n_package: '4', n_rfi: '9', d_inspected: '2026-11-27' })).toEqual({
      d_inspected: 'Inspected on cannot be after today',
    });
    vi.setSystemTime(new Date('2026-11-26T20:00:00Z'));
    expect(messages(witness, { n_package: '4', n_rfi: '9', d_inspected: '2026-11-27' })).toEqual({});
    expect(messages(witness, { n_package: '4', n_rfi: '9', d_inspected: '1999-12-31' })).toEqual({
      d_inspected: 'Inspected on must be on or after 01 Jan, 2000',
    });
    vi.useRealTimers();
    expect(messages(witness, { n_package: '4', n_rfi: '9', c_remarks: 'x'.repeat(2001) })).toEqual({
      c_remarks: 'At most 2000 characters',
    });
  });

  it('check every rule the registers declare, one added to the registry file included', () => {
    const added = {
      check: { or: [isValue('c_result', '<>', 'Re-inspection'), notNull('n_station')] },
      message: 'A re-inspection names the station',
      fields: ['n_station'],
    };
    const stricter = fieldChoices({ ...inspectionMeta, rules: [...inspectionRules, added] } as ScreenMeta);
    const values = {
      ...emptyValues(today, choices),
      n_package: '4',
      n_rfi: '9',
      c_result: 'Re-inspection',
      c_remarks: 'x',
    };
    // A route whose form asks the station too.
    const both = { ...witness, asks: new Set([...witness.asks, 'n_station']) };
    const result = fieldSchema(both, stricter).safeParse(values);
    expect(result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['n_station', 'A re-inspection names the station'],
    ]);
    expect(fieldSchema(both, stricter).safeParse({ ...values, n_station: '2' }).success).toBe(true);
  });

  it('send the inspection as the register takes it', () => {
    const values = {
      ...emptyValues(today, choices),
      n_package: '4',
      n_rfi: '9',
      n_station: '2',
      c_location: '  P112 ',
    };
    expect(toRecord(witness, values, 7)).toEqual({
      c_kind: 'RFI witness',
      n_package: 4,
      n_rfi: 9,
      // Not asked at this route: sent empty, whatever the values hold.
      n_station: null,
      n_itp: null,
      c_location: 'P112',
      d_inspected: today,
      n_inspector: 7,
      c_result: 'Witnessed',
      c_remarks: null,
      n_latitude: null,
      n_longitude: null,
    });
    expect(toRecord(site, values, 7)).toMatchObject({ c_kind: 'Site inspection', n_rfi: null, n_station: 2 });
    expect(roundedDegrees(12.97159949)).toBe(12.971599);
  });

  it('ask for every checklist item and refuse a witness of work that does not conform', () => {
    const base = { n_package: '4', n_rfi: '9', n_itp: '1' };
    expect(
      messages(witness, {
        ...base,
        checks: [item(1, '', ''), item(2, 'Does not conform', ' ')],
      }),
    ).toEqual({
      'checks.0.fields.c_result': 'Found is required',
      'checks.1.fields.c_remarks': 'Say what does not conform',
      c_result: 'An item does not conform: the result is Rejected or Re-inspection',
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
      messages(witness, {
        ...base,
        checks,
        c_result: 'Re-inspection',
        c_remarks: 'Cover blocks to be fixed',
      }),
    ).toEqual({});
    // The rule is the registry's: without it nothing is refused here (the gateway would still refuse the line),
    // and another rule over the lines is judged the same way.
    const unruled = fieldChoices({
      ...inspectionMeta,
      children: [{ ...inspectionMeta.children?.[0], rules: [] }],
    } as unknown as ScreenMeta);
    const conforming = { ...emptyValues(today, choices), ...base, checks };
    expect(fieldSchema(witness, unruled).safeParse(conforming).success).toBe(true);
    const naOnWitness = fieldChoices({
      ...inspectionMeta,
      children: [
        {
          ...inspectionMeta.children?.[0],
          rules: [
            {
              when_any: isValue('c_result', '=', 'Not applicable'),
              check: notNull('c_remarks'),
              message: 'Say why an item does not apply',
              fields: ['c_remarks'],
            },
          ],
        },
      ],
    } as unknown as ScreenMeta);
    const notApplying = [item(1, 'Not applicable', '')];
    const result = fieldSchema(witness, naOnWitness).safeParse({ ...conforming, checks: notApplying });
    expect(result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['c_remarks', 'Say why an item does not apply'],
    ]);
    const register = { entry: 'inspection_check', parentKey: 'n_inspection', prefill };
    expect(toChecklistLines({ ...emptyValues(today, choices), ...base, checks }, null, choices)).toEqual([]);
    expect(toChecklistLines({ ...emptyValues(today, choices), ...base, checks }, register, choices)).toEqual([
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

  it('find the checklist register in the inspection metadata: the child whose lines start from a chosen record', () => {
    const child = (entry: string, columns: object[], starts?: object) => ({
      entry,
      key: 'n_inspection',
      title: entry,
      delete: 'cascade',
      screen: { columns },
      prefill: starts,
    });
    const meta = {
      children: [
        child('inspection_photo', [{ name: 'c_caption', type: 'text', label: 'Caption' }]),
        child(
          'inspection_check',
          [
            {
              name: 'n_itp_activity',
              type: 'bigint',
              label: 'Activity',
              lookup: { entry: 'itp_activity', display: 'c_activity' },
            },
          ],
          prefill,
        ),
      ],
    } as unknown as ScreenMeta;
    expect(checklistRegister(meta)).toEqual({
      entry: 'inspection_check',
      parentKey: 'n_inspection',
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
