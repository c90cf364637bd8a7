/**
 * The metadata sheet of a bulk upload: a CSV with one row per file (its file name and the record's fields), read and
 * checked against the dropped files before anything is sent. Its columns are the register's fields for a new record
 * (what the single upload's form lets this user fill, from the metadata), headed by their labels as the registry
 * writes them; each cell is checked by the register's own rules (`formProblems`, as the form checks a field) and a
 * look-up cell names its row by any of the columns the look-up shows (a package's code or name). Each problem
 * names its row ("Row 12, Package: no row has the code or name C9-V01."), in the current language.
 */
import type { ColumnDef } from '../../api/schema';
import { translate } from '../../lib/i18n';
import type { FormValues } from '../screens/record-fields';

/** A column of the sheet: its header, the record's field, and whether the header must have it. */
export interface SheetColumn {
  label: string;
  field: string;
  /** The sheet must have the column: the register requires the field and nothing else gives it a value. */
  required: boolean;
  /** The field's definition (none for the file). */
  column: ColumnDef | null;
}

/** The column naming each row's file. */
const FILE_COLUMN: SheetColumn = { label: 'File', field: 'file', required: true, column: null };

/**
 * The sheet's columns: the file, then each field one may fill for a new record, in the form's order. A required
 * field the register or the folder already gives a value may be left out of the sheet.
 */
export function sheetColumns(inputs: readonly ColumnDef[], given: Readonly<FormValues>): SheetColumn[] {
  return [
    FILE_COLUMN,
    ...inputs.map((column) => ({
      label: column.label,
      field: column.name,
      required: column.required === true && (given[column.name] ?? '').trim() === '',
      column,
    })),
  ];
}

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

/** A row as the sheet holds it: its number as a spreadsheet shows it (the header is row 1) and its cells by field. */
export interface SheetLine {
  row: number;
  cells: Record<string, string>;
}

/** The sheet read against its columns: the problems of the sheet as a whole, or its lines. */
export interface SheetRead {
  problems: string[];
  lines: SheetLine[];
}

function headerField(header: string, columns: readonly SheetColumn[]): string | null {
  const text = header.trim().toLowerCase();
  const column = columns.find(
    (c) => c.label.toLowerCase() === text || translate(c.label).toLowerCase() === text || c.field === text,
  );
  return column?.field ?? null;
}

/** The header matched to the columns (by label, in English or the user's language, or by field; any case). */
export function readSheet(cells: readonly string[][], columns: readonly SheetColumn[]): SheetRead {
  const problems: string[] = [];
  const [header = [], ...body] = cells;
  const fields = header.map((text) => headerField(text, columns));
  for (const column of columns) {
    if (column.required && !fields.includes(column.field)) {
      problems.push(
        translate('The sheet has no "{{column}}" column: add it to the first row (see the template).', {
          column: translate(column.label),
        }),
      );
    }
  }
  if (problems.length > 0) return { problems, lines: [] };
  if (body.length === 0)
    problems.push(translate('The sheet has no rows under its header: add one row per file.'));
  const lines = body.map((cellsOfRow, index) => {
    const values: Record<string, string> = {};
    fields.forEach((field, column) => {
      if (field) values[field] = (cellsOfRow[column] ?? '').trim();
    });
    return { row: index + 2, cells: values };
  });
  return { problems, lines };
}

/** The distinct texts of each look-up column's cells, to be found among the look-up's rows. */
export function lookupTexts(read: SheetRead, columns: readonly SheetColumn[]): Map<string, string[]> {
  const texts = new Map<string, string[]>();
  for (const { field, column } of columns) {
    if (!column?.lookup) continue;
    const found = new Set(read.lines.map((line) => line.cells[field] ?? '').filter((text) => text !== ''));
    if (found.size > 0) texts.set(field, [...found].sort());
  }
  return texts;
}

/** The keys of the look-up rows each text names (lower case), per look-up column. */
export type FoundKeys = ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>;

export interface SheetRow {
  row: number;
  file: string;
  /** The record's fields as the form would send them, look-ups already turned into keys. */
  fields: Record<string, string>;
  /** What is wrong with the row; empty when it can be sent. */
  problems: string[];
}

export interface SheetCheck {
  rows: SheetRow[];
  /** Problems of the sheet as a whole (a missing column, a file without a row). */
  problems: string[];
}

export interface SheetRules {
  /** The values a new record starts from: the register's defaults under the folder's. */
  starting: Readonly<FormValues>;
  /** The register's rules over a record's values: each field's problem, as the form shows it. */
  problemsOf: (values: Readonly<FormValues>) => Readonly<Record<string, string>>;
  found: FoundKeys;
}

/** A look-up cell's key, or what is wrong with it. */
function lookupKey(
  column: SheetColumn,
  text: string,
  found: FoundKeys,
  row: number,
): { key: string } | { problem: string } {
  const keys = found.get(column.field)?.get(text.toLowerCase()) ?? [];
  const values = { row, column: translate(column.label), code: text };
  if (keys.length === 0)
    return { problem: translate('Row {{row}}, {{column}}: no row has the code or name {{code}}.', values) };
  const [key] = keys;
  if (keys.length > 1 || key === undefined)
    return {
      problem: translate(
        'Row {{row}}, {{column}}: {{code}} names more than one row; write its code.',
        values,
      ),
    };
  return { key };
}

/**
 * Checks each row against the dropped files and the register: every row names a file that was dropped (once),
 * its look-up cells name one row each, and the record it makes passes the register's rules; every dropped file has
 * a row. A blank cell keeps the starting value.
 */
export function checkSheet(
  read: SheetRead,
  columns: readonly SheetColumn[],
  fileNames: readonly string[],
  rules: SheetRules,
): SheetCheck {
  if (read.lines.length === 0) return { rows: [], problems: read.problems };
  const files = new Set(fileNames);
  const seen = new Map<string, number>();
  const rows = read.lines.map(({ row, cells }): SheetRow => {
    const problems: string[] = [];
    const file = cells.file ?? '';
    if (!file) problems.push(translate('Row {{row}}, File: name the file this row describes.', { row }));
    else if (!files.has(file))
      problems.push(
        translate(
          'Row {{row}}, File: "{{file}}" was not dropped with the sheet; add the file or remove the row.',
          { row, file },
        ),
      );
    else if (seen.has(file))
      problems.push(
        translate('Row {{row}}, File: "{{file}}" is already described in row {{first}}.', {
          row,
          file,
          first: seen.get(file),
        }),
      );
    if (file && !seen.has(file)) seen.set(file, row);

    const values: FormValues = { ...rules.starting };
    const unknown = new Set<string>();
    for (const column of columns) {
      const text = cells[column.field] ?? '';
      if (column.column === null || text === '') continue;
      if (column.column.lookup) {
        const found = lookupKey(column, text, rules.found, row);
        if ('key' in found) values[column.field] = found.key;
        else {
          problems.push(found.problem);
          unknown.add(column.field);
        }
      } else values[column.field] = column.column.format === 'code' ? text.toUpperCase() : text;
    }
    for (const [field, problem] of Object.entries(rules.problemsOf(values))) {
      // A rule over a field the sheet does not hold is left to the gateway, as the form leaves it.
      if (!unknown.has(field) && columns.some((column) => column.field === field))
        problems.push(translate('Row {{row}}: {{problem}}', { row, problem }));
    }
    const fields = Object.fromEntries(
      columns.flatMap(({ field, column }) => {
        const value = (values[field] ?? '').trim();
        return column === null || value === '' ? [] : [[field, value]];
      }),
    );
    return { row, file, fields, problems };
  });
  const problems = [...read.problems];
  for (const name of fileNames) {
    if (!seen.has(name))
      problems.push(
        translate('The file "{{name}}" has no row in the sheet: add a row for it or leave it out.', { name }),
      );
  }
  return { rows, problems };
}

/**
 * The template: the header and one example row holding the values a record starts from (the folder's and the
 * register's defaults; a look-up's cell blank, which keeps it), under a file name to replace.
 */
export function templateCsv(columns: readonly SheetColumn[], starting: Readonly<FormValues>): string {
  const header = columns.map((c) => c.label);
  // A look-up starts from a key, which the sheet does not take: blank keeps the starting row.
  const example = columns.map((c) =>
    c.column === null ? 'example.pdf' : c.column.lookup ? '' : (starting[c.field] ?? ''),
  );
  return [header, example].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}
