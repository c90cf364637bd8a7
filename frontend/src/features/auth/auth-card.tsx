import { Anchor, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { useTranslation } from '../../lib/i18n';

/** The frame of the public pages (sign-in, register, forgot, reset, lock). */
export function AuthCard({
  title,
  children,
  links,
}: {
  title: string;
  children: ReactNode;
  links?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" bg="gray.1" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={420} maw="100%">
        <Stack gap="md">
          <div>
            <Text c="dimmed" size="sm">
              {t('Metro PMIS')}
            </Text>
            <Title order={2}>{title}</Title>
          </div>
          {children}
          {links ? (
            <Group justify="space-between" gap="xs">
              {links}
            </Group>
          ) : null}
        </Stack>
      </Paper>
    </Center>
  );
}

export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      {children}
    </Anchor>
  );
}
