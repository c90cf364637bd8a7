import { describe, expect, it } from 'vitest';

import type { SearchHit } from '../../api/dms';
import type { HitField } from '../../api/schema';
import { fieldsAt, hitText, hitTextAt } from './hit-fields';

// The catalogue's `search_hit` of a register, shortened.
const fields: HitField[] = [
  { name: 'document_no', column: 'c_document_no', label: 'Document No.', shows: 'number' },
  { name: 'title', column: 'c_title', label: 'Title', shows: 'title' },
  { name: 'revision', column: 'c_revision', label: 'Revision', shows: 'badge' },
  { name: 'state', column: 'c_state', label: 'State', shows: 'badge' },
  { name: 'package', column: 'n_package', label: 'Package', shows: 'detail' },
  { name: 'originator', column: 'c_originator', label: 'Originator', shows: 'detail' },
];

const hit = {
  id: 7,
  matched_in: [],
  document_no: 'MML3-LNT-C1V01-P112-DR-S-0001',
  title: 'Pier bearing layout',
  revision: 'P01.01',
  state: 'WIP',
  package: { id: 1, label: 'C1-V01' },
  originator: null,
} as unknown as SearchHit;

describe("a hit's fields", () => {
  it('are read by name: a look-up by its label, blank as empty', () => {
    expect(hitText(hit, 'package')).toBe('C1-V01');
    expect(hitText(hit, 'originator')).toBe('');
    expect(hitText(hit, 'nothing')).toBe('');
  });

  it('are placed as the register says, in its order', () => {
    expect(hitTextAt(hit, fields, 'number')).toBe('MML3-LNT-C1V01-P112-DR-S-0001');
    expect(hitTextAt(hit, fields, 'title')).toBe('Pier bearing layout');
    expect(fieldsAt(fields, 'badge').map((field) => field.name)).toEqual(['revision', 'state']);
    expect(hitTextAt(hit, [], 'number')).toBe('');
  });
});
