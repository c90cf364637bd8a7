import { describe, expect, it } from 'vitest';

import { moveItem } from './list-order';

describe('moving an item in a list', () => {
  const stations = ['Airport', 'Cargo Terminal', 'Aerocity', 'Tech Park'];

  it('moves up and down, the others keeping their order', () => {
    expect(moveItem(stations, 2, 1)).toEqual(['Airport', 'Aerocity', 'Cargo Terminal', 'Tech Park']);
    expect(moveItem(stations, 0, 3)).toEqual(['Cargo Terminal', 'Aerocity', 'Tech Park', 'Airport']);
  });

  it('stays within the list', () => {
    expect(moveItem(stations, 0, -1)).toEqual(stations);
    expect(moveItem(stations, 3, 9)).toEqual(stations);
    expect(moveItem(stations, 7, 0)).toEqual(stations);
    expect(moveItem([], 0, 1)).toEqual([]);
  });
});
