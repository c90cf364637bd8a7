/**
 * An import screen of the menu (kind `import`: land-acquisition cases, R&R entitlements, IPA quantities, key
 * element statuses): its preset from the registry (`GET /api/import/screen`) names the register, what it asks once,
 * its fixed values, mode, key and headers; the screen shows its title and notes, then the importer.
 */
import { Badge, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

import { GatewayError } from '../../api/client';
import { useImportPreset } from '../../api/imports';
import { useTranslation } from '../../lib/i18n';
import { LoadError } from '../notices';
import { ImportPage } from './import-page';

export interface ImportScreenProps {
  route: string;
  /** Shown when no preset has this route (the gateway answers 404). */
  notBuilt: ReactNode;
}

export function ImportScreen({ route, notBuilt }: ImportScreenProps) {
  const { t } = useTranslation();
  const preset = useImportPreset(route);
  if (preset.isPending) {
    return (
      <Center h={240}>
        <Loader aria-label={t('Loading the import screen')} />
      </Center>
    );
  }
  if (preset.isError) {
    const status = preset.error instanceof GatewayError ? preset.error.status : 0;
    if (status === 404) return <>{notBuilt}</>;
    // Without permission the page's "Access disabled" overlay says so.
    if (status === 403) return <div style={{ minHeight: 320 }} data-testid="screen-forbidden" />;
    return (
      <LoadError
        title={t('This import screen could not be loaded')}
        error={preset.error}
        retry={() => void preset.refetch()}
      />
    );
  }
  const screen = preset.data;
  return (
    <Stack gap="sm" data-testid="import-screen" data-entry={screen.entry}>
      <Group gap="xs">
        <Title order={2}>{t(screen.title)}</Title>
        <Badge variant="light">{t('Into {{register}}', { register: t(screen.entry_title) })}</Badge>
      </Group>
      {screen.notes ? (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="import-notes">
          {t(screen.notes)}
        </Text>
      ) : null}
      {screen.arrives_in ? (
        <Text size="sm" data-testid="import-history">
          {t('Each record arrives {{state}}, as history: nobody is handed it and nobody is mailed.', {
            state: t(screen.arrives_in),
          })}
        </Text>
      ) : null}
      <ImportPage entry={screen.entry} entryTitle={screen.entry_title} preset={screen} />
    </Stack>
  );
}
