/**
 * Bulk upload with a metadata sheet: many files plus one CSV (one row per file). Every row is checked against the
 * files and the look-ups before anything is sent; then the good rows are uploaded one by one (`POST
 * /api/data/{entry}/upload`), each with its own result: the created number, or the gateway's message. A refused row
 * changes nothing and stays in the list; a corrected sheet dropped again sends only the rows not yet created.
 */
import { useMemo, useState } from 'react';

import { GatewayError } from '../../api/client';
import { type CodeOption, useCreateDocument, useDmsLookups } from '../../api/dms';
import { translate, useTranslation } from '../../lib/i18n';
import { errorMessage } from '../notices';
import { checkSheet, type CodeMaps, parseCsv, type SheetCheck } from './sheet';

export type RowResult =
  | { status: 'sending'; share: number }
  | { status: 'created'; number: string }
  | { status: 'refused'; message: string };

function codeMap(rows: readonly CodeOption[] | undefined): Map<string, string> {
  return new Map((rows ?? []).map((row) => [row.c_code.toUpperCase(), String(row.id)]));
}

function refusalText(error: unknown): string {
  if (error instanceof GatewayError) {
    const fields = Object.values(error.fields);
    if (fields.length > 0) return fields.map((message) => translate(message)).join(' ');
  }
  return errorMessage(error);
}

export function useBulkUpload(defaults: Readonly<Record<string, string>>) {
  // The sheet's problems are words: checked again when the language changes.
  const { i18n } = useTranslation();
  const language = i18n.language;
  const lookups = useDmsLookups();
  const create = useCreateDocument();
  const [files, setFiles] = useState<File[]>([]);
  const [sheetText, setSheetText] = useState<string | null>(null);
  const [sheetName, setSheetName] = useState<string | null>(null);
  const [sheetError, setSheetError] = useState<string | null>(null);
  const [results, setResults] = useState<Record<string, RowResult>>({});
  const [running, setRunning] = useState(false);

  const codes: CodeMaps | null = useMemo(
    () =>
      lookups.data
        ? {
            n_package: codeMap(lookups.data.packages),
            n_discipline: codeMap(lookups.data.disciplines),
            n_doc_type: codeMap(lookups.data.docTypes),
          }
        : null,
    [lookups.data],
  );

  const check: SheetCheck | null = useMemo(() => {
    if (sheetText === null || codes === null || !language) return null;
    return checkSheet(
      parseCsv(sheetText),
      files.map((file) => file.name),
      codes,
    );
  }, [sheetText, files, codes, language]);

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
          fields: { ...defaults, ...row.fields },
          onProgress: (share) =>
            setResults((current) => ({ ...current, [row.file]: { status: 'sending', share } })),
        });
        setResults((current) => ({
          ...current,
          [row.file]: { status: 'created', number: created.record.c_document_no },
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
    lookupsReady: codes !== null,
    drop,
    send,
    removeFile: (name: string) => setFiles((current) => current.filter((file) => file.name !== name)),
  };
}

export type BulkUpload = ReturnType<typeof useBulkUpload>;
