import { describe, expect, it } from 'vitest';

import { BLANK_ACCOUNT, newAccountSchema, toAccount, toChanges, toNewUser } from './account-schema';

const messageFor = (values: Partial<typeof BLANK_ACCOUNT>, field: string) =>
  newAccountSchema.safeParse({ ...BLANK_ACCOUNT, ...values }).error?.issues.find((i) => i.path[0] === field)
    ?.message;

describe('account rules', () => {
  it('wants a first password of 8 to 128 characters that is not the username', () => {
    expect(messageFor({ password: 'short' }, 'password')).toBe(
      'The password must have at least 8 characters',
    );
    expect(messageFor({ username: 'asha.kumar', password: 'ASHA.KUMAR' }, 'password')).toBe(
      'The password must not be the same as the username',
    );
    expect(messageFor({ username: 'asha.kumar', password: 'Site@2026' }, 'password')).toBeUndefined();
  });

  it('checks the username and e-mail forms', () => {
    expect(messageFor({ username: 'a b' }, 'username')).toBe(
      'The username must have 3 to 64 letters, digits or . _ - (no @: the e-mail address signs in by itself)',
    );
    expect(messageFor({ email: 'nobody' }, 'email')).toBe('Enter a valid e-mail address');
  });
});

describe('account conversions', () => {
  it('reads a users record and writes a new user, blanks as null', () => {
    const account = toAccount({
      c_username: 'asha',
      c_name: 'Asha',
      c_email: 'a@x.in',
      c_mobile: null,
      n_active: 1,
    });
    expect(account).toMatchObject({ username: 'asha', mobile: '', active: true, superadmin: false });
    expect(toNewUser({ ...account, name: ' Asha K ', password: 'Site@2026' })).toEqual({
      username: 'asha',
      name: 'Asha K',
      email: 'a@x.in',
      mobile: null,
      designation: null,
      organization: null,
      superadmin: false,
      password: 'Site@2026',
      active: true,
    });
  });

  it('reads and writes the organisation by its id', () => {
    const account = toAccount({ c_username: 'asha', c_name: 'Asha', c_email: 'a@x.in', n_organization: 3 });
    expect(account.organization).toBe('3');
    expect(toChanges(account).organization).toBe(3);
    expect(toChanges({ ...account, organization: '' }).organization).toBeNull();
  });

  it('carries the daily digest choice both ways', () => {
    const account = toAccount({ c_username: 'asha', c_name: 'Asha', c_email: 'a@x.in', n_mail_digest: 1 });
    expect(account.mailDigest).toBe(true);
    expect(toChanges({ ...account, mailDigest: false }).mail_digest).toBe(false);
    expect(toAccount({ c_username: 'asha' }).mailDigest).toBe(false);
  });
});
