/** The Manage users modal, drawn from its controller (`useUserForm`). */
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { Link } from 'react-router';

import type { ColumnDef, ScreenMeta } from '../../api/schema';
import { Trans, useTranslation } from '../../lib/i18n';
import { useSession } from '../../lib/use-session';
import { useMobileView } from '../../lib/use-mobile-view';
import { errorMessage } from '../notices';
import { LookupSelect, useLookupSources } from '../screens';
import { useUserForm } from './use-user-form';

/** The accounts' organisation column, as the screen describes it. */
function organizationColumns(meta: ScreenMeta): ColumnDef[] {
  return meta.columns.filter((column) => column.name === 'n_organization');
}

/** The account's text fields; their labels are shown through t(). */
const TEXT_FIELDS = [
  { name: 'username', label: 'Username', required: true, type: 'text' },
  { name: 'name', label: 'Name', required: true, type: 'text' },
  { name: 'email', label: 'E-mail', required: true, type: 'email' },
  { name: 'mobile', label: 'Mobile', required: false, type: 'tel' },
  { name: 'designation', label: 'Designation', required: false, type: 'text' },
] as const;

export interface UserFormProps {
  /** The accounts screen's description (its look-up of organisations). */
  meta: ScreenMeta;
  userId: string | null;
  onClose: () => void;
  /** Whether the user may save here (create for a new account, update for an existing one). */
  canSave: boolean;
}

export function UserForm({ meta, userId, onClose, canSave }: UserFormProps) {
  const { t } = useTranslation();
  // One's own password is changed on the profile, with the current one (the gateway refuses it here).
  const session = useSession();
  const ownAccount = userId !== null && String(session?.id) === userId;
  const account = useUserForm(userId, onClose);
  const columns = useMemo(() => organizationColumns(meta), [meta]);
  const organizations = useLookupSources(columns, meta.lookups).get('n_organization');
  const phone = useMobileView();
  const { control } = account.form;
  const title = !account.editing ? t('New user') : canSave ? t('Edit user') : t('User');
  return (
    <Modal
      opened
      onClose={account.close}
      size="lg"
      fullScreen={phone}
      title={<Title order={3}>{title}</Title>}
      closeOnClickOutside={!account.form.formState.isDirty}
    >
      {account.loading ? (
        <Center h={200}>
          <Loader aria-label={t('Loading the user')} />
        </Center>
      ) : account.loadError ? (
        <Alert color="red" title={t('The user could not be loaded')} role="alert">
          {errorMessage(account.loadError)}
        </Alert>
      ) : (
        <Stack>
          <form onSubmit={(event) => void account.save(event)} noValidate aria-label={t('User form')}>
            <Stack>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {TEXT_FIELDS.map((field) => (
                  <Controller
                    key={field.name}
                    name={field.name}
                    control={control}
                    render={({ field: input, fieldState }) => (
                      <TextInput
                        label={t(field.label)}
                        type={field.type}
                        required={field.required && canSave}
                        readOnly={!canSave}
                        disabled={field.name === 'username' && account.editing}
                        value={input.value}
                        onChange={input.onChange}
                        onBlur={input.onBlur}
                        error={fieldState.error?.message}
                      />
                    )}
                  />
                ))}
                {organizations ? (
                  <Controller
                    name="organization"
                    control={control}
                    render={({ field, fieldState }) => (
                      <LookupSelect
                        label={t('Organisation')}
                        description={t('Its side of the contract decides what the person may be picked for')}
                        source={organizations}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        error={fieldState.error?.message}
                        readOnly={!canSave}
                      />
                    )}
                  />
                ) : null}
                {account.editing ? null : (
                  <Controller
                    name="password"
                    control={control}
                    render={({ field, fieldState }) => (
                      <PasswordInput
                        label={t('First password')}
                        required
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        error={fieldState.error?.message}
                      />
                    )}
                  />
                )}
              </SimpleGrid>
              <Group>
                {account.editing ? null : (
                  <Controller
                    name="active"
                    control={control}
                    render={({ field }) => (
                      <Switch
                        label={t('Active')}
                        disabled={!canSave}
                        checked={field.value}
                        onChange={(e) => field.onChange(e.currentTarget.checked)}
                      />
                    )}
                  />
                )}
                <Controller
                  name="superadmin"
                  control={control}
                  render={({ field }) => (
                    <Switch
                      label={t('Superadmin (every screen)')}
                      disabled={!canSave}
                      checked={field.value}
                      onChange={(e) => field.onChange(e.currentTarget.checked)}
                    />
                  )}
                />
                {account.editing ? (
                  <Controller
                    name="mailDigest"
                    control={control}
                    render={({ field }) => (
                      <Switch
                        label={t('Daily digest of copies and reminders')}
                        disabled={!canSave}
                        checked={field.value}
                        onChange={(e) => field.onChange(e.currentTarget.checked)}
                      />
                    )}
                  />
                ) : null}
              </Group>
              <Group justify="flex-end">
                <Button variant="default" onClick={account.close}>
                  {canSave ? t('Cancel') : t('Close')}
                </Button>
                {canSave ? (
                  <Button type="submit" loading={account.saving}>
                    {account.editing ? t('Update') : t('Save')}
                  </Button>
                ) : null}
              </Group>
            </Stack>
          </form>
          {account.editing && canSave && account.active !== null ? (
            <Stack gap="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)', paddingTop: 12 }}>
              <Group justify="space-between">
                <Group gap="xs">
                  {t('Account')}
                  <Badge color={account.active ? 'green' : 'gray'}>
                    {account.active ? t('Active') : t('Inactive')}
                  </Badge>
                </Group>
                <Button
                  variant="light"
                  color={account.active ? 'red' : 'green'}
                  loading={account.togglingActive}
                  onClick={() => void account.toggleActive()}
                >
                  {account.active ? t('Deactivate') : t('Activate')}
                </Button>
              </Group>
              {ownAccount ? (
                <Text size="sm" c="dimmed" data-testid="own-password-hint">
                  <Trans i18nKey="This is your own account: change your password on <1>your profile</1>, with your current one.">
                    This is your own account: change your password on{' '}
                    <Link to="/views/profile">your profile</Link>, with your current one.
                  </Trans>
                </Text>
              ) : (
                <Group align="flex-end">
                  <PasswordInput
                    label={t('New password')}
                    value={account.newPassword}
                    onChange={(e) => account.setNewPassword(e.currentTarget.value)}
                    error={account.passwordError}
                    style={{ flex: 1 }}
                  />
                  <Button
                    variant="light"
                    loading={account.resettingPassword}
                    onClick={() => void account.resetPassword()}
                  >
                    {t('Reset password')}
                  </Button>
                </Group>
              )}
            </Stack>
          ) : null}
        </Stack>
      )}
    </Modal>
  );
}
