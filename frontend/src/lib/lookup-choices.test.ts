import { describe, expect, it } from 'vitest';

import { lookupColumns, toLookupChoices } from './lookup-choices';

const corridors = { entry: 'corridor', primary_key: 'n_key', display_columns: ['n_key', 'c_code', 'c_name'] };

describe('lookup choices', () => {
  it('reads the key and the display columns', () => {
    expect(lookupColumns(corridors, 'c_name')).toEqual(['n_key', 'c_name', 'c_code']);
  });

  it('keys options by the entry primary key and names them by the display columns', () => {
    const choices = toLookupChoices(
      [
        { n_key: 2, c_code: 'C2', c_name: 'Green Line' },
        { n_key: 1, c_code: 'C1', c_name: 'Blue Line' },
        { n_key: 3, c_code: 'C3', c_name: null },
        { c_code: 'X', c_name: 'No key' },
      ],
      corridors,
      'c_name',
    );
    expect(choices.options).toEqual([
      { value: '1', label: 'C1 — Blue Line' },
      { value: '2', label: 'C2 — Green Line' },
      { value: '3', label: 'C3' },
    ]);
    expect(choices.names.get('2')).toBe('Green Line');
    expect(choices.names.get('3')).toBe('3');
    expect(choices.names.has('X')).toBe(false);
  });
});

describe('a lookup whose display column is not among the display columns', () => {
  it('still names its options by it', () => {
    const users = { entry: 'v_user_list', primary_key: 'id', display_columns: ['id'] };
    expect(toLookupChoices([{ id: 7, name: 'Asha' }], users, 'name').options).toEqual([
      { value: '7', label: 'Asha' },
    ]);
  });
});

describe('what an option shows', () => {
  it('shows its option columns, each as its type is written, never a key', () => {
    const ipas = {
      entry: 'ipa',
      primary_key: 'id',
      display_columns: [],
      option_columns: [
        { name: 'c_ipa_no', type: 'text' as const },
        { name: 'd_period_to', type: 'date' as const },
        { name: 'n_amount_this_period', type: 'numeric' as const, scale: 2 },
        { name: 'c_state', type: 'text' as const },
      ],
    };
    expect(lookupColumns(ipas, 'c_ipa_no')).toEqual([
      'id',
      'c_ipa_no',
      'd_period_to',
      'n_amount_this_period',
      'c_state',
    ]);
    const row = {
      id: 9,
      c_ipa_no: 'C1-IPA-003',
      d_period_to: '2026-10-31',
      n_amount_this_period: '1234567.5',
      c_state: 'Certified',
    };
    expect(toLookupChoices([row], ipas, 'c_ipa_no').options).toEqual([
      { value: '9', label: 'C1-IPA-003 — 31 Oct, 2026 — 12,34,567.50 — Certified' },
    ]);
    // The display column comes first when the option columns leave it out; a blank part is left out.
    const boq = {
      entry: 'boq_item',
      primary_key: 'id',
      display_columns: ['id', 'c_label', 'n_contract'],
      option_columns: [{ name: 'n_rate', type: 'numeric' as const, scale: 2 }],
    };
    expect(
      toLookupChoices(
        [{ id: 4, c_label: 'C1 1.01 - Concrete (m3)', n_rate: 45000000, n_contract: 3 }],
        boq,
        'c_label',
      ).options[0]?.label,
    ).toBe('C1 1.01 - Concrete (m3) — 4,50,00,000.00');
    expect(
      toLookupChoices([{ id: 5, c_label: 'C1 1.02', n_rate: null }], boq, 'c_label').options[0]?.label,
    ).toBe('C1 1.02');
  });
});
