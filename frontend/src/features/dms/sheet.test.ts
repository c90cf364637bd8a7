import { describe, expect, it } from 'vitest';

import { checkSheet, type CodeMaps, parseCsv, templateCsv } from './sheet';

const codes: CodeMaps = {
  n_package: new Map([['C1-V01', '1']]),
  n_discipline: new Map([['STR', '2']]),
  n_doc_type: new Map([['DRG', '3']]),
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

  it('reads its own template back', () => {
    const [header, example] = parseCsv(templateCsv());
    expect(header?.[0]).toBe('File');
    expect(example?.[2]).toBe('C1-V01');
  });
});

describe('checkSheet', () => {
  const sheet = parseCsv(
    [
      'File,Title,Package,Discipline,document type,Originator',
      'a.pdf,Drawing A,c1-v01,STR,DRG,LNT',
      'b.pdf,,C9-V01,,,',
      'missing.pdf,Lost,C1-V01,,,',
      'a.pdf,Again,C1-V01,,,',
    ].join('\n'),
  );

  it('turns codes into keys and passes a good row', () => {
    const check = checkSheet(sheet, ['a.pdf', 'b.pdf', 'extra.pdf'], codes);
    expect(check.rows[0]).toEqual({
      row: 2,
      file: 'a.pdf',
      fields: {
        c_title: 'Drawing A',
        n_package: '1',
        n_discipline: '2',
        n_doc_type: '3',
        c_originator: 'LNT',
      },
      problems: [],
    });
  });

  it('names the row and column of each problem, and files without a row', () => {
    const check = checkSheet(sheet, ['a.pdf', 'b.pdf', 'extra.pdf'], codes);
    expect(check.rows[1]?.problems).toEqual([
      'Row 3, Title: required.',
      'Row 3, Package: no package has the code C9-V01.',
    ]);
    expect(check.rows[2]?.problems).toEqual([
      'Row 4, File: "missing.pdf" was not dropped with the sheet; add the file or remove the row.',
    ]);
    expect(check.rows[3]?.problems).toEqual(['Row 5, File: "a.pdf" is already described in row 2.']);
    expect(check.problems).toEqual([
      'The file "extra.pdf" has no row in the sheet: add a row for it or leave it out.',
    ]);
  });

  it('refuses a sheet without a required column or rows', () => {
    expect(checkSheet([['File', 'Title']], [], codes).problems).toEqual([
      'The sheet has no "Package" column: add it to the first row (see the template).',
    ]);
    expect(checkSheet([['File', 'Title', 'Package']], [], codes).problems).toEqual([
      'The sheet has no rows under its header: add one row per file.',
    ]);
  });
});
