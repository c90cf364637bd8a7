import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';

import { useForgot, useRegister, useReset, useUnlock } from '../../api/auth';
import { GatewayError } from '../../api/client';
import { translate, useTranslation } from '../../lib/i18n';
import { useSession } from '../../lib/use-session';
import { errorMessage, noticeSuccess } from '../notices';
import { AuthCard, AuthLink } from './auth-card';
import { safeNext } from '../../lib/safe-next';

// The schemas' messages are worded when a value is checked (zod's `error` functions), in the language of that moment.

/** The gateway's password policy (8–128 characters), checked here first for a quicker answer. */
const password = z
  .string()
  .min(8, { error: () => translate('At least 8 characters') })
  .max(128, { error: () => translate('At most 128 characters') });

const registration = z
  .object({
    username: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._-]{3,64}$/, { error: () => translate('3 to 64 letters, digits or . _ - (no @)') }),
    name: z
      .string()
      .trim()
      .min(1, { error: () => translate('Enter your name') })
      .max(120, { error: () => translate('At most 120 characters') }),
    email: z.email({ error: () => translate('Enter an e-mail address') }),
    mobile: z
      .string()
      .trim()
      .max(20, { error: () => translate('At most 20 characters') })
      .optional(),
    designation: z
      .string()
      .trim()
      .max(120, { error: () => translate('At most 120 characters') })
      .optional(),
    password,
    confirm: z.string(),
  })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    error: () => translate('The passwords differ'),
  });
type RegistrationValues = z.infer<typeof registration>;

/** Server-side field messages (422) shown under their inputs (in the user's language when the file has them). */
function serverFieldError(error: unknown, field: string): string | undefined {
  const message = error instanceof GatewayError ? error.fields[field] : undefined;
  return message === undefined ? undefined : translate(message);
}

export function RegisterPage() {
  const { t } = useTranslation();
  const register = useRegister();
  const form = useForm<RegistrationValues>({ resolver: zodResolver(registration) });
  const submit = form.handleSubmit((values) =>
    register.mutate({
      username: values.username,
      name: values.name,
      email: values.email,
      password: values.password,
      mobile: values.mobile || undefined,
      designation: values.designation || undefined,
    }),
  );
  // Each input's registration and message, by field name.
  const input = (field: keyof RegistrationValues) => ({
    ...form.register(field),
    error: form.formState.errors[field]?.message ?? serverFieldError(register.error, field),
  });
  const fields = {
    username: input('username'),
    name: input('name'),
    email: input('email'),
    mobile: input('mobile'),
    designation: input('designation'),
    password: input('password'),
    confirm: input('confirm'),
  };
  return (
    <AuthCard title={t('Register')} links={<AuthLink to="/login">{t('Back to sign-in')}</AuthLink>}>
      {register.isSuccess ? (
        <Alert color="green" title={t('Registered')} role="status">
          {t(register.data.message)}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {register.isError ? <Alert color="red">{errorMessage(register.error)}</Alert> : null}
            <TextInput label={t('User name')} {...fields.username} />
            <TextInput label={t('Full name')} {...fields.name} />
            <TextInput label={t('E-mail')} type="email" {...fields.email} />
            <TextInput label={t('Mobile')} {...fields.mobile} />
            <TextInput label={t('Designation')} {...fields.designation} />
            <PasswordInput label={t('Password')} {...fields.password} />
            <PasswordInput label={t('Confirm password')} {...fields.confirm} />
            <Button type="submit" loading={register.isPending}>
              {t('Register')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}

const forgotSchema = z.object({
  email: z.email({ error: () => translate('Enter the e-mail address of your account') }),
});

export function ForgotPage() {
  const { t } = useTranslation();
  const forgot = useForgot();
  const form = useForm<z.infer<typeof forgotSchema>>({ resolver: zodResolver(forgotSchema) });
  const submit = form.handleSubmit(({ email }) => forgot.mutate(email));
  const emailInput = form.register('email');
  return (
    <AuthCard title={t('Forgot password')} links={<AuthLink to="/login">{t('Back to sign-in')}</AuthLink>}>
      {forgot.isSuccess ? (
        <Alert color="green" role="status">
          {t(forgot.data.message)}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            {forgot.isError ? <Alert color="red">{errorMessage(forgot.error)}</Alert> : null}
            <TextInput
              label={t('E-mail')}
              type="email"
              {...emailInput}
              error={form.formState.errors.email?.message}
            />
            <Button type="submit" loading={forgot.isPending}>
              {t('Send the reset link')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}

const resetSchema = z
  .object({ password, confirm: z.string() })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    error: () => translate('The passwords differ'),
  });

export function ResetPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useReset();
  const navigate = useNavigate();
  const form = useForm<z.infer<typeof resetSchema>>({ resolver: zodResolver(resetSchema) });
  const submit = form.handleSubmit(({ password: value }) =>
    reset.mutate(
      { token, password: value },
      {
        onSuccess: () => {
          noticeSuccess('Updated Successfully');
          navigate('/login', { replace: true });
        },
      },
    ),
  );
  const passwordInput = form.register('password');
  const confirmInput = form.register('confirm');
  const passwordError = form.formState.errors.password?.message ?? serverFieldError(reset.error, 'password');
  return (
    <AuthCard
      title={t('Choose a new password')}
      links={<AuthLink to="/login">{t('Back to sign-in')}</AuthLink>}
    >
      {token ? (
        <form onSubmit={submit} noValidate>
          <Stack>
            {reset.isError ? <Alert color="red">{errorMessage(reset.error)}</Alert> : null}
            <PasswordInput label={t('New password')} {...passwordInput} error={passwordError} />
            <PasswordInput
              label={t('Confirm new password')}
              {...confirmInput}
              error={form.formState.errors.confirm?.message}
            />
            <Button type="submit" loading={reset.isPending}>
              {t('Set the password')}
            </Button>
          </Stack>
        </form>
      ) : (
        <Alert color="red">{t('This page needs the link from the reset e-mail.')}</Alert>
      )}
    </AuthCard>
  );
}

const unlockSchema = z.object({
  password: z.string().min(1, { error: () => translate('Enter your password') }),
});

/** The lock screen: the signed-in user types the password again to go back where they were. */
export function LockPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const unlock = useUnlock();
  const form = useForm<z.infer<typeof unlockSchema>>({ resolver: zodResolver(unlockSchema) });
  const submit = form.handleSubmit(({ password: value }) =>
    unlock.mutate(value, { onSuccess: () => navigate(safeNext(params.get('next')), { replace: true }) }),
  );
  const passwordInput = form.register('password');
  return (
    <AuthCard
      title={session ? t('Locked: {{name}}', { name: session.name }) : t('Locked')}
      links={<AuthLink to="/login">{t('Sign in as someone else')}</AuthLink>}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('This session is locked. Enter your password to go back to where you were.')}
          </Text>
          {unlock.isError ? <Alert color="red">{errorMessage(unlock.error)}</Alert> : null}
          <PasswordInput
            label={t('Password')}
            autoFocus
            {...passwordInput}
            error={form.formState.errors.password?.message}
          />
          <Button type="submit" loading={unlock.isPending}>
            {t('Unlock')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
