/**
 * Every signed-in page that is not an error page: its screen from the server's catalogue, drawn by the component
 * the kind map gives, or, when the user does not hold its route, only the "Access disabled" overlay (the screen is
 * not drawn, so none of its data is asked for). A user without the dashboard who lands on the home page is taken
 * to the first screen of the menu they may open. A path the catalogue does not know goes to /misc/404
 * (docs/console.md §2, §8).
 */
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';

import { useMe } from '../api/auth';
import { screenQuery } from '../api/screens';
import { AccessGate, NotBuiltPage } from '../features/pages';
import { errorMessage } from '../features/notices';
import { firstOpenable, mayOpen, screenAt } from './catalogue';
import { componentOf, preloadScreenEngine } from './screen-components';

function Loading() {
  return (
    <Center h={240}>
      <Loader aria-label="Loading the screen" />
    </Center>
  );
}

export function CatalogueRoute() {
  const { pathname } = useLocation();
  const me = useMe();
  const queryClient = useQueryClient();
  useEffect(() => {
    void preloadScreenEngine();
  }, []);
  if (me.isPending) return <Loading />;
  if (me.isError) {
    return (
      <Alert color="red" title="The console's screens could not be loaded" role="alert">
        <Stack gap="xs">
          <Text size="sm">{errorMessage(me.error)}</Text>
          <div>
            <Button size="xs" onClick={() => void me.refetch()}>
              Try again
            </Button>
          </div>
        </Stack>
      </Alert>
    );
  }
  const screen = screenAt(me.data.screens, pathname);
  if (!screen) return <Navigate to="/misc/404" replace />;
  const allowed = mayOpen(me.data, screen.route);
  // The home page (where sign-in lands) for a user without the dashboard: the first screen they may open.
  const landing = screen.route === '/' && !allowed ? firstOpenable(me.data) : undefined;
  if (landing) return <Navigate to={landing.route} replace />;
  // A register's description is read while the engine's code loads, not after it.
  if (allowed && screen.kind === 'register') void queryClient.prefetchQuery(screenQuery(screen.route));
  const Component = componentOf(screen);
  return (
    <AccessGate allowed={allowed}>
      <Suspense fallback={<Loading />}>
        <Component key={screen.route} screen={screen} notBuilt={<NotBuiltPage screen={screen} />} />
      </Suspense>
    </AccessGate>
  );
}
