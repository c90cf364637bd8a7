import { describe, expect, it } from 'vitest';

import { domainOf, initialsOf, mailboxOf } from './people-text';

describe('how people are named', () => {
  it('gives initials of the first and last names', () => {
    expect(initialsOf('Priya Raman')).toBe('PR');
    expect(initialsOf('  PMIS Site Administrator ')).toBe('PA');
    expect(initialsOf('kavita')).toBe('K');
    expect(initialsOf('')).toBe('');
  });

  it('splits an e-mail address', () => {
    expect(mailboxOf('arjun.mehta@pmc.example')).toBe('arjun.mehta');
    expect(domainOf('arjun.mehta@PMC.example')).toBe('pmc.example');
    expect(mailboxOf('anil')).toBe('anil');
    expect(domainOf('anil')).toBe('');
  });
});
