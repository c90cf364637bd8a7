/** The "Change password" card of the profile page: current, new and repeated password, drawn from its controller. */
import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';

import { MIN_PASSWORD } from './password-schema';
import { usePasswordForm } from './use-password-form';

export function PasswordForm({ username }: { username: string }) {
  const { form, submit, saving, refusal } = usePasswordForm(username);
  const { errors } = form.formState;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Change password">
      <Stack gap="sm">
        {/* A password manager fills the right account's password. */}
        <input type="text" name="username" value={username} autoComplete="username" readOnly hidden />
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          {...form.register('current_password')}
          error={errors.current_password?.message}
        />
        <PasswordInput
          label="New password"
          description={`At least ${MIN_PASSWORD} characters, not your username`}
          autoComplete="new-password"
          required
          {...form.register('new_password')}
          error={errors.new_password?.message}
        />
        <PasswordInput
          label="Repeat the new password"
          autoComplete="new-password"
          required
          {...form.register('repeat_password')}
          error={errors.repeat_password?.message}
        />
        {refusal ? (
          <Alert color="red" title="The password was not changed" role="alert">
            {refusal}
          </Alert>
        ) : null}
        <Text size="xs" c="dimmed">
          Your other sessions end when the password changes; this one stays signed in.
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
