import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ScreenMeta } from '../../api/schema';
import { i18next } from '../../lib/i18n';
import { formatCell } from './cell-format';
import { choicesFor } from './choices';
import { changeText, historyHeading } from './history';
import { translateScreenMeta } from './translate-meta';
import { stateChoices, stateLabel } from './workflow';

const HINDI = {
  RFIs: 'आरएफ़आई',
  Question: 'प्रश्न',
  'registry.rfi.c_answer': 'उत्तर (आरएफ़आई)',
  Answer: 'उत्तर',
  Priority: 'प्राथमिकता',
  High: 'उच्च',
  Request: 'अनुरोध',
  Response: 'प्रतिक्रिया',
  Draft: 'प्रारूप',
  'Open (with engineer)': 'खुला (इंजीनियर के पास)',
  'Submit to engineer': 'इंजीनियर को भेजें',
  'Answer the question first': 'पहले प्रश्न का उत्तर दें',
  'The due date comes after the raised date': 'नियत तिथि उठाने की तिथि के बाद आती है',
  'capital letters and digits': 'बड़े अक्षर और अंक',
  Manpower: 'जनशक्ति',
  Trade: 'व्यवसाय',
  Yes: 'हाँ',
  '{{line}}: line added': '{{line}}: पंक्ति जोड़ी गई',
};

const child: ScreenMeta = {
  entry: 'rfi_manpower',
  route: '/dataentry/rfi-manpower',
  title: 'Manpower',
  primary_key: 'id',
  columns: [{ name: 'c_trade', type: 'text', label: 'Trade' }],
  list_columns: ['c_trade'],
  phone_columns: [],
  sections: [],
  lookups: [],
  rules: [],
  default_sort: [],
  actions: { create: true, update: true, delete: true, export: true },
  writable: true,
};

const meta: ScreenMeta = {
  entry: 'rfi',
  route: '/dataentry/rfi',
  title: 'RFIs',
  primary_key: 'id',
  columns: [
    {
      name: 'c_question',
      type: 'text',
      label: 'Question',
      pattern: '^[A-Z0-9]+$',
      pattern_message: 'capital letters and digits',
    },
    { name: 'c_answer', type: 'text', label: 'Answer' },
    { name: 'c_priority', type: 'text', label: 'Priority', enum: ['High', 'Low'] },
    { name: 'n_urgent', type: 'smallint', label: 'Urgent', min: 0, max: 1 },
    { name: 'c_state', type: 'text', label: 'State', read_only: true },
  ],
  list_columns: ['c_question', 'c_priority', 'c_state'],
  phone_columns: [],
  sections: [
    { title: 'Request', columns: ['c_question', 'c_priority'] },
    { title: 'Response', columns: ['c_answer'] },
  ],
  lookups: [],
  rules: [{ fields: ['c_question'], message: 'The due date comes after the raised date', check: {} }],
  guards: [{ transition: 'submit', message: 'Answer the question first', check: {} }],
  default_sort: [],
  actions: { create: true, update: true, delete: true, export: true },
  writable: true,
  children: [
    { entry: 'rfi_manpower', key: 'n_rfi', title: 'Manpower', delete: 'cascade', screen: child as never },
  ],
  workflow: {
    state_column: 'c_state',
    initial: 'Draft',
    states: [
      { name: 'Draft', category: 'draft' },
      { name: 'Open', label: 'Open (with engineer)', category: 'open' },
    ],
    transitions: [{ name: 'submit', label: 'Submit to engineer', from: ['Draft'], to: 'Open', who: {} }],
    editors: [{ sections: ['Response'], who: {} }],
  },
};

describe('a screen description in another language', () => {
  beforeAll(async () => {
    i18next.addResourceBundle('hi', 'translation', HINDI);
    await i18next.changeLanguage('hi');
  });
  afterAll(async () => {
    await i18next.changeLanguage('en');
    i18next.removeResourceBundle('hi', 'translation');
  });

  it('translates what people read: title, labels, sections, messages, states and steps', () => {
    const shown = translateScreenMeta(meta);
    expect(shown.title).toBe('आरएफ़आई');
    expect(shown.columns.map((column) => column.label)).toEqual([
      'प्रश्न',
      // A register's own wording comes first.
      'उत्तर (आरएफ़आई)',
      'प्राथमिकता',
      // A label the file does not have stays English.
      'Urgent',
      'State',
    ]);
    expect(shown.columns[0]?.pattern_message).toBe('बड़े अक्षर और अंक');
    expect(shown.sections.map((section) => section.title)).toEqual(['अनुरोध', 'प्रतिक्रिया']);
    expect(shown.rules[0]?.message).toBe('नियत तिथि उठाने की तिथि के बाद आती है');
    expect(shown.guards?.[0]?.message).toBe('पहले प्रश्न का उत्तर दें');
    const workflow = shown.workflow;
    expect(workflow?.states.map((state) => stateLabel(state))).toEqual(['प्रारूप', 'खुला (इंजीनियर के पास)']);
    expect(workflow?.transitions[0]?.label).toBe('इंजीनियर को भेजें');
    // The editors' sections name the sections by their (translated) titles.
    expect(workflow?.editors?.[0]?.sections).toEqual(['प्रतिक्रिया']);
    expect(shown.children?.[0]?.title).toBe('जनशक्ति');
    expect((shown.children?.[0]?.screen as unknown as ScreenMeta).columns[0]?.label).toBe('व्यवसाय');
  });

  it('keeps what is stored, sent and compared: names, state names, enum values', () => {
    const shown = translateScreenMeta(meta);
    expect(shown.columns.map((column) => column.name)).toEqual(meta.columns.map((column) => column.name));
    expect(shown.columns[2]?.enum).toEqual(['High', 'Low']);
    expect(shown.workflow?.states.map((state) => state.name)).toEqual(['Draft', 'Open']);
    expect(shown.workflow?.transitions[0]?.name).toBe('submit');
    expect(shown.sections[0]?.columns).toEqual(['c_question', 'c_priority']);
    // The state filter sends the stored name, shows the translated label.
    expect(shown.workflow && stateChoices(shown.workflow)[0]).toEqual({ value: 'Draft', label: 'प्रारूप' });
    // The original description is left as it was.
    expect(meta.title).toBe('RFIs');
  });

  it('shows enum values, flags and history in the language, values unchanged', () => {
    const priority = meta.columns[2];
    const urgent = meta.columns[3];
    if (!priority || !urgent) throw new Error('columns missing');
    expect(choicesFor(priority)).toEqual([
      { value: 'High', label: 'उच्च' },
      { value: 'Low', label: 'Low' },
    ]);
    expect(formatCell(priority, 'High', { primaryKey: 'id' })).toBe('उच्च');
    expect(formatCell(urgent, 1, { primaryKey: 'id' })).toBe('हाँ');
    expect(historyHeading({ action: 'create', line: 'Manpower' })).toBe('जनशक्ति: पंक्ति जोड़ी गई');
    expect(
      changeText(
        { field: 'c_answer', label: 'Answer', before: null, after: 'Yes' },
        translateScreenMeta(meta),
      ),
    ).toBe('उत्तर (आरएफ़आई): — → Yes');
  });

  it('reads as before in English', async () => {
    await i18next.changeLanguage('en');
    const shown = translateScreenMeta(meta);
    expect(shown.title).toBe('RFIs');
    expect(shown.columns.map((column) => column.label)).toEqual(meta.columns.map((column) => column.label));
    expect(shown.workflow?.states.map((state) => stateLabel(state))).toEqual([
      'Draft',
      'Open (with engineer)',
    ]);
    await i18next.changeLanguage('hi');
  });
});
