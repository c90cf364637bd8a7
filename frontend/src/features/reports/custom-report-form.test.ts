import { describe, expect, it } from 'vitest';

import type { ReportRegister, SavedReport } from '../../api/schema';
import {
  blankReport,
  fromSaved,
  measureKey,
  reportFormSchema,
  sortChoices,
  toDefinition,
  toInput,
} from './custom-report-form';

const ipc: ReportRegister = {
  entry: 'ipc',
  title: 'IPC',
  columns: [
    { name: 'c_ipc_no', label: 'IPC No.', kind: 'text', summable: false, lookup: false },
    { name: 'n_package', label: 'Package', kind: 'text', summable: false, lookup: true },
    { name: 'n_gross_certified', label: 'Gross certified', kind: 'number', summable: true, lookup: false },
  ],
};

const messages = (values: unknown) => {
  const parsed = reportFormSchema.safeParse(values);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the custom report form', () => {
  it('says what is missing at the field', () => {
    expect(messages(blankReport())).toEqual({
      title: 'Give the report a title',
      entry: 'Choose a register',
      columns: 'Choose at least one column',
    });
    expect(messages({ ...blankReport(), title: 'x', entry: 'ipc', mode: 'grouped' })).toEqual({
      groupBy: 'Group by a column or add a measure',
    });
    expect(
      messages({
        ...blankReport(),
        title: 'x',
        entry: 'ipc',
        mode: 'grouped',
        measures: [
          { aggregate: 'sum', column: '' },
          { aggregate: 'count', column: '' },
          { aggregate: 'count', column: '' },
        ],
      }),
    ).toEqual({
      'measures.0.column': 'Choose the number column to add up',
      measures: 'A measure is chosen twice',
    });
    expect(
      messages({ ...blankReport(), title: 'x'.repeat(121), entry: 'ipc', columns: ['c_ipc_no'] }),
    ).toEqual({
      title: 'At most 120 characters',
    });
  });

  it('sends only the chosen mode to the gateway, with sort keys it can name', () => {
    const form = {
      ...blankReport(),
      title: ' IPC by package ',
      entry: 'ipc',
      mode: 'grouped' as const,
      columns: ['c_ipc_no'],
      groupBy: ['n_package'],
      measures: [
        { aggregate: 'count' as const, column: 'ignored' },
        { aggregate: 'sum' as const, column: 'n_gross_certified' },
      ],
      filter: "  c_state = 'Paid' ",
      sort: [
        { key: 'sum:n_gross_certified', descending: true },
        { key: 'c_ipc_no', descending: false },
      ],
      sharedWith: ['6', 'x'],
      schedule: 'weekly' as const,
    };
    expect(toDefinition(form)).toEqual({
      entry: 'ipc',
      columns: [],
      filter: "c_state = 'Paid'",
      group_by: ['n_package'],
      measures: [{ aggregate: 'count' }, { aggregate: 'sum', column: 'n_gross_certified' }],
      sort: [{ key: 'sum:n_gross_certified', descending: true }],
    });
    const input = toInput(form, 3);
    expect(input.title).toBe('IPC by package');
    expect(input.shared_with).toEqual([6]);
    expect(input.schedule).toBe('weekly');
    expect(input.row_version).toBe(3);
    expect(toInput({ ...form, schedule: '' }, null).schedule).toBeNull();
  });

  it('offers the shown columns and measures to sort by, by their labels', () => {
    expect(sortChoices({ mode: 'list', columns: ['c_ipc_no'], groupBy: [], measures: [] }, ipc)).toEqual([
      { value: 'c_ipc_no', label: 'IPC No.' },
    ]);
    expect(
      sortChoices(
        {
          mode: 'grouped',
          columns: [],
          groupBy: ['n_package'],
          measures: [
            { aggregate: 'count', column: '' },
            { aggregate: 'average', column: 'n_gross_certified' },
            { aggregate: 'sum', column: '' },
          ],
        },
        ipc,
      ),
    ).toEqual([
      { value: 'n_package', label: 'Package' },
      { value: 'count', label: 'Count' },
      { value: 'average:n_gross_certified', label: 'Average of Gross certified' },
    ]);
    expect(measureKey({ aggregate: 'sum', column: 'n_amount' })).toBe('sum:n_amount');
  });

  it('opens a saved report in the mode it was saved in', () => {
    const saved: SavedReport = {
      id: 4,
      title: 'Certified amounts',
      definition: {
        entry: 'ipc',
        group_by: ['n_package'],
        measures: [{ aggregate: 'sum', column: 'n_gross_certified' }],
        sort: [{ key: 'sum:n_gross_certified', descending: true }],
      },
      schedule: 'monthly',
      owner: 7,
      owner_name: 'Priya Nair',
      mine: false,
      shared_with: [{ id: 5, name: 'Arjun Mehta' }],
      row_version: 2,
      updated_at: '2026-11-26 10:00',
    };
    const form = fromSaved(saved);
    expect(form.mode).toBe('grouped');
    expect(form.measures).toEqual([{ aggregate: 'sum', column: 'n_gross_certified' }]);
    expect(form.sharedWith).toEqual(['5']);
    expect(form.schedule).toBe('monthly');
    expect(toDefinition(form)).toEqual({ ...saved.definition, columns: [], filter: '' });
  });
});

describe('a report value on screen', () => {
  it('is written as the console writes numbers and dates', async () => {
    const { columnDecimals, shownValue } = await import('./report-preview');
    expect(columnDecimals(['521375800.00', '138976296.27', null])).toBe(2);
    expect(columnDecimals(['521375800.00', '3'])).toBe(0);
    expect(shownValue('521375800.00', { kind: 'number' }, 0)).toBe('52,13,75,800');
    expect(shownValue('521375800.00', { kind: 'number' })).toBe('52,13,75,800.00');
    expect(shownValue('138976296.27', { kind: 'number' })).toBe('13,89,76,296.27');
    expect(shownValue('3', { kind: 'number' }, 0)).toBe('3');
    expect(shownValue('2026-03-05', { kind: 'date' })).toBe('05 Mar, 2026');
    // As the printed report writes it (gateway print/figures.rs human_date_time).
    expect(shownValue('2026-10-24 10:30:00+05:30', { kind: 'datetime' })).toBe('24 Oct, 2026, 10:30:00 am');
    expect(shownValue(null, { kind: 'text' })).toBe('—');
    expect(shownValue('C1-V01', { kind: 'text' })).toBe('C1-V01');
  });
});

describe('a condition written for a person', () => {
  it('becomes filter text with its value quoted for the column', async () => {
    const { conditionText, conditionColumns, withCondition } = await import('./custom-report-form');
    const text = { name: 'c_state', kind: 'text' as const };
    expect(conditionText({ column: 'c_state', operator: 'eq', value: "O'Brien" }, text)).toEqual({
      text: "c_state = 'O''Brien'",
    });
    expect(conditionText({ column: 'c_state', operator: 'contains', value: '50%_a\\b' }, text)).toEqual({
      text: "c_state ILIKE '%50\\%\\_a\\\\b%'",
    });
    expect(conditionText({ column: 'c_state', operator: 'starts', value: 'C1' }, text)).toEqual({
      text: "c_state ILIKE 'C1%'",
    });
    expect(conditionText({ column: 'c_state', operator: 'empty', value: '' }, text)).toEqual({
      text: 'c_state IS NULL',
    });
    const amount = { name: 'n_amount', kind: 'number' as const };
    expect(conditionText({ column: 'n_amount', operator: 'ge', value: ' 1250000.50 ' }, amount)).toEqual({
      text: 'n_amount >= 1250000.50',
    });
    expect(conditionText({ column: 'n_amount', operator: 'ge', value: '1 OR 1=1' }, amount)).toEqual({
      error: 'Enter a number, e.g. 1250000 or 12.5',
    });
    const day = { name: 'd_due', kind: 'date' as const };
    expect(conditionText({ column: 'd_due', operator: 'lt', value: '2026-12-01' }, day)).toEqual({
      text: "d_due < '2026-12-01'",
    });
    expect(conditionText({ column: 'd_due', operator: 'lt', value: '' }, day)).toEqual({
      error: 'Enter a value',
    });
    expect(withCondition('', "c_state = 'Open'")).toBe("c_state = 'Open'");
    expect(withCondition("c_state = 'Open'", 'n_amount > 5')).toBe("c_state = 'Open' AND n_amount > 5");
    expect(withCondition("c_state = 'Open' or c_state = 'Closed'", 'n_amount > 5')).toBe(
      "(c_state = 'Open' or c_state = 'Closed') AND n_amount > 5",
    );
    expect(
      conditionColumns({
        entry: 'x',
        title: 'X',
        columns: [
          { name: 'n_package', label: 'Package', kind: 'text', summable: false, lookup: true },
          { name: 'd_created_at', label: 'Created', kind: 'datetime', summable: false, lookup: false },
          { name: 'c_state', label: 'Status', kind: 'text', summable: false, lookup: false },
        ],
      }).map((c) => c.name),
    ).toEqual(['c_state']);
  });
});
