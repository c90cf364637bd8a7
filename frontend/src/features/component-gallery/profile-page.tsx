/**
 * /views/profile: the signed-in user's account as `/api/auth/me` gives it (name, username, e-mail, mobile,
 * designation, previous sign-in, packages) and the change of their password. The header menu's Profile opens it.
 */
import { Avatar, Badge, Group, Loader, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import { useMe } from '../../api/auth';
import type { MeUser } from '../../api/schema';
import { formatIndianDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { LoadError } from '../notices';
import { CardGrid } from './card-grid';
import { DemoCard } from './demo-card';
import { PasswordForm } from './password-form';
import { initialsOf } from './people-text';
import { usePackageDetails } from './use-package-details';

export function ProfilePage() {
  const { t } = useTranslation();
  const me = useMe();
  if (me.isPending) return <Loader aria-label={t('Loading your profile')} />;
  if (me.isError) {
    return (
      <LoadError
        title={t('Your profile could not be loaded')}
        error={me.error}
        retry={() => void me.refetch()}
      />
    );
  }
  const { user, packages } = me.data;
  return (
    <CardGrid>
      <DemoCard
        title={t('Your account')}
        note={t('Kept by the administrators (Administration › Manage users).')}
      >
        <Group gap="md" wrap="nowrap">
          <Avatar color="blue" radius="xl" size="lg">
            {initialsOf(user.name)}
          </Avatar>
          <Stack gap={0} miw={0}>
            <Text fw={600} data-testid="profile-name">
              {user.name}
            </Text>
            <Text size="sm" c="dimmed">
              {user.designation || t('No designation recorded')}
            </Text>
          </Stack>
          {user.superadmin ? (
            <Badge color="grape" variant="light">
              {t('Administrator')}
            </Badge>
          ) : null}
        </Group>
        <AccountTable user={user} packages={<PackageList user={user} packages={packages} />} />
      </DemoCard>
      <DemoCard
        title={t('Change password')}
        note={t('You need your current password; the new one is checked before it is sent.')}
      >
        <PasswordForm username={user.username} />
      </DemoCard>
    </CardGrid>
  );
}

function AccountTable({ user, packages }: { user: MeUser; packages: ReactNode }) {
  const { t } = useTranslation();
  const rows: [string, ReactNode][] = [
    [t('Username'), user.username],
    [t('E-mail'), user.email],
    [t('Mobile'), user.mobile || '—'],
    [t('Designation'), user.designation || '—'],
    [
      t('Previous sign-in'),
      user.previousLogin ? formatIndianDateTime(user.previousLogin) : t('This is your first'),
    ],
    [t('Packages'), packages],
  ];
  return (
    <Table variant="vertical" layout="fixed" withTableBorder data-testid="profile-details">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={130}>{label}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The packages the user is linked to today, by code and name; none listed means every package. */
function PackageList({ user, packages }: { user: MeUser; packages: readonly number[] | null | undefined }) {
  const { t } = useTranslation();
  const details = usePackageDetails();
  if (packages === null || packages === undefined) {
    return user.superadmin ? t('Every package (administrator)') : t('Not limited to packages');
  }
  if (packages.length === 0) return t('No package linked');
  if (details.isPending) return <Loader size="xs" aria-label={t('Loading your packages')} />;
  const named = new Map((details.data ?? []).map((row) => [row.n_package, row.package]));
  return (
    <Group gap={6}>
      {packages.map((id) => (
        <Badge key={id} variant="outline" tt="none" style={{ maxWidth: '100%' }}>
          {named.get(id) ?? t('Package {{id}}', { id })}
        </Badge>
      ))}
    </Group>
  );
}
