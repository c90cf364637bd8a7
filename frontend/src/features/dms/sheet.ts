/**
 * The metadata sheet of a bulk upload: a CSV with one row per file (its file name and the document's metadata),
 * read and checked against the dropped files before anything is sent. Each problem names its row and column
 * ("Row 12, Package: no package has the code C9-V01"), in the current language; the columns keep the names the
 * sheet's header uses (English, as the template writes them).
 */
import { translate } from '../../lib/i18n';

/** The sheet's columns: header text → the upload's field. Headers match case-insensitively, by label or field. */
export const SHEET_COLUMNS = [
  { label: 'File', field: 'file', required: true },
  { label: 'Title', field: 'c_title', required: true },
  { label: 'Package', field: 'n_package', required: true },
  { label: 'Discipline', field: 'n_discipline', required: false },
  { label: 'Document type', field: 'n_doc_type', required: false },
  { label: 'Project', field: 'c_project', required: false },
  { label: 'Originator', field: 'c_originator', required: false },
  { label: 'Volume', field: 'c_volume', required: false },
  { label: 'Level', field: 'c_level', required: false },
  { label: 'Type', field: 'c_type', required: false },
  { label: 'Role', field: 'c_role', required: false },
  { label: 'Number', field: 'c_number', required: false },
  { label: 'Description', field: 'c_description', required: false },
] as const;

/** The look-up columns, whose cells hold a code that becomes the record's key. */
export const LOOKUP_FIELDS = ['n_package', 'n_discipline', 'n_doc_type'] as const;
export type LookupField = (typeof LOOKUP_FIELDS)[number];

/** Code (upper case) → key, per look-up column. */
export type CodeMaps = Readonly<Record<LookupField, ReadonlyMap<string, string>>>;

/**
 * CSV as RFC 4180 writes it: comma or semicolon separated (whichever the header line uses), double quotes around
 * a cell that holds a separator, quote or line break, `""` for a quote; CRLF or LF; a byte-order mark is skipped.
 * Blank lines are dropped.
 */
export function parseCsv(text: string): string[][] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const firstLine = source.split(/\r?\n/, 1)[0] ?? '';
  const separator = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === separator) {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((value) => value.trim() !== ''));
}

export interface SheetRow {
  /** The row's number in the sheet as a spreadsheet shows it (the header is row 1). */
  row: number;
  file: string;
  /** The upload's fields, look-ups already turned into keys. */
  fields: Record<string, string>;
  /** What is wrong with the row; empty when it can be sent. */
  problems: string[];
}

export interface SheetCheck {
  rows: SheetRow[];
  /** Problems of the sheet as a whole (a missing column, a file without a row). */
  problems: string[];
}

function headerField(header: string): string | null {
  const text = header.trim().toLowerCase();
  const column = SHEET_COLUMNS.find((c) => c.label.toLowerCase() === text || c.field === text);
  return column?.field ?? null;
}

function labelOf(field: string): string {
  return SHEET_COLUMNS.find((c) => c.field === field)?.label ?? field;
}

/** "Row 3, Package: no package has the code C9-V01." */
function unknownCode(field: LookupField, row: number, code: string): string {
  const values = { row, column: labelOf(field), code };
  switch (field) {
    case 'n_package':
      return translate('Row {{row}}, {{column}}: no package has the code {{code}}.', values);
    case 'n_discipline':
      return translate('Row {{row}}, {{column}}: no discipline has the code {{code}}.', values);
    case 'n_doc_type':
      return translate('Row {{row}}, {{column}}: no document type has the code {{code}}.', values);
  }
}

/**
 * Reads the sheet's rows and checks each against the dropped files and the look-ups: every row names a file that
 * was dropped (once), has its required cells and known codes; every dropped file has a row.
 */
export function checkSheet(
  cells: readonly string[][],
  fileNames: readonly string[],
  codes: CodeMaps,
): SheetCheck {
  const problems: string[] = [];
  const [header = [], ...body] = cells;
  const fields = header.map(headerField);
  for (const column of SHEET_COLUMNS) {
    if (column.required && !fields.includes(column.field)) {
      problems.push(
        translate('The sheet has no "{{column}}" column: add it to the first row (see the template).', {
          column: column.label,
        }),
      );
    }
  }
  if (problems.length > 0) return { rows: [], problems };
  if (body.length === 0)
    problems.push(translate('The sheet has no rows under its header: add one row per file.'));

  const files = new Set(fileNames);
  const seen = new Map<string, number>();
  const rows = body.map((cellsOfRow, index): SheetRow => {
    const row = index + 2;
    const values: Record<string, string> = {};
    fields.forEach((field, column) => {
      if (field) values[field] = (cellsOfRow[column] ?? '').trim();
    });
    const rowProblems: string[] = [];
    const file = values.file ?? '';
    delete values.file;
    if (!file) rowProblems.push(translate('Row {{row}}, File: name the file this row describes.', { row }));
    else if (!files.has(file))
      rowProblems.push(
        translate(
          'Row {{row}}, File: "{{file}}" was not dropped with the sheet; add the file or remove the row.',
          { row, file },
        ),
      );
    else if (seen.has(file))
      rowProblems.push(
        translate('Row {{row}}, File: "{{file}}" is already described in row {{first}}.', {
          row,
          file,
          first: seen.get(file),
        }),
      );
    if (file && !seen.has(file)) seen.set(file, row);
    for (const column of SHEET_COLUMNS) {
      if (column.required && column.field !== 'file' && !values[column.field]) {
        rowProblems.push(translate('Row {{row}}, {{column}}: required.', { row, column: column.label }));
      }
    }
    for (const field of LOOKUP_FIELDS) {
      const code = values[field];
      if (!code) continue;
      const key = codes[field].get(code.toUpperCase());
      if (key === undefined) rowProblems.push(unknownCode(field, row, code));
      else values[field] = key;
    }
    return { row, file, fields: values, problems: rowProblems };
  });
  for (const name of fileNames) {
    if (!seen.has(name))
      problems.push(
        translate('The file "{{name}}" has no row in the sheet: add a row for it or leave it out.', { name }),
      );
  }
  return { rows, problems };
}

/** The template: the header and one example row. */
export function templateCsv(): string {
  const header = SHEET_COLUMNS.map((c) => c.label);
  const example = [
    'P112 bearing layout.pdf',
    'Pier P112 bearing layout',
    'C1-V01',
    'CIV',
    'DRG',
    'MML3',
    'LNT',
    'C1V01',
    'P112',
    'DR',
    'S',
    '',
    '',
  ];
  return [header, example].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}
