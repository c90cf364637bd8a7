import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { meQuery } from '../../api/auth';
import type { ColumnDef, LookupMeta, Me, RuleMeta } from '../../api/schema';
import { type FieldSetup, fieldChoices, useFieldSetup } from './use-field-setup';

const lookups: LookupMeta[] = [
  { entry: 'package', primary_key: 'id', display_columns: ['id', 'c_code', 'c_name'] },
];
const columns: ColumnDef[] = [
  { name: 'c_no', type: 'text', label: 'No.', read_only: true },
  { name: 'c_subject', type: 'text', label: 'Subject', required: true, max_length: 20 },
  { name: 'c_impact', type: 'text', label: 'Impact', enum: ['Yes', 'No'], default: 'No' },
  { name: 'n_urgent', type: 'smallint', label: 'Urgent', min: 0, max: 1, default: 1 },
  { name: 'n_package', type: 'bigint', label: 'Package', lookup: { entry: 'package', display: 'c_code' } },
  { name: 'n_amount', type: 'numeric', label: 'Amount', scale: 2, precision: 12 },
  { name: 'c_secret', type: 'text', label: 'Secret', hidden: true },
];
const rules: RuleMeta[] = [
  {
    check: {
      or: [{ op: '=', left: { column: 'c_impact' }, right: { value: 'Yes' } }, { is_null: 'n_amount' }],
    },
    message: 'Amount is given only when Impact is Yes',
    fields: ['n_amount', 'c_no', 'c_secret'],
  },
];
const meta = { columns, lookups, rules };
const byName = (...names: string[]) => columns.filter((column) => names.includes(column.name));
// A stored record's form: the number shown read-only, the amount shown but not editable in this state.
const shown = byName('c_no', 'c_subject', 'c_impact', 'n_urgent', 'n_package', 'n_amount');
const editable = byName('c_subject', 'c_impact', 'n_urgent', 'n_package');

/** The hook's answer for a user linked to `packages`, as a form's first render sees it. */
function setUp(
  show: readonly ColumnDef[],
  change?: readonly ColumnDef[],
  packages: number[] | null = null,
): FieldSetup {
  const client = new QueryClient();
  const me: Me = {
    actions: {},
    navigation: [],
    packages,
    routes: [],
    screens: [],
    user: { id: 7, email: 'a@example.com', name: 'A', username: 'a', locked: false, superadmin: false },
  };
  client.setQueryData(meQuery.queryKey, me);
  let setup: FieldSetup | undefined;
  function Probe() {
    setup = useFieldSetup(meta, show, change);
    return null;
  }
  renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <Probe />
    </QueryClientProvider>,
  );
  if (!setup) throw new Error('the hook did not run');
  return setup;
}

function problems(setup: FieldSetup, values: Record<string, string>) {
  const result = setup.schema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('the set-up of a form of fields', () => {
  it('gives each look-up input its source and every other input its fixed choices, if any', () => {
    const setup = setUp(shown, editable);
    expect([...setup.lookups.keys()]).toEqual(['n_package']);
    expect(setup.lookups.get('n_package')).toEqual({
      lookup: lookups[0],
      display: 'c_code',
      only: null,
      people: null,
    });
    expect(Object.fromEntries(setup.choices)).toEqual({
      c_no: undefined,
      c_subject: undefined,
      c_impact: [
        { value: 'Yes', label: 'Yes' },
        { value: 'No', label: 'No' },
      ],
      n_urgent: [
        { value: '1', label: 'Yes' },
        { value: '0', label: 'No' },
      ],
      // Searched on the server instead.
      n_package: undefined,
      n_amount: undefined,
    });
    expect(setup.choices).toEqual(fieldChoices(shown));
  });

  it('offers a user linked to packages only those in package look-ups', () => {
    expect(setUp(shown, editable, [4, 5]).lookups.get('n_package')?.only).toEqual([4, 5]);
  });

  it('checks the editable fields only, and reports problems under fields shown only', () => {
    const setup = setUp(shown, editable);
    const values = { c_no: '', c_subject: '', c_impact: 'No', n_urgent: '1', n_package: '', n_amount: '5' };
    // The amount is not editable here, so the rule over it is not judged.
    expect(problems(setup, values)).toEqual([['c_subject', 'Subject is required']]);
    // Editable: the rule's message goes under the amount and the read-only number shown beside it, never under
    // the hidden column, which the form does not draw.
    const all = setUp(shown, byName('c_subject', 'c_impact', 'n_urgent', 'n_package', 'n_amount'));
    expect(problems(all, { ...values, c_subject: 'Cover' })).toEqual([
      ['n_amount', 'Amount is given only when Impact is Yes'],
      ['c_no', 'Amount is given only when Impact is Yes'],
    ]);
    expect(problems(all, { ...values, c_subject: 'Cover', c_impact: 'Yes' })).toEqual([]);
  });

  it('checks every field shown when none is said to be editable', () => {
    const setup = setUp(byName('c_subject', 'c_impact', 'n_amount'));
    expect(problems(setup, { c_subject: '', c_impact: 'No', n_amount: '5' })).toEqual([
      ['c_subject', 'Subject is required'],
      ['n_amount', 'Amount is given only when Impact is Yes'],
    ]);
  });

  it('starts a new record with the writable fields’ defaults and reads a stored one as text', () => {
    const setup = setUp(shown, editable);
    expect(setup.blank).toEqual({
      c_subject: '',
      c_impact: 'No',
      n_urgent: '1',
      n_package: '',
      n_amount: '',
    });
    expect(
      setup.valuesOf({ c_no: 'RFI-7', c_subject: 'Cover', n_urgent: 0, n_amount: null, c_secret: 'x' }),
    ).toEqual({
      c_no: 'RFI-7',
      c_subject: 'Cover',
      c_impact: '',
      n_urgent: '0',
      n_package: '',
      n_amount: '',
    });
  });
});
