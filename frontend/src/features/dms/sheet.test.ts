import { describe, expect, it } from 'vitest';

import type { ColumnDef } from '../../api/schema';
import { formProblems } from '../../lib/record-rule-checks';
import {
  checkSheet,
  type FoundKeys,
  lookupTexts,
  parseCsv,
  readSheet,
  type SheetRules,
  sheetColumns,
  templateCsv,
} from './sheet';

// A register's fields for a new record, as its metadata gives them (a document's, shortened).
const inputs: ColumnDef[] = [
  { name: 'c_title', type: 'text', label: 'Title', required: true, max_length: 20 },
  {
    name: 'n_package',
    type: 'bigint',
    label: 'Package',
    required: true,
    lookup: { entry: 'package', display: 'c_code' },
  },
  {
    name: 'n_discipline',
    type: 'bigint',
    label: 'Discipline',
    required: true,
    lookup: { entry: 'discipline', display: 'c_name' },
  },
  {
    name: 'c_project',
    type: 'text',
    label: 'Project',
    required: true,
    default: 'MML3',
    format: 'code',
    pattern: '^[A-Z0-9]{2,6}$',
    pattern_message: '2–6 capital letters or digits such as MML3',
  },
];

// The folder gives the discipline; the register the project.
const starting = { c_title: '', n_package: '', n_discipline: '7', c_project: 'MML3' };
const columns = sheetColumns(inputs, starting);
const found: FoundKeys = new Map([
  ['n_package', new Map([['c1-v01', ['1']]])],
  [
    'n_discipline',
    new Map([
      ['str', ['2']],
      ['civil', ['3', '4']],
    ]),
  ],
]);
const rules: SheetRules = {
  starting,
  problemsOf: (values) => formProblems(inputs, inputs, [], values),
  found,
};

describe('parseCsv', () => {
  it('reads quoted cells with separators, quotes and line breaks', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, y","say ""hi""\nthere"\r\n\r\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"\nthere'],
    ]);
  });

  it('takes semicolons when the header uses them, and a last line without a break', () => {
    expect(parseCsv('File;Title\na.pdf;A')).toEqual([
      ['File', 'Title'],
      ['a.pdf', 'A'],
    ]);
  });
});

describe('sheetColumns', () => {
  it('are the file and the fields one may fill; required only what nothing else gives', () => {
    expect(columns.map((c) => [c.label, c.required])).toEqual([
      ['File', true],
      ['Title', true],
      ['Package', true],
      ['Discipline', false],
      ['Project', false],
    ]);
  });

  it('write a template that reads back: the starting values, look-ups blank (they keep theirs)', () => {
    const [header, example] = parseCsv(templateCsv(columns, starting));
    expect(header).toEqual(['File', 'Title', 'Package', 'Discipline', 'Project']);
    expect(example).toEqual(['example.pdf', '', '', '', 'MML3']);
  });
});

describe('checkSheet', () => {
  const read = readSheet(
    parseCsv(
      [
        'File,title,Package,Discipline,c_project',
        'a.pdf,Drawing A,c1-v01,STR,mml4',
        'b.pdf,,C9-V01,,',
        'missing.pdf,Lost,C1-V01,civil,',
        'a.pdf,Again,C1-V01,,',
        'c.pdf,A title far too long here,C1-V01,,M',
      ].join('\n'),
    ),
    columns,
  );

  it('asks each look-up column for its distinct cells once', () => {
    expect(lookupTexts(read, columns)).toEqual(
      new Map([
        ['n_package', ['C1-V01', 'C9-V01', 'c1-v01']],
        ['n_discipline', ['STR', 'civil']],
      ]),
    );
  });

  it('turns codes and names into keys, writes codes in capitals and keeps what a blank cell leaves', () => {
    const check = checkSheet(read, columns, ['a.pdf', 'b.pdf', 'c.pdf', 'extra.pdf'], rules);
    expect(check.rows[0]).toEqual({
      row: 2,
      file: 'a.pdf',
      fields: { c_title: 'Drawing A', n_package: '1', n_discipline: '2', c_project: 'MML4' },
      problems: [],
    });
    expect(check.rows[3]?.fields).toEqual({
      c_title: 'Again',
      n_package: '1',
      n_discipline: '7',
      c_project: 'MML3',
    });
  });

  it("names the row of each problem, by the register's rules, and files without a row", () => {
    const check = checkSheet(read, columns, ['a.pdf', 'b.pdf', 'c.pdf', 'extra.pdf'], rules);
    expect(check.rows[1]?.problems).toEqual([
      'Row 3, Package: no row has the code or name C9-V01.',
      'Row 3: Title is required',
    ]);
    expect(check.rows[2]?.problems).toEqual([
      'Row 4, File: "missing.pdf" was not dropped with the sheet; add the file or remove the row.',
      'Row 4, Discipline: civil names more than one row; write its code.',
    ]);
    expect(check.rows[3]?.problems).toEqual(['Row 5, File: "a.pdf" is already described in row 2.']);
    expect(check.rows[4]?.problems).toEqual([
      'Row 6: Title must be at most 20 characters (it has 25)',
      'Row 6: Project: 2–6 capital letters or digits such as MML3',
    ]);
    expect(check.problems).toEqual([
      'The file "extra.pdf" has no row in the sheet: add a row for it or leave it out.',
    ]);
  });

  it('refuses a sheet without a required column or rows', () => {
    expect(readSheet([['File', 'Title']], columns).problems).toEqual([
      'The sheet has no "Package" column: add it to the first row (see the template).',
    ]);
    expect(readSheet([['File', 'Title', 'Package']], columns).problems).toEqual([
      'The sheet has no rows under its header: add one row per file.',
    ]);
  });
});
