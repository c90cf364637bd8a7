/**
 * Bulk upload with a metadata sheet: many files plus one CSV (one row per file). Its columns are the register's
 * fields for a new record (`useNewRecordFields`, from the metadata); every row is checked against the files, the
 * look-ups and the register's rules before anything is sent; then the good rows are uploaded one by one (`POST
 * /api/data/{entry}/upload`), each with its own result: the created number, or the gateway's message. A refused row
 * changes nothing and stays in the list; a corrected sheet dropped again sends only the rows not yet created.
 */
import { useCallback, useMemo, useState } from 'react';

import { GatewayError } from '../../api/client';
import { useCreateDocument } from '../../api/dms';
import type { ScreenMeta } from '../../api/schema';
import { useLookupKeys } from '../../api/lookup-keys';
import { translate, useTranslation } from '../../lib/i18n';
import { formProblems } from '../../lib/record-rule-checks';
import { errorMessage } from '../notices';
import { type FormValues, numberOf, useNewRecordFields } from '../screens/record-fields';
import {
  checkSheet,
  lookupTexts,
  parseCsv,
  readSheet,
  type SheetCheck,
  sheetColumns,
  templateCsv,
} from './sheet';

export type RowResult =
  | { status: 'sending'; share: number }
  | { status: 'created'; number: string }
  | { status: 'refused'; message: string };

function refusalText(error: unknown): string {
  if (error instanceof GatewayError) {
    const fields = Object.values(error.fields);
    if (fields.length > 0) return fields.map((message) => translate(message)).join(' ');
  }
  return errorMessage(error);
}

/** The values given, blank ones left out (they keep the register's defaults). */
function givenValues(values: Readonly<Record<string, string>>): FormValues {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
}

/**
 * `meta`: the register's metadata as the registry writes it (the sheet's headers are its labels); `defaults`: the
 * folder's values, which a blank cell keeps.
 */
export function useBulkUpload(meta: ScreenMeta, defaults: Readonly<Record<string, string>>) {
  // The sheet's problems are words: checked again when the language changes.
  const { i18n } = useTranslation();
  const language = i18n.language;
  const fields = useNewRecordFields(meta);
  const { blank, editableInputs, lookups } = fields;
  const defaultsKey = JSON.stringify(defaults);
  const starting = useMemo(
    () => ({ ...blank, ...givenValues(JSON.parse(defaultsKey) as Record<string, string>) }),
    [blank, defaultsKey],
  );
  const columns = useMemo(() => sheetColumns(editableInputs, starting), [editableInputs, starting]);
  const create = useCreateDocument();
  const [files, setFiles] = useState<File[]>([]);
  const [sheetText, setSheetText] = useState<string | null>(null);
  const [sheetName, setSheetName] = useState<string | null>(null);
  const [sheetError, setSheetError] = useState<string | null>(null);
  const [results, setResults] = useState<Record<string, RowResult>>({});
  const [running, setRunning] = useState(false);

  const read = useMemo(
    () => (sheetText === null || !language ? null : readSheet(parseCsv(sheetText), columns)),
    [sheetText, columns, language],
  );
  const texts = useMemo(
    () => (read ? lookupTexts(read, columns) : new Map<string, string[]>()),
    [read, columns],
  );
  const found = useLookupKeys(lookups, texts);
  const problemsOf = useCallback(
    (values: Readonly<FormValues>) => formProblems(editableInputs, meta.columns, meta.rules, values),
    [editableInputs, meta.columns, meta.rules],
  );
  const check: SheetCheck | null = useMemo(() => {
    if (read === null || found === undefined) return null;
    return checkSheet(
      read,
      columns,
      files.map((file) => file.name),
      { starting, problemsOf, found },
    );
  }, [read, found, columns, files, starting, problemsOf]);

  /** Files dropped: a .csv is the sheet, everything else a document's file (a file dropped again replaces it). */
  const drop = async (dropped: readonly File[]) => {
    const sheets = dropped.filter((file) => /\.csv$/i.test(file.name));
    const documents = dropped.filter((file) => !/\.csv$/i.test(file.name));
    if (sheets.length > 1) {
      setSheetError(
        translate('Drop one metadata sheet at a time; {{count}} CSV files were dropped.', {
          count: sheets.length,
        }),
      );
      return;
    }
    const sheet = sheets[0];
    if (sheet) {
      setSheetError(null);
      setSheetName(sheet.name);
      setSheetText(await sheet.text());
    }
    if (documents.length > 0) {
      setFiles((current) => [
        ...current.filter((file) => !documents.some((d) => d.name === file.name)),
        ...documents,
      ]);
    }
  };

  const sendable = (check?.rows ?? []).filter(
    (row) => row.problems.length === 0 && results[row.file]?.status !== 'created',
  );
  const blocked =
    check === null || check.problems.length > 0 || check.rows.some((row) => row.problems.length > 0);

  const send = async () => {
    if (blocked || running) return;
    setRunning(true);
    for (const row of sendable) {
      const file = files.find((f) => f.name === row.file);
      if (!file) continue;
      setResults((current) => ({ ...current, [row.file]: { status: 'sending', share: 0 } }));
      try {
        const created = await create.mutateAsync({
          files: [file],
          fields: row.fields,
          onProgress: (share) =>
            setResults((current) => ({ ...current, [row.file]: { status: 'sending', share } })),
        });
        setResults((current) => ({
          ...current,
          [row.file]: { status: 'created', number: numberOf(meta, created.record) ?? row.file },
        }));
      } catch (error) {
        setResults((current) => ({
          ...current,
          [row.file]: { status: 'refused', message: refusalText(error) },
        }));
      }
    }
    setRunning(false);
  };

  const done = Object.values(results).filter((r) => r.status === 'created' || r.status === 'refused').length;
  const created = Object.values(results).filter((r) => r.status === 'created').length;

  return {
    files,
    sheetName,
    sheetError,
    check,
    results,
    running,
    blocked,
    sendable: sendable.length,
    done,
    created,
    /** Whether the sheet's look-up cells are still being found. */
    finding: read !== null && found === undefined,
    /** The template of the sheet: its header and a row of the values a record starts from. */
    template: () => templateCsv(columns, starting),
    drop,
    send,
    removeFile: (name: string) => setFiles((current) => current.filter((file) => file.name !== name)),
  };
}

export type BulkUpload = ReturnType<typeof useBulkUpload>;
