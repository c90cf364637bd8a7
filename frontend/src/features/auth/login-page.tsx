import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';

import { useSignIn } from '../../api/auth';
import { translate, useTranslation } from '../../lib/i18n';
import { safeNext } from '../../lib/safe-next';
import { useSession } from '../../lib/use-session';
import { errorMessage } from '../notices';
import { AuthCard, AuthLink } from './auth-card';

// Messages are worded when a value is checked, in the language of that moment.
const schema = z.object({
  username: z
    .string()
    .trim()
    .min(1, { error: () => translate('Enter your user name or e-mail') }),
  password: z.string().min(1, { error: () => translate('Enter your password') }),
});
type Values = z.infer<typeof schema>;

/** What the sign-in page says when the gateway ended the session (a 401) under the user (shown through t()). */
export const SESSION_ENDED = 'Your session has ended; sign in again';

export function LoginPage() {
  const { t } = useTranslation();
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
  const usernameInput = form.register('username');
  const passwordInput = form.register('password');
  return (
    <AuthCard
      title={t('Sign in')}
      links={
        <>
          <AuthLink to="/forgot">{t('Forgot password?')}</AuthLink>
          <AuthLink to="/register">{t('Register')}</AuthLink>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {ended && !signIn.isError ? (
            <Alert color="yellow" role="status" data-testid="session-ended">
              {t(SESSION_ENDED)}
            </Alert>
          ) : null}
          {signIn.isError ? (
            <Alert color="red" title={t('Sign-in failed')} role="alert">
              {errorMessage(signIn.error)}
            </Alert>
          ) : null}
          <TextInput
            label={t('User name or e-mail')}
            autoComplete="username"
            autoFocus
            {...usernameInput}
            error={form.formState.errors.username?.message}
          />
          <PasswordInput
            label={t('Password')}
            autoComplete="current-password"
            {...passwordInput}
            error={form.formState.errors.password?.message}
          />
          <Button type="submit" loading={signIn.isPending}>
            {t('Sign in')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
