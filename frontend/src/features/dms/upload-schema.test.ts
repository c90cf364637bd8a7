import { describe, expect, it } from 'vitest';

import { uploadSchema, uploadValues } from './upload-schema';

const good = uploadValues({
  c_title: 'Pier P112 bearing layout',
  c_project: 'MML3',
  c_originator: 'LNT',
  c_volume: 'C1V01',
  c_level: '',
  c_type: 'DR',
  c_role: 'S',
  n_package: '4',
  n_discipline: '1',
  n_doc_type: '1',
});

describe('uploadSchema', () => {
  it('passes a good form, with an empty number, level and project (the server fills them)', () => {
    expect(uploadSchema.safeParse(good).success).toBe(true);
  });

  it('names the faulty number part as the register does', () => {
    const result = uploadSchema.safeParse({ ...good, c_originator: 'lnt1', c_number: '12' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toContain('Originator: 3–6 capital letters such as LNT');
    expect(messages).toContain('Number: 4–6 digits such as 0001, or leave it empty for the next free one');
  });

  it('asks for the title and the look-ups', () => {
    const result = uploadSchema.safeParse({ ...good, c_title: ' ', n_package: '' });
    const messages = result.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toEqual(['Title: give the document a title', 'Package: choose the package']);
  });
});
