import { describe, expect, it } from 'vitest';

import { BLANK_PASSWORDS, passwordChange, passwordSchema } from './password-schema';

/** The message under each field, by field. */
function problems(values: typeof BLANK_PASSWORDS, username = 'viewer') {
  const issues = passwordSchema(username).safeParse(values).error?.issues ?? [];
  return Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the change of password', () => {
  it('needs every field', () => {
    expect(problems(BLANK_PASSWORDS)).toEqual({
      current_password: 'Enter your current password',
      new_password: 'The password must have at least 8 characters',
      repeat_password: 'Repeat the new password',
    });
  });

  it('needs the repeat to match the new password', () => {
    expect(
      problems({
        current_password: 'Viewer@123',
        new_password: 'Pier.Cap@2026',
        repeat_password: 'Pier.Cap@2025',
      }),
    ).toEqual({ repeat_password: 'The two new passwords differ' });
  });

  it('needs a new password that differs from the current one and from the username', () => {
    expect(
      problems({ current_password: 'Viewer@123', new_password: 'Viewer@123', repeat_password: 'Viewer@123' }),
    ).toEqual({ new_password: 'The new password must differ from the current one' });
    expect(
      problems(
        { current_password: 'Viewer@123', new_password: 'Priya.Raman', repeat_password: 'Priya.Raman' },
        'priya.raman',
      ),
    ).toEqual({ new_password: 'The password must not be the same as the username' });
  });

  it('keeps the policy’s bounds', () => {
    const long = 'x'.repeat(129);
    expect(problems({ current_password: 'a', new_password: long, repeat_password: long })).toEqual({
      new_password: 'The password must have at most 128 characters',
    });
  });

  it('sends both passwords as typed, without the repeat', () => {
    const values = { current_password: ' Viewer@123', new_password: 'Pier.Cap@2026 ', repeat_password: 'x' };
    expect(
      passwordSchema('viewer').safeParse({ ...values, repeat_password: values.new_password }).success,
    ).toBe(true);
    expect(passwordChange(values)).toEqual({
      current_password: ' Viewer@123',
      new_password: 'Pier.Cap@2026 ',
    });
  });
});
