import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';

import { useForgot, useRegister, useReset, useUnlock } from '../../api/auth';
import { GatewayError } from '../../api/client';
import { useSession } from '../../lib/use-session';
import { errorMessage, noticeSuccess } from '../notices';
import { AuthCard, AuthLink } from './auth-card';
import { safeNext } from '../../lib/safe-next';

/** The gateway's password policy (8–128 characters), checked here first for a quicker answer. */
const password = z.string().min(8, 'At least 8 characters').max(128, 'At most 128 characters');

const registration = z
  .object({
    username: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._-]{3,64}$/, '3 to 64 letters, digits or . _ - (no @)'),
    name: z.string().trim().min(1, 'Enter your name').max(120, 'At most 120 characters'),
    email: z.email('Enter an e-mail address'),
    mobile: z.string().trim().max(20, 'At most 20 characters').optional(),
    designation: z.string().trim().max(120, 'At most 120 characters').optional(),
    password,
    confirm: z.string(),
  })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    message: 'The passwords differ',
  });
type RegistrationValues = z.infer<typeof registration>;

/** Server-side field messages (422) shown under their inputs. */
function serverFieldError(error: unknown, field: string): string | undefined {
  return error instanceof GatewayError ? error.fields[field] : undefined;
}

export function RegisterPage() {
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
  const fieldError = (field: keyof RegistrationValues) =>
    form.formState.errors[field]?.message ?? serverFieldError(register.error, field);
  return (
    <AuthCard title="Register" links={<AuthLink to="/login">Back to sign-in</AuthLink>}>
      {register.isSuccess ? (
        <Alert color="green" title="Registered" role="status">
          {register.data.message}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {register.isError ? <Alert color="red">{errorMessage(register.error)}</Alert> : null}
            <TextInput label="User name" {...form.register('username')} error={fieldError('username')} />
            <TextInput label="Full name" {...form.register('name')} error={fieldError('name')} />
            <TextInput label="E-mail" type="email" {...form.register('email')} error={fieldError('email')} />
            <TextInput label="Mobile" {...form.register('mobile')} error={fieldError('mobile')} />
            <TextInput
              label="Designation"
              {...form.register('designation')}
              error={fieldError('designation')}
            />
            <PasswordInput label="Password" {...form.register('password')} error={fieldError('password')} />
            <PasswordInput
              label="Confirm password"
              {...form.register('confirm')}
              error={fieldError('confirm')}
            />
            <Button type="submit" loading={register.isPending}>
              Register
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}

const forgotSchema = z.object({ email: z.email('Enter the e-mail address of your account') });

export function ForgotPage() {
  const forgot = useForgot();
  const form = useForm<z.infer<typeof forgotSchema>>({ resolver: zodResolver(forgotSchema) });
  const submit = form.handleSubmit(({ email }) => forgot.mutate(email));
  return (
    <AuthCard title="Forgot password" links={<AuthLink to="/login">Back to sign-in</AuthLink>}>
      {forgot.isSuccess ? (
        <Alert color="green" role="status">
          {forgot.data.message}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            {forgot.isError ? <Alert color="red">{errorMessage(forgot.error)}</Alert> : null}
            <TextInput
              label="E-mail"
              type="email"
              {...form.register('email')}
              error={form.formState.errors.email?.message}
            />
            <Button type="submit" loading={forgot.isPending}>
              Send the reset link
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
    message: 'The passwords differ',
  });

export function ResetPage() {
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
  return (
    <AuthCard title="Choose a new password" links={<AuthLink to="/login">Back to sign-in</AuthLink>}>
      {token ? (
        <form onSubmit={submit} noValidate>
          <Stack>
            {reset.isError ? <Alert color="red">{errorMessage(reset.error)}</Alert> : null}
            <PasswordInput
              label="New password"
              {...form.register('password')}
              error={form.formState.errors.password?.message ?? serverFieldError(reset.error, 'password')}
            />
            <PasswordInput
              label="Confirm new password"
              {...form.register('confirm')}
              error={form.formState.errors.confirm?.message}
            />
            <Button type="submit" loading={reset.isPending}>
              Set the password
            </Button>
          </Stack>
        </form>
      ) : (
        <Alert color="red">This page needs the link from the reset e-mail.</Alert>
      )}
    </AuthCard>
  );
}

const unlockSchema = z.object({ password: z.string().min(1, 'Enter your password') });

/** The lock screen: the signed-in user types the password again to go back where they were. */
export function LockPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const unlock = useUnlock();
  const form = useForm<z.infer<typeof unlockSchema>>({ resolver: zodResolver(unlockSchema) });
  const submit = form.handleSubmit(({ password: value }) =>
    unlock.mutate(value, { onSuccess: () => navigate(safeNext(params.get('next')), { replace: true }) }),
  );
  return (
    <AuthCard
      title={session ? `Locked: ${session.name}` : 'Locked'}
      links={<AuthLink to="/login">Sign in as someone else</AuthLink>}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            This session is locked. Enter your password to go back to where you were.
          </Text>
          {unlock.isError ? <Alert color="red">{errorMessage(unlock.error)}</Alert> : null}
          <PasswordInput
            label="Password"
            autoFocus
            {...form.register('password')}
            error={form.formState.errors.password?.message}
          />
          <Button type="submit" loading={unlock.isPending}>
            Unlock
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
