import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link, useRouteError } from 'react-router';

/** `/misc/404`: where unknown paths land. */
export function NotFoundPage() {
  return (
    <Center h={360}>
      <Stack align="center" gap="xs" data-testid="page-404">
        <Title order={1}>404</Title>
        <Text>This page does not exist.</Text>
        <Button component={Link} to="/">
          Go to the dashboard
        </Button>
      </Stack>
    </Center>
  );
}

/** `/misc/500`: the page an uncaught error lands on (the router's error boundary renders it too). */
export function ServerErrorPage() {
  const error = useRouteError();
  if (error) console.error('uncaught error in a page', error);
  return (
    <Center h={360}>
      <Stack align="center" gap="xs" data-testid="page-500">
        <Title order={1}>500</Title>
        <Text>Something went wrong on this page. Reload it, or go back to the dashboard.</Text>
        <Button component="a" href="/">
          Go to the dashboard
        </Button>
      </Stack>
    </Center>
  );
}
