/**
 * What a screen or panel shows when its data could not be read: a red alert titled by what failed, the gateway's
 * message in words, and **Try again** when the read can be repeated. One look for every such failure.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';

import { useTranslation } from '../../lib/i18n';
import { errorMessage } from './notices';

export interface LoadErrorProps {
  /** What could not be loaded, as a sentence: "The dashboard could not be loaded" (the caller's t() words it). */
  title: string;
  error: unknown;
  /** Reads again; without it there is no button. */
  retry?: () => void;
}

export function LoadError({ title, error, retry }: LoadErrorProps) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={title} role="alert">
      <Stack gap="xs" align="start">
        <Text size="sm">{errorMessage(error)}</Text>
        {retry && (
          <Button size="xs" onClick={retry}>
            {t('Try again')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
