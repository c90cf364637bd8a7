import { describe, expect, it } from 'vitest';

import { executed, findItems, itemOf, SOR_ITEMS } from './sor-sample';

describe('the schedule of rates', () => {
  it('adds the certified quantities and their share of the BOQ', () => {
    expect(executed(itemOf('3.11'))).toEqual({ quantity: 2219.5, percent: 32.4 });
    expect(executed(itemOf('8.21'))).toEqual({ quantity: 0, percent: 0 });
  });

  it('finds items by code or description', () => {
    expect(findItems(SOR_ITEMS, 'girder').map((i) => i.code)).toEqual(['4.02']);
    expect(findItems(SOR_ITEMS, '3.1').map((i) => i.code)).toEqual(['3.11', '3.18']);
    expect(findItems(SOR_ITEMS, ' ')).toHaveLength(SOR_ITEMS.length);
  });

  it('opens the first item for an unknown code', () => {
    expect(itemOf('nope').code).toBe('2.04');
  });
});
