import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';

import { useSignIn } from '../../api/auth';
import { safeNext } from '../../lib/safe-next';
import { useSession } from '../../lib/use-session';
import { errorMessage } from '../notices';
import { AuthCard, AuthLink } from './auth-card';

const schema = z.object({
  username: z.string().trim().min(1, 'Enter your user name or e-mail'),
  password: z.string().min(1, 'Enter your password'),
});
type Values = z.infer<typeof schema>;

/** What the sign-in page says when the gateway ended the session (a 401) under the user. */
export const SESSION_ENDED = 'Your session has ended; sign in again';

export function LoginPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const next = safeNext(params.get('next'));
  const ended = params.get('ended') === '1';
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { username: '', password: '' },
  });

  if (session && !signIn.isPending) return <Navigate to={next} replace />;

  const submit = form.handleSubmit((values) =>
    signIn.mutate(values, { onSuccess: () => navigate(next, { replace: true }) }),
  );
  return (
    <AuthCard
      title="Sign in"
      links={
        <>
          <AuthLink to="/forgot">Forgot password?</AuthLink>
          <AuthLink to="/register">Register</AuthLink>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {ended && !signIn.isError ? (
            <Alert color="yellow" role="status" data-testid="session-ended">
              {SESSION_ENDED}
            </Alert>
          ) : null}
          {signIn.isError ? (
            <Alert color="red" title="Sign-in failed" role="alert">
              {errorMessage(signIn.error)}
            </Alert>
          ) : null}
          <TextInput
            label="User name or e-mail"
            autoComplete="username"
            autoFocus
            {...form.register('username')}
            error={form.formState.errors.username?.message}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            {...form.register('password')}
            error={form.formState.errors.password?.message}
          />
          <Button type="submit" loading={signIn.isPending}>
            Sign in
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
