/**
 * Manage users, headless: a user's account through the administration API (never a password hash): create with a
 * first password, edit identity and role, activate or deactivate, and reset the password. The view (`UserForm`)
 * only draws what it gets.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';

import { useUserAdmin } from '../../api/admin';
import { GatewayError } from '../../api/client';
import { useRecord } from '../../api/screens';
import { translate } from '../../lib/i18n';
import {
  CONFIRM_SAVE,
  confirm,
  noticeDeclined,
  noticeError,
  noticeSuccess,
  useDiscardGuard,
} from '../notices';
import {
  type Account,
  ACCOUNT_FIELDS,
  accountSchema,
  BLANK_ACCOUNT,
  newAccountSchema,
  PASSWORD,
  toAccount,
  toChanges,
  toNewUser,
} from './account-schema';

/** The registry entry of user accounts (read for editing; written only through `/api/admin/users`). */
const USERS = 'users';

export function useUserForm(userId: string | null, onClose: () => void) {
  const editing = userId !== null;
  const record = useRecord(USERS, userId);
  const admin = useUserAdmin();
  const [newPassword, setNewPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const form = useForm<Account>({
    resolver: zodResolver(editing ? accountSchema : newAccountSchema),
    defaultValues: BLANK_ACCOUNT,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { reset, handleSubmit, setError } = form;
  const close = useDiscardGuard(form.formState.isDirty, onClose);
  const user = record.data;
  const active = user ? toAccount(user).active : null;

  useEffect(() => {
    if (user) reset(toAccount(user));
  }, [user, reset]);

  const serverProblem = (error: unknown) => {
    if (error instanceof GatewayError) {
      for (const [field, message] of Object.entries(error.fields)) {
        const known = ACCOUNT_FIELDS.find((name) => name === field);
        if (known) setError(known, { type: 'server', message: translate(message) });
      }
    }
    noticeError(error);
  };

  const save = handleSubmit(async (values) => {
    if (!(await confirm(CONFIRM_SAVE))) return noticeDeclined('Submitting Details');
    try {
      const reply = editing
        ? await admin.edit.mutateAsync({ id: userId, changes: toChanges(values) })
        : await admin.create.mutateAsync(toNewUser(values));
      noticeSuccess(reply.message);
      onClose();
    } catch (error) {
      serverProblem(error);
    }
  });

  const toggleActive = async () => {
    if (!userId || active === null) return;
    if (!(await confirm(CONFIRM_SAVE))) return noticeDeclined('Submitting Details');
    try {
      const reply = await admin.setActive.mutateAsync({ id: userId, active: !active });
      noticeSuccess(reply.message);
      await record.refetch();
    } catch (error) {
      noticeError(error);
    }
  };

  const resetPassword = async () => {
    if (!userId) return;
    const problem = PASSWORD.safeParse(newPassword).error?.issues[0]?.message;
    if (problem) return setPasswordError(problem);
    setPasswordError(null);
    if (!(await confirm(CONFIRM_SAVE))) return noticeDeclined('Submitting Details');
    try {
      const reply = await admin.setPassword.mutateAsync({ id: userId, password: newPassword });
      setNewPassword('');
      noticeSuccess(reply.message);
    } catch (error) {
      if (error instanceof GatewayError && error.fields.password)
        setPasswordError(translate(error.fields.password));
      noticeError(error);
    }
  };

  return {
    form,
    editing,
    /** Closes, asking first when the form has changes. */
    close,
    loading: editing && record.isPending,
    loadError: editing && record.isError ? record.error : null,
    /** Whether the edited account is active (null for a new one or while loading). */
    active,
    saving: admin.create.isPending || admin.edit.isPending,
    save,
    toggleActive,
    togglingActive: admin.setActive.isPending,
    newPassword,
    setNewPassword,
    passwordError,
    resetPassword,
    resettingPassword: admin.setPassword.isPending,
  };
}
