/**
 * The profile page's "Change password" form: what it checks before sending (the gateway's password policy of
 * gateway/src/auth/policy.rs, the repeat matching, a new password that differs from the current one) and the body
 * it sends. Field names are the call's, so the gateway's 422 lands under the same fields.
 */
import { z } from 'zod';

import type { PasswordChange } from '../../api/profile';
import { translate } from '../../lib/i18n';

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

/**
 * The form's rules for the account `username` (the policy refuses a password equal to it). Messages are put in the
 * user's language when a value is judged.
 */
export function passwordSchema(username: string) {
  return z
    .object({
      current_password: z.string().min(1, { error: () => translate('Enter your current password') }),
      new_password: z
        .string()
        .min(MIN_PASSWORD, {
          error: () => translate('The password must have at least {{min}} characters', { min: MIN_PASSWORD }),
        })
        .max(MAX_PASSWORD, {
          error: () => translate('The password must have at most {{max}} characters', { max: MAX_PASSWORD }),
        }),
      repeat_password: z.string().min(1, { error: () => translate('Repeat the new password') }),
    })
    .superRefine((values, context) => {
      const next = values.new_password;
      if (next !== '' && next === values.current_password) {
        context.addIssue({
          code: 'custom',
          path: ['new_password'],
          message: translate('The new password must differ from the current one'),
        });
      }
      if (username !== '' && next.trim().toLowerCase() === username.trim().toLowerCase()) {
        context.addIssue({
          code: 'custom',
          path: ['new_password'],
          message: translate('The password must not be the same as the username'),
        });
      }
      if (values.repeat_password !== '' && values.repeat_password !== next) {
        context.addIssue({
          code: 'custom',
          path: ['repeat_password'],
          message: translate('The two new passwords differ'),
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
