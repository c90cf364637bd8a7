/**
 * The profile page's "Change password" form, headless: the form with its rules, the call, the gateway's 422 placed
 * under its fields (a wrong current password under the current one, the policy's problems under the new one), a
 * refusal without a field (too many wrong attempts: 429) said above the buttons, and on success the notice and an
 * empty form. The view only draws what this gives.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';

import { GatewayError } from '../../api/client';
import { useChangePassword } from '../../api/profile';
import { translate } from '../../lib/i18n';
import { noticeError, noticeSuccess } from '../notices';
import {
  BLANK_PASSWORDS,
  GATEWAY_FIELDS,
  passwordChange,
  passwordSchema,
  type PasswordValues,
} from './password-schema';

export function usePasswordForm(username: string) {
  const change = useChangePassword();
  const schema = useMemo(() => passwordSchema(username), [username]);
  const form = useForm<PasswordValues>({ resolver: zodResolver(schema), defaultValues: BLANK_PASSWORDS });
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const reply = await change.mutateAsync(passwordChange(values));
      if (reply.message) noticeSuccess(reply.message);
      else noticeSuccess('Password changed');
      form.reset(BLANK_PASSWORDS);
    } catch (error) {
      if (!(error instanceof GatewayError)) return noticeError(error);
      const fields = error.fields;
      const placed = GATEWAY_FIELDS.filter((field) => fields[field] !== undefined);
      for (const field of placed) {
        const message = fields[field];
        form.setError(field, {
          type: 'server',
          message: message === undefined ? message : translate(message),
        });
      }
      if (placed.length === 0) setRefusal(translate(error.message));
    }
  });

  return { form, submit, saving: change.isPending, refusal };
}

export type PasswordForm = ReturnType<typeof usePasswordForm>;
