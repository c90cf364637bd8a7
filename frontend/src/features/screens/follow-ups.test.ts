import { describe, expect, it } from 'vitest';

import { followUpValues } from './follow-ups';

// correspondence.toml's Reply, on a letter from LNT (organisation 7) to the GC (organisation 3).
const reply = {
  starts: {
    n_reply_to: '{id}',
    n_from_org: '{n_to_org}',
    n_to_org: '{n_from_org}',
    c_subject: 'Re: {c_subject}',
    c_cc: '{c_cc}',
    c_their_reference: '{c_their_reference}',
  },
  maps: { c_direction: { IN: 'OUT', OUT: 'IN' } },
};

describe('a follow-up of a letter', () => {
  it('starts from the letter: its key, the parties swapped, the subject with its prefix', () => {
    const letter = { id: 41, n_from_org: 7, n_to_org: 3, c_subject: 'Casting yard relocation', c_cc: null };
    expect(followUpValues(reply, { ...letter, c_their_reference: 'LNT/C1/0418', c_direction: 'IN' })).toEqual(
      {
        n_reply_to: '41',
        n_from_org: '3',
        n_to_org: '7',
        c_subject: 'Re: Casting yard relocation',
        c_their_reference: 'LNT/C1/0418',
        c_direction: 'OUT',
      },
    );
  });

  it('turns the direction round: a reply to an outgoing letter comes in; an unknown value is left alone', () => {
    const letter = { id: 42, n_from_org: 3, n_to_org: 7, c_subject: 'Bearing pedestal' };
    expect(followUpValues(reply, { ...letter, c_direction: 'OUT' }).c_direction).toBe('IN');
    expect(followUpValues(reply, { ...letter, c_direction: null }).c_direction).toBeUndefined();
  });
});
