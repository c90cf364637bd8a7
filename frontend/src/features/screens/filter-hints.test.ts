import { describe, expect, it } from 'vitest';

import { filterHint } from './filter-hints';

describe('filter hints', () => {
  it('say what a number filter accepts', () => {
    const hint = filterHint({ type: 'numeric', label: 'Chainage (km)' });
    expect(hint.placeholder).toBe('e.g. >20 or 10..20');
    expect(hint.title).toContain('10..20');
    expect(filterHint({ type: 'integer', label: 'Sequence' }).placeholder).toBe('e.g. >20 or 10..20');
  });

  it('say what a date filter accepts', () => {
    expect(filterHint({ type: 'date', label: 'Start date' }).placeholder).toBe(
      'e.g. 2026-03 or 2026-01..2026-03',
    );
    expect(filterHint({ type: 'timestamptz', label: 'Created' }).title).toContain('2026-03-15');
  });

  it('say that text is matched by contains', () => {
    expect(filterHint({ type: 'text', label: 'Name' })).toEqual({
      placeholder: 'Contains…',
      title: 'Name: rows whose Name contains the text',
    });
  });
});
