import { Center, Loader, Overlay, Paper, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';

import { useMe } from '../../api/auth';
import type { RouteEntry } from '../../app/route-catalogue';
import { DashboardPage } from './dashboard-page';

// The data screens (ag-grid, forms) load with the first screen opened, not with the shell.
const RouteScreen = lazy(() => import('../screens/route-screen'));

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
  const screen = DASHBOARD_ROUTES.has(entry.path) ? (
    <DashboardPage />
  ) : (
    <Suspense
      fallback={
        <Center h={240}>
          <Loader />
        </Center>
      }
    >
      <RouteScreen entry={entry} />
    </Suspense>
  );
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
