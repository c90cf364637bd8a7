import { describe, expect, it } from 'vitest';

import { followedOf } from './use-followed-values';

describe('the values look-ups follow', () => {
  it('reads each followed column, blank when missing', () => {
    expect(followedOf({ n_package: '4', c_subject: 'x' }, ['n_package', 'n_survey'], {})).toEqual({
      n_package: '4',
      n_survey: '',
    });
  });

  it('keeps the previous object when nothing followed changed, so the form does not redraw for every keystroke', () => {
    const previous = { n_package: '4' };
    expect(followedOf({ n_package: '4', c_subject: 'typed' }, ['n_package'], previous)).toBe(previous);
    expect(followedOf({ n_package: '5' }, ['n_package'], previous)).toEqual({ n_package: '5' });
  });
});
