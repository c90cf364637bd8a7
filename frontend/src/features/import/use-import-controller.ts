/**
 * The importer, headless: choose a file (and a sheet of a workbook) → map its columns to the register's (with the
 * values the screen asks once, and the mode and key when the register has business keys) → check it (a dry run
 * with the server's progress) → see what would happen, row by row → import (all or nothing; or, when the user says
 * so after a confirmation, only the valid rows) → done. Every refusal of the gateway is kept in its words for the
 * place the user looks: under the file (a file it cannot read), over the mapping (a column it needs), or in the
 * results (the rows). The views only draw what this gives.
 */
import { useRef, useState } from 'react';

import {
  type FixedValues,
  type ImportMapping,
  type ImportMode,
  importModeOf,
  refusedSummary,
  useImportCalls,
  useImportProgress,
} from '../../api/imports';
import type { ImportPreset, ImportPreview, ImportSummary } from '../../api/schema';
import { translate, useTranslation } from '../../lib/i18n';
import { errorMessage } from '../notices';
import { missingColumns, remap, startingKey, startingMapping } from './import-mapping';
import { fileRefusal } from './import-text';

export type ImportStep = 'file' | 'map' | 'results' | 'done';

/** A run under way: a check or an import, the key its progress is asked by, and the share of the file sent. */
export interface RunningImport {
  dryRun: boolean;
  validOnly: boolean;
  key: string;
}

/** A key for the server's progress of one run: random, so nobody can guess another's. */
export function newRunKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Plain-HTTP pages (an address on the site's network) have no randomUUID; getRandomValues is everywhere.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export interface ImportControllerOptions {
  entry: string;
  /** The import screen's preset (its asked and fixed values, mode, key, mapping and route); none from a register. */
  preset?: ImportPreset;
  /** After an import that wrote rows. */
  onImported?: (summary: ImportSummary) => void;
}

export function useImportController({ entry, preset, onImported }: ImportControllerOptions) {
  // The words below (what blocks a check) follow the language.
  useTranslation();
  const calls = useImportCalls(entry);
  const [step, setStep] = useState<ImportStep>('file');
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [sheet, setSheet] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const presetMode = importModeOf(preset?.mode);
  const [mode, setModeState] = useState<ImportMode>(presetMode);
  const [key, setKey] = useState<string[]>(startingKey(presetMode, preset?.key, []));
  const [asked, setAsked] = useState<Record<string, string>>({});
  const [running, setRunning] = useState<RunningImport | null>(null);
  const [sent, setSent] = useState(0);
  const [check, setCheck] = useState<ImportSummary | null>(null);
  const [outcome, setOutcome] = useState<ImportSummary | null>(null);
  const [runProblem, setRunProblem] = useState<string | null>(null);
  const [confirmingValidOnly, setConfirmingValidOnly] = useState(false);
  const [mappingSaved, setMappingSaved] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const progress = useImportProgress(running?.key ?? null, running !== null);

  const askList = preset?.ask ?? [];
  const fixed = preset?.fixed ?? {};
  const given = [...Object.keys(fixed), ...askList.map((ask) => ask.name)];
  const columns = preview?.columns ?? [];
  const keys = preview?.keys ?? [];
  // History arrives as new records in its closed state: no other mode is offered.
  const offersModes = !preset?.arrives_in && (keys.length > 0 || (preset?.key.length ?? 0) > 0);
  const missing = preview ? missingColumns(columns, mapping, given, mode, key) : [];
  const unasked = askList.filter((ask) => !asked[ask.name]);
  const mappedCount = Object.values(mapping).filter(Boolean).length;
  const keyMissing = mode !== 'insert' && key.length === 0;
  /** Why the file cannot be checked yet, in words (empty: it can). */
  const blockers = [
    ...unasked.map((ask) =>
      translate('Choose the {{column}} first: every row is imported into it.', { column: ask.label }),
    ),
    ...(preview && mappedCount === 0
      ? [translate('No column of the file is matched to a column of the register: choose at least one.')]
      : []),
    ...(keyMissing ? [translate('Choose the key the records are found by, or import as new records.')] : []),
    ...missing.map((m) => m.message),
  ];

  const readFile = async (chosen: File, chosenSheet: string | null) => {
    setFileProblem(null);
    setRunProblem(null);
    setCheck(null);
    setOutcome(null);
    try {
      const answer = await calls.preview.mutateAsync({ file: chosen, sheet: chosenSheet });
      setPreview(answer);
      setSheet(answer.sheet ?? null);
      setMapping(
        startingMapping({
          headers: answer.headers,
          columns: answer.columns,
          proposed: answer.mapping,
          saved: answer.saved_mapping,
          preset: preset?.mapping,
          given,
        }),
      );
      const usableMode = presetMode !== 'insert' && answer.keys.length === 0 && !preset?.key.length;
      const nextMode = usableMode ? 'insert' : presetMode;
      setModeState(nextMode);
      setKey(startingKey(nextMode, preset?.key, answer.keys));
      setMappingSaved(false);
      setStep('map');
    } catch (error) {
      setPreview(null);
      setStep('file');
      setFileProblem(errorMessage(error));
    }
  };

  /** A file dropped or chosen: refused in words when it cannot be one the importer reads, else previewed. */
  const chooseFile = (chosen: File | undefined) => {
    if (!chosen || running) return;
    const refusal = fileRefusal(chosen);
    setFile(chosen);
    if (refusal) {
      setPreview(null);
      setStep('file');
      setFileProblem(refusal);
      return;
    }
    void readFile(chosen, null);
  };

  /** Files the drop zone refused by type: said in the same words as a chosen one. */
  const refuseFiles = (names: readonly File[]) => {
    const first = names[0];
    if (first) {
      setFile(first);
      setPreview(null);
      setStep('file');
      setFileProblem(
        fileRefusal(first) ??
          translate('{{file}} cannot be imported: choose a .csv, .txt or .xlsx file.', { file: first.name }),
      );
    }
  };

  const chooseSheet = (next: string) => {
    if (file && next !== sheet) void readFile(file, next);
  };

  /** Anything changed after a check makes the check stale: back to the mapping. */
  const changed = () => {
    setCheck(null);
    setRunProblem(null);
    if (step === 'results') setStep('map');
  };

  const setColumn = (header: string, column: string | null) => {
    setMapping((current) => remap(current, header, column));
    setMappingSaved(false);
    changed();
  };
  const setMode = (next: ImportMode) => {
    setModeState(next);
    setKey(next === 'insert' ? [] : key.length > 0 ? key : startingKey(next, preset?.key, keys));
    changed();
  };
  const chooseKey = (next: string[]) => {
    setKey(next);
    changed();
  };
  const setAsk = (name: string, value: string) => {
    setAsked((current) => ({ ...current, [name]: value }));
    changed();
  };

  const fixedValues = (): FixedValues => {
    const values: FixedValues = {};
    for (const [column, value] of Object.entries(fixed)) values[column] = String(value);
    for (const ask of askList) {
      const value = asked[ask.name];
      if (value) values[ask.name] = value;
    }
    return values;
  };

  const start = async (dryRun: boolean, validOnly: boolean) => {
    if (!file || !preview || running || blockers.length > 0) return;
    const runKey = newRunKey();
    const controller = new AbortController();
    abort.current = controller;
    setRunning({ dryRun, validOnly, key: runKey });
    setSent(0);
    setRunProblem(null);
    setConfirmingValidOnly(false);
    try {
      const summary = await calls.run.mutateAsync({
        file,
        mapping,
        fixed: fixedValues(),
        options: {
          dry_run: dryRun,
          mode,
          key: mode === 'insert' ? [] : key,
          valid_only: validOnly,
          sheet,
          progress: runKey,
          route: preset?.route ?? null,
        },
        signal: controller.signal,
        onProgress: setSent,
      });
      if (dryRun) {
        setCheck(summary);
        setStep('results');
      } else {
        setOutcome(summary);
        setStep('done');
        if (summary.inserted + summary.updated > 0) onImported?.(summary);
      }
    } catch (error) {
      if (controller.signal.aborted) {
        setRunProblem(
          dryRun
            ? translate('The check was stopped: nothing was written.')
            : translate('The import was stopped while the file was being sent: nothing was written.'),
        );
        return;
      }
      const refused = refusedSummary(error);
      if (refused) {
        // All or nothing: a refused row stopped the whole import; its rows are the new check.
        setCheck(refused);
        setStep('results');
        setRunProblem(
          refused.refused === 1
            ? translate(
                'Nothing was imported: 1 row was refused. Fix the file and check it again, or import only the valid rows.',
              )
            : translate(
                'Nothing was imported: {{count}} rows were refused. Fix the file and check it again, or import only the valid rows.',
                { count: refused.refused },
              ),
        );
      } else {
        setRunProblem(errorMessage(error));
      }
    } finally {
      abort.current = null;
      setRunning(null);
    }
  };

  const saveMapping = async () => {
    const chosen = Object.fromEntries(Object.entries(mapping).filter(([, column]) => column !== null));
    try {
      await calls.saveMapping.mutateAsync(chosen);
      setMappingSaved(true);
    } catch (error) {
      setRunProblem(errorMessage(error));
    }
  };

  /** Back to the start, for another file (the screen's asked values stay). */
  const restart = () => {
    setStep('file');
    setFile(null);
    setPreview(null);
    setSheet(null);
    setMapping({});
    setCheck(null);
    setOutcome(null);
    setRunProblem(null);
    setFileProblem(null);
  };

  const validRows = check ? check.inserted + check.updated : 0;

  return {
    entry,
    preset,
    step,
    file,
    fileProblem,
    reading: calls.preview.isPending,
    preview,
    sheet,
    chooseFile,
    refuseFiles,
    chooseSheet,
    columns,
    mapping,
    setColumn,
    /** The register's columns the screen gives every row: not offered for the file's columns. */
    given,
    asked,
    setAsk,
    offersModes,
    mode,
    setMode,
    keys,
    key,
    chooseKey,
    missing,
    blockers,
    /** Checks the file: every row through the form's rules, nothing kept. */
    check: () => void start(true, false),
    /** Imports every row, or none if any is refused. */
    importAll: () => void start(false, false),
    /** Asks, then imports only the rows the check found valid. */
    askValidOnly: () => setConfirmingValidOnly(true),
    confirmingValidOnly,
    cancelValidOnly: () => setConfirmingValidOnly(false),
    importValidOnly: () => void start(false, true),
    /** Stops the upload under way (a run whose file has arrived finishes on the server). */
    stop: () => abort.current?.abort(),
    running,
    sent,
    progress: progress.data ?? null,
    checked: check,
    validRows,
    outcome,
    runProblem,
    saveMapping: () => void saveMapping(),
    savingMapping: calls.saveMapping.isPending,
    mappingSaved,
    downloadTemplate: () =>
      calls.template.mutate(undefined, { onError: (error) => setRunProblem(errorMessage(error)) }),
    downloadingTemplate: calls.template.isPending,
    /** Saves a run's error report (`error_report` of its summary) under `name`. */
    downloadErrors: (path: string, name: string) =>
      calls.errorReport.mutate({ path, name }, { onError: (error) => setRunProblem(errorMessage(error)) }),
    downloadingErrors: calls.errorReport.isPending,
    backToMapping: () => {
      setStep('map');
      setRunProblem(null);
    },
    restart,
  };
}

export type ImportController = ReturnType<typeof useImportController>;
