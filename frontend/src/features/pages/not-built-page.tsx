import { Badge, Group, Stack, Text, Title } from '@mantine/core';

import { useTranslation } from '../../lib/i18n';

/** What the page names: a screen of the catalogue (`/api/auth/me`) or a public page of a later release. */
export interface NotBuiltScreen {
  route: string;
  title: string;
  group: string;
}

/** A screen owned by a later release: says so plainly, naming it. */
export function NotBuiltPage({ screen }: { screen: NotBuiltScreen }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="not-built">
      <Group gap="xs">
        <Title order={2}>{t(screen.title)}</Title>
        <Badge variant="light">{t(screen.group)}</Badge>
      </Group>
      <Text>
        {t(
          'The “{{title}}” screen ({{route}}) is not built yet: it arrives with a later release of the console. Its data, where it exists, is already reachable through the API.',
          { title: t(screen.title), route: screen.route },
        )}
      </Text>
    </Stack>
  );
}
