import { Badge, Group, Stack, Text, Title } from '@mantine/core';

import type { RouteEntry } from '../../app/route-catalogue';

/** A screen owned by a later release: says so plainly, naming it. */
export function NotBuiltPage({ entry }: { entry: RouteEntry }) {
  return (
    <Stack gap="xs" data-testid="not-built">
      <Group gap="xs">
        <Title order={2}>{entry.title}</Title>
        <Badge variant="light">{entry.group}</Badge>
      </Group>
      <Text>
        The “{entry.title}” screen ({entry.path}) is not built yet: it arrives with a later release of the
        console. Its data, where it exists, is already reachable through the API.
      </Text>
    </Stack>
  );
}
