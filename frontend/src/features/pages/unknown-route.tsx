/**
 * A path the console does not know: a screen an administrator added through the registry (and the navigation
 * master) opens like any other; anything else goes to /misc/404.
 */
import { Center, Loader } from '@mantine/core';
import { Navigate, useLocation } from 'react-router';

import { GatewayError } from '../../api/client';
import { useScreen } from '../../api/screens';
import { RoutePage } from './route-page';

export function UnknownRoute() {
  const { pathname } = useLocation();
  const screen = useScreen(pathname);
  if (screen.isPending) {
    return (
      <Center h={240}>
        <Loader aria-label="Loading the screen" />
      </Center>
    );
  }
  const status = screen.error instanceof GatewayError ? screen.error.status : 0;
  if (screen.isError && status !== 403) return <Navigate to="/misc/404" replace />;
  const title = screen.data?.title ?? pathname;
  return <RoutePage key={pathname} entry={{ path: pathname, title, group: 'Screens' }} />;
}
