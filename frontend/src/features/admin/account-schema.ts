/**
 * A user account as the Manage users form edits it, with the gateway's account rules and messages
 * (gateway/src/auth/policy.rs): the zod schemas, and the conversions between a `users` record, the form's values
 * and the administration API's bodies.
 */
import { z } from 'zod';

import type { NewUser, UserChanges } from '../../api/schema';
import { textOf } from '../../lib/format';
import { translate } from '../../lib/i18n';

// The messages are worded when a value is checked (zod's `error` functions), in the language of that moment.
export const PASSWORD = z
  .string()
  .min(8, { error: () => translate('The password must have at least 8 characters') })
  .max(128, { error: () => translate('The password must have at most 128 characters') });

export const accountSchema = z.object({
  username: z.string().regex(/^[A-Za-z0-9._-]{3,64}$/, {
    error: () =>
      translate(
        'The username must have 3 to 64 letters, digits or . _ - (no @: the e-mail address signs in by itself)',
      ),
  }),
  name: z
    .string()
    .trim()
    .min(1, { error: () => translate('The name is required (at most 120 characters)') })
    .max(120, { error: () => translate('The name is required (at most 120 characters)') }),
  email: z
    .string()
    .regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, { error: () => translate('Enter a valid e-mail address') }),
  mobile: z.string().max(20, { error: () => translate('The mobile number has at most 20 characters') }),
  designation: z.string().max(120, { error: () => translate('The designation has at most 120 characters') }),
  /** The organisation's id ('' for none): its side of the contract decides what the person may be picked for. */
  organization: z.string(),
  password: z.string(),
  active: z.boolean(),
  superadmin: z.boolean(),
  /** Copies and due-date reminders as one digest a day (the person's own Mail preferences). */
  mailDigest: z.boolean(),
});

export type Account = z.infer<typeof accountSchema>;

/** A new account also needs a first password that is not the username. */
export const newAccountSchema = accountSchema.superRefine((values, context) => {
  const problem = PASSWORD.safeParse(values.password).error?.issues[0]?.message;
  if (problem) context.addIssue({ code: 'custom', path: ['password'], message: problem });
  else if (values.password.toLowerCase() === values.username.toLowerCase())
    context.addIssue({
      code: 'custom',
      path: ['password'],
      message: translate('The password must not be the same as the username'),
    });
});

export const BLANK_ACCOUNT: Account = {
  username: '',
  name: '',
  email: '',
  mobile: '',
  designation: '',
  organization: '',
  password: '',
  active: true,
  superadmin: false,
  mailDigest: false,
};

export const ACCOUNT_FIELDS = Object.keys(BLANK_ACCOUNT) as (keyof Account)[];

/** A `users` record (`GET /api/data/users/{id}`) as the form's values. */
export function toAccount(user: Record<string, unknown>): Account {
  return {
    username: textOf(user.c_username),
    name: textOf(user.c_name),
    email: textOf(user.c_email),
    mobile: textOf(user.c_mobile),
    designation: textOf(user.c_designation),
    organization: textOf(user.n_organization),
    password: '',
    active: Number(user.n_active) === 1,
    superadmin: Number(user.n_superadmin) === 1,
    mailDigest: Number(user.n_mail_digest) === 1,
  };
}

function blankToNull(text: string): string | null {
  return text.trim() === '' ? null : text.trim();
}

function idOrNull(text: string): number | null {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
}

/** What an edit may change. */
export function toChanges(values: Account): UserChanges {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    mobile: blankToNull(values.mobile),
    designation: blankToNull(values.designation),
    organization: idOrNull(values.organization),
    superadmin: values.superadmin,
    mail_digest: values.mailDigest,
  };
}

export function toNewUser(values: Account): NewUser {
  return {
    username: values.username.trim(),
    name: values.name.trim(),
    email: values.email.trim(),
    mobile: blankToNull(values.mobile),
    designation: blankToNull(values.designation),
    organization: idOrNull(values.organization),
    superadmin: values.superadmin,
    password: values.password,
    active: values.active,
  };
}
