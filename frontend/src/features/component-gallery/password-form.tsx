/** The "Change password" card of the profile page: current, new and repeated password, drawn from its controller. */
import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';

import { useTranslation } from '../../lib/i18n';
import { MIN_PASSWORD } from './password-schema';
import { usePasswordForm } from './use-password-form';

export function PasswordForm({ username }: { username: string }) {
  const { t } = useTranslation();
  const { form, submit, saving, refusal } = usePasswordForm(username);
  const { errors } = form.formState;
  const current = form.register('current_password');
  const next = form.register('new_password');
  const repeat = form.register('repeat_password');
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('Change password')}>
      <Stack gap="sm">
        {/* A password manager fills the right account's password. */}
        <input type="text" name="username" value={username} autoComplete="username" readOnly hidden />
        <PasswordInput
          label={t('Current password')}
          autoComplete="current-password"
          required
          {...current}
          error={errors.current_password?.message}
        />
        <PasswordInput
          label={t('New password')}
          description={t('At least {{min}} characters, not your username', { min: MIN_PASSWORD })}
          autoComplete="new-password"
          required
          {...next}
          error={errors.new_password?.message}
        />
        <PasswordInput
          label={t('Repeat the new password')}
          autoComplete="new-password"
          required
          {...repeat}
          error={errors.repeat_password?.message}
        />
        {refusal ? (
          <Alert color="red" title={t('The password was not changed')} role="alert">
            {refusal}
          </Alert>
        ) : null}
        <Text size="xs" c="dimmed">
          {t('Your other sessions end when the password changes; this one stays signed in.')}
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {t('Change password')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
