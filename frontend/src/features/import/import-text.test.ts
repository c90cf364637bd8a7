import { describe, expect, it } from 'vitest';

import type { ImportSummary } from '../../api/schema';
import {
  errorReportName,
  fileRefusal,
  progressPercent,
  progressText,
  refusedText,
  summaryText,
  validOnlyLabel,
} from './import-text';

describe('the progress line', () => {
  it("says the phase, the row and the share of the file read, from the server's figures", () => {
    expect(
      progressText({ phase: 'checking', rows_read: 12340, bytes_read: 38, bytes_total: 100 }, true),
    ).toBe('Checking row 12,340 · 38 %');
    expect(
      progressText({ phase: 'writing', rows_read: 123456, bytes_read: 99, bytes_total: 100 }, false),
    ).toBe('Importing row 1,23,456 · 99 %');
    // A dry run writes nothing: its writing phase is checking to the user.
    expect(progressText({ phase: 'writing', rows_read: 5, bytes_read: 1, bytes_total: 2 }, true)).toBe(
      'Checking row 5 · 50 %',
    );
    expect(progressText({ phase: 'reading', rows_read: 0, bytes_read: 0, bytes_total: 0 }, true)).toBe(
      'Reading the file · 0 %',
    );
  });

  it('says how much of the file is sent before the server knows the run', () => {
    expect(progressText(null, true, 0.425)).toBe('Sending the file · 43 %');
    expect(progressText(undefined, false)).toBe('Sending the file · 0 %');
  });

  it('never goes past 100 % nor below 0', () => {
    expect(progressPercent({ bytes_read: 120, bytes_total: 100 })).toBe(100);
    expect(progressPercent({ bytes_read: 5, bytes_total: 0 })).toBe(0);
  });
});

describe('the error report', () => {
  it('is named after the file and the run', () => {
    expect(errorReportName('corridors.csv', 42)).toBe('corridors-run-42-errors.csv');
    expect(errorReportName('Key elements: C1/V01 (final).xlsx', 7)).toBe(
      'Key-elements-C1-V01-(final)-run-7-errors.csv',
    );
    expect(errorReportName('.csv', 3)).toBe('import-run-3-errors.csv');
  });
});

describe('files refused before sending', () => {
  it('says which files the importer reads', () => {
    expect(fileRefusal({ name: 'photo.png', size: 10 })).toBe(
      'photo.png is not a CSV, text or Excel (.xlsx) file: choose a .csv, .txt or .xlsx file.',
    );
    expect(fileRefusal({ name: 'old.XLS', size: 10 })).toMatch(/save it as \.xlsx or \.csv/);
    expect(fileRefusal({ name: 'empty.csv', size: 0 })).toBe(
      'empty.csv is empty: choose a file with a header row and at least one row.',
    );
    expect(fileRefusal({ name: 'rows.CSV', size: 10 })).toBeNull();
    expect(fileRefusal({ name: 'rows.txt', size: 10 })).toBeNull();
    expect(fileRefusal({ name: 'book.xlsx', size: 10 })).toBeNull();
  });
});

describe('counts in words', () => {
  const summary: ImportSummary = {
    run: 1,
    dry_run: true,
    committed: false,
    file_name: 'a.csv',
    sha256: '',
    rows_read: 250,
    inserted: 247,
    updated: 2,
    refused: 1,
    errors: [],
    errors_total: 1,
    error_report: '/api/import/runs/1/errors.csv',
  };

  it('says what a check would do, and what an import did', () => {
    expect(summaryText(summary)).toBe('250 rows read: 247 would be added, 2 would be updated, 1 refused.');
    expect(summaryText({ ...summary, dry_run: false, committed: true })).toBe(
      '250 rows read: 247 added, 2 updated, 1 refused.',
    );
    expect(refusedText(1)).toBe('1 row refused');
    expect(refusedText(1200)).toBe('1,200 rows refused');
    expect(refusedText(0)).toBe('No row refused');
    expect(validOnlyLabel(249)).toBe('Import only the 249 valid rows');
    expect(validOnlyLabel(1)).toBe('Import only the 1 valid row');
  });
});
