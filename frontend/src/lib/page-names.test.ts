import { describe, expect, it } from 'vitest';

import { pageNames } from './page-names';

describe('the names of a list’s look-up keys', () => {
  it('keeps the names of every page read, by column', () => {
    const names = pageNames();
    expect(names.of('n_corridor').size).toBe(0);
    names.add({ n_corridor: { '1': 'Blue Line' }, n_package: {} });
    names.add({ n_corridor: { '2': 'Green Line' }, n_package: { '7': 'Viaduct C1-V01' } });
    // A page without names (an answer from before, or none asked for) changes nothing.
    names.add(undefined);
    names.add(null);
    expect(names.of('n_corridor').get('1')).toBe('Blue Line');
    expect(names.of('n_corridor').get('2')).toBe('Green Line');
    expect(names.of('n_package').get('7')).toBe('Viaduct C1-V01');
    expect(names.of('n_package').get('1')).toBeUndefined();
    expect(names.of('n_station').size).toBe(0);
  });

  it('takes a renamed key’s newer name', () => {
    const names = pageNames();
    names.add({ n_corridor: { '1': 'Blue Line' } });
    names.add({ n_corridor: { '1': 'Blue Line (extended)' } });
    expect(names.of('n_corridor').get('1')).toBe('Blue Line (extended)');
  });

  it('drops the names given least recently beyond its limit, per column', () => {
    const names = pageNames(3);
    names.add({ n_user: { '1': 'Asha', '2': 'Bala', '3': 'Chitra' }, n_other: { '9': 'Nine' } });
    // Key 1 comes again with a later page, then a fourth key: 1 is kept, 2 (given least recently) goes.
    names.add({ n_user: { '1': 'Asha' } });
    names.add({ n_user: { '4': 'Deepa' } });
    expect([...names.of('n_user').keys()]).toEqual(['3', '1', '4']);
    expect(names.of('n_other').get('9')).toBe('Nine');
  });
});
