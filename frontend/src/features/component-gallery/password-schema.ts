/**
 * The profile page's "Change password" form: what it checks before sending (the gateway's password policy of
 * gateway/src/auth/policy.rs, the repeat matching, a new password that differs from the current one) and the body
 * it sends. Field names are the call's, so the gateway's 422 lands under the same fields.
 */
import { z } from 'zod';

import type { PasswordChange } from '../../api/profile';

/** The gateway's bounds (gateway/src/auth/policy.rs). */
export const MIN_PASSWORD = 8;
export const MAX_PASSWORD = 128;

export interface PasswordValues {
  current_password: string;
  new_password: string;
  repeat_password: string;
}

export const BLANK_PASSWORDS: PasswordValues = {
  current_password: '',
  new_password: '',
  repeat_password: '',
};

/** The form's rules for the account `username` (the policy refuses a password equal to it). */
export function passwordSchema(username: string) {
  return z
    .object({
      current_password: z.string().min(1, 'Enter your current password'),
      new_password: z
        .string()
        .min(MIN_PASSWORD, `The password must have at least ${MIN_PASSWORD} characters`)
        .max(MAX_PASSWORD, `The password must have at most ${MAX_PASSWORD} characters`),
      repeat_password: z.string().min(1, 'Repeat the new password'),
    })
    .superRefine((values, context) => {
      const next = values.new_password;
      if (next !== '' && next === values.current_password) {
        context.addIssue({
          code: 'custom',
          path: ['new_password'],
          message: 'The new password must differ from the current one',
        });
      }
      if (username !== '' && next.trim().toLowerCase() === username.trim().toLowerCase()) {
        context.addIssue({
          code: 'custom',
          path: ['new_password'],
          message: 'The password must not be the same as the username',
        });
      }
      if (values.repeat_password !== '' && values.repeat_password !== next) {
        context.addIssue({
          code: 'custom',
          path: ['repeat_password'],
          message: 'The two new passwords differ',
        });
      }
    });
}

/** What is sent: the current and the new password, exactly as typed (spaces are part of a password). */
export function passwordChange(values: PasswordValues): PasswordChange {
  return { current_password: values.current_password, new_password: values.new_password };
}

/** The form's fields the gateway may name in a 422. */
export const GATEWAY_FIELDS = ['current_password', 'new_password'] as const;
