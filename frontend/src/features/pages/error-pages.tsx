import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link, useRouteError } from 'react-router';

import { useTranslation } from '../../lib/i18n';

/** `/misc/404`: where unknown paths land. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center h={360}>
      <Stack align="center" gap="xs" data-testid="page-404">
        <Title order={1}>404</Title>
        <Text>{t('This page does not exist.')}</Text>
        <Button component={Link} to="/">
          {t('Go to the dashboard')}
        </Button>
      </Stack>
    </Center>
  );
}

/** `/misc/500`: the page an uncaught error lands on (the router's error boundary renders it too). */
export function ServerErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (error) console.error('uncaught error in a page', error);
  return (
    <Center h={360}>
      <Stack align="center" gap="xs" data-testid="page-500">
        <Title order={1}>500</Title>
        <Text>{t('Something went wrong on this page. Reload it, or go back to the dashboard.')}</Text>
        <Button component="a" href="/">
          {t('Go to the dashboard')}
        </Button>
      </Stack>
    </Center>
  );
}
