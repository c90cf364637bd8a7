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
import { errorMessage } from '../notices';

const schema = z.object({
  username: z.string().trim().min(1, 'Enter your user name or e-mail'),
  password: z.string().min(1, 'Enter your password'),
});
type Values = z.infer<typeof schema>;

export interface FieldSignInProps {
  device: string;
  /** The gateway ended the session (or deactivated the device) while the page was open. */
  ended: boolean;
  onSignedIn: (registered: boolean) => void;
}

export function FieldSignIn({ device, ended, onSignedIn }: FieldSignInProps) {
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
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {ended && !signIn.isError ? (
          <Alert color="yellow" role="status">
            Your session has ended; sign in again. Nothing waiting on this phone is lost.
          </Alert>
        ) : null}
        {signIn.isError ? (
          <Alert color="red" title="Sign-in failed" role="alert">
            {errorMessage(signIn.error)}
          </Alert>
        ) : null}
        <TextInput
          size="lg"
          label="User name or e-mail"
          autoComplete="username"
          autoCapitalize="none"
          error={form.formState.errors.username?.message}
          {...form.register('username')}
        />
        <PasswordInput
          size="lg"
          label="Password"
          autoComplete="current-password"
          error={form.formState.errors.password?.message}
          {...form.register('password')}
        />
        <Button type="submit" size="lg" loading={signIn.isPending}>
          Sign in
        </Button>
        <Text size="sm" c="dimmed">
          This phone&apos;s device ID is <Code data-testid="device-id">{device}</Code>. Registered for you
          under Administration → Device Registration, it stays signed in for weeks.
        </Text>
      </Stack>
    </form>
  );
}
