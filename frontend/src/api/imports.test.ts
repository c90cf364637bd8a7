import { describe, expect, it } from 'vitest';

import { GatewayError, uploadBody } from './client';
import { importFields, refusedSummary } from './imports';

const OPTIONS = {
  dry_run: true,
  mode: 'upsert' as const,
  key: ['n_package', 'c_element_id'],
  valid_only: false,
  sheet: null,
  progress: '0f8fad5b-d9cb-469f-a165-70867728950e',
  route: '/administration/keyelementstatusimport',
};

describe("a run's multipart body", () => {
  it('sends mapping, fixed and options first, and the file last', () => {
    const fields = importFields({
      mapping: { 'Element ID': 'c_element_id' },
      fixed: { n_ipa: '7' },
      options: OPTIONS,
    });
    const file = new File(['Element ID\nP104\n'], 'elements.csv', { type: 'text/csv' });
    const body = uploadBody(fields, [file]);
    expect([...body.keys()]).toEqual(['mapping', 'fixed', 'options', 'file']);
    expect(JSON.parse(body.get('mapping') as string)).toEqual({ 'Element ID': 'c_element_id' });
    expect(JSON.parse(body.get('fixed') as string)).toEqual({ n_ipa: '7' });
    expect(JSON.parse(body.get('options') as string)).toEqual(OPTIONS);
    expect((body.get('file') as File).name).toBe('elements.csv');
  });

  it('is only the file when there is nothing else to say', () => {
    const body = uploadBody([], [new File(['x'], 'a.csv')]);
    expect([...body.keys()]).toEqual(['file']);
  });
});

describe('a refused commit', () => {
  const summary = {
    run: 9,
    dry_run: false,
    committed: false,
    file_name: 'a.csv',
    sha256: 'ab',
    rows_read: 3,
    inserted: 2,
    updated: 0,
    refused: 1,
    errors: [{ row: 3, column: 'c_code', label: 'Code', value: '', message: 'Code is required' }],
    errors_total: 1,
    error_report: '/api/import/runs/9/errors.csv',
  };

  it("reads the summary in the 422's details, as an object or as JSON text", () => {
    const body = { code: 'PMIS-R422I', message: '1 row refused', details: summary };
    expect(refusedSummary(new GatewayError(422, body))).toEqual(summary);
    expect(refusedSummary(new GatewayError(422, { ...body, details: JSON.stringify(summary) }))).toEqual(
      summary,
    );
  });

  it('is not any other failure', () => {
    expect(refusedSummary(new GatewayError(422, { message: 'Code is required', details: null }))).toBeNull();
    expect(refusedSummary(new GatewayError(413, { message: 'too large', details: summary }))).toBeNull();
    expect(refusedSummary(new Error('network'))).toBeNull();
  });
});
