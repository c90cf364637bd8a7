import { describe, expect, it } from 'vitest';

import type { ColumnDef } from '../../api/schema';
import { formatCell } from './cell-format';

const column = (overrides: Partial<ColumnDef>): ColumnDef => ({
  name: 'x',
  type: 'text',
  label: 'X',
  ...overrides,
});

describe('list cells', () => {
  it('leaves the primary key ungrouped, whatever its name', () => {
    const key = column({ name: 'n_key', type: 'bigint' });
    expect(formatCell(key, 1234567, { primaryKey: 'n_key' })).toBe('1234567');
    expect(formatCell(column({ name: 'id', type: 'bigint' }), 1234567, { primaryKey: 'n_key' })).toBe(
      '12,34,567',
    );
  });

  it('shows lookups by name, flags as Yes/No, dates as DD MMM, YYYY, amounts grouped', () => {
    const names = new Map([['2', 'Green Line']]);
    const lookup = column({
      name: 'n_corridor',
      type: 'bigint',
      lookup: { entry: 'corridor', display: 'c_name' },
    });
    expect(formatCell(lookup, 2, { primaryKey: 'id', names })).toBe('Green Line');
    expect(formatCell(lookup, 9, { primaryKey: 'id', names })).toBe('9');
    expect(formatCell(column({ type: 'smallint', min: 0, max: 1 }), 1, { primaryKey: 'id' })).toBe('Yes');
    expect(formatCell(column({ type: 'date' }), '2026-11-02', { primaryKey: 'id' })).toBe('02 Nov, 2026');
    expect(formatCell(column({ type: 'numeric', scale: 3 }), '1234.5', { primaryKey: 'id' })).toBe(
      '1,234.500',
    );
    expect(formatCell(column({}), null, { primaryKey: 'id' })).toBe('');
  });
});
