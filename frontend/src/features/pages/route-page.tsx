import { Badge, Center, Group, Loader, Overlay, Paper, Stack, Text, Title } from '@mantine/core';

import { useMe } from '../../api/auth';
import type { RouteEntry } from '../../app/route-catalogue';
import { DashboardPage } from './dashboard-page';

/** SPEC §6's overlay text. */
export const ACCESS_DISABLED = 'Access disabled - Please contact to Administrator';

const DASHBOARD_ROUTES = new Set(['/', '/dashboard/analytics']);

/** One application route: its screen, covered by the "Access disabled" overlay without a permission for it. */
export function RoutePage({ entry }: { entry: RouteEntry }) {
  const me = useMe();
  if (me.isPending) {
    return (
      <Center h={240}>
        <Loader />
      </Center>
    );
  }
  const allowed = me.data?.user.superadmin === true || (me.data?.routes ?? []).includes(entry.path);
  const screen = DASHBOARD_ROUTES.has(entry.path) ? <DashboardPage /> : <NotBuiltPage entry={entry} />;
  return (
    <div style={{ position: 'relative', minHeight: 320 }}>
      {screen}
      {allowed ? null : (
        <Overlay color="#fff" backgroundOpacity={0.92} blur={3} zIndex={20} data-testid="access-overlay">
          <Center h="100%">
            <Paper withBorder shadow="md" p="xl">
              <Text fw={700} c="red" size="lg" role="alert">
                {ACCESS_DISABLED}
              </Text>
            </Paper>
          </Center>
        </Overlay>
      )}
    </div>
  );
}

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
