/**
 * Signing in on a field page, without leaving it (what waits in the outbox stays on screen). The sign-in names this
 * phone's device ID: registered for the inspector, they stay signed in for weeks; else the page says how to
 * register it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Code, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { useSignIn } from '../../api/auth';
import { translate, Trans, useTranslation } from '../../lib/i18n';
import { errorMessage } from '../notices';

// The messages are read when a check fails, so they follow a language change.
const schema = z.object({
  username: z
    .string()
    .trim()
    .min(1, { error: () => translate('Enter your user name or e-mail') }),
  password: z.string().min(1, { error: () => translate('Enter your password') }),
});
type Values = z.infer<typeof schema>;

export interface FieldSignInProps {
  device: string;
  /** The gateway ended the session (or deactivated the device) while the page was open. */
  ended: boolean;
  onSignedIn: (registered: boolean) => void;
}

export function FieldSignIn({ device, ended, onSignedIn }: FieldSignInProps) {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { username: '', password: '' },
  });
  // The page shows the form as soon as the session is stored, unmounting this one: a per-call callback of
  // `mutate` would never run, so the answer is awaited here.
  const submit = form.handleSubmit(async (values) => {
    const signed = await signIn.mutateAsync({ ...values, deviceId: device }).catch(() => null);
    if (signed) onSignedIn(signed.deviceRegistered === true);
  });
  const usernameField = form.register('username');
  const passwordField = form.register('password');
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {ended && !signIn.isError ? (
          <Alert color="yellow" role="status">
            {t('Your session has ended; sign in again. Nothing waiting on this phone is lost.')}
          </Alert>
        ) : null}
        {signIn.isError ? (
          <Alert color="red" title={t('Sign-in failed')} role="alert">
            {errorMessage(signIn.error)}
          </Alert>
        ) : null}
        <TextInput
          size="lg"
          label={t('User name or e-mail')}
          autoComplete="username"
          autoCapitalize="none"
          error={form.formState.errors.username?.message}
          {...usernameField}
        />
        <PasswordInput
          size="lg"
          label={t('Password')}
          autoComplete="current-password"
          error={form.formState.errors.password?.message}
          {...passwordField}
        />
        <Button type="submit" size="lg" loading={signIn.isPending}>
          {t('Sign in')}
        </Button>
        <Text size="sm" c="dimmed">
          <Trans
            i18nKey="This phone's device ID is <code>{{device}}</code>. Registered for you under Administration → Device Registration, it stays signed in for weeks."
            values={{ device }}
            components={{ code: <Code data-testid="device-id" /> }}
          />
        </Text>
      </Stack>
    </form>
  );
}
