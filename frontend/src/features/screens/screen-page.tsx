/**
 * A data screen rendered from the registry: the screen's description from the gateway, its list, and (for
 * writable entries) a form to create, edit and delete records. Read-only entries get the list only. Features with
 * forms of their own (user administration) pass `renderForm`; this engine knows no particular screen.
 */
import { Alert, Badge, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';

import { GatewayError } from '../../api/client';
import type { ScreenMeta } from '../../api/schema';
import { useScreen } from '../../api/screens';
import { errorMessage } from '../notices';
import { DataGrid } from './data-grid';
import { RecordForm } from './record-form';

export interface ScreenPageProps {
  route: string;
  /** Shown when the route has no registry screen (the gateway answers 404). */
  notAScreen: ReactNode;
  /** Replaces the generic form (the user screens write through the administration API). */
  renderForm?: (meta: ScreenMeta, recordKey: string | null, close: () => void) => ReactNode;
  /** Extra buttons beside "New". */
  actions?: ReactNode;
}

export function ScreenPage({ route, notAScreen, renderForm, actions }: ScreenPageProps) {
  const screen = useScreen(route);
  // undefined: closed; null: a new record; text: the primary key of the record being edited.
  const [open, setOpen] = useState<string | null | undefined>(undefined);

  if (screen.isPending) {
    return (
      <Center h={240}>
        <Loader aria-label="Loading the screen" />
      </Center>
    );
  }
  if (screen.isError) {
    const status = screen.error instanceof GatewayError ? screen.error.status : 0;
    if (status === 404) return <>{notAScreen}</>;
    // Without permission the page's "Access disabled" overlay covers this.
    if (status === 403) return <div style={{ minHeight: 320 }} data-testid="screen-forbidden" />;
    return (
      <Alert color="red" title="This screen could not be loaded" role="alert">
        <Stack gap="xs">
          <Text size="sm">{errorMessage(screen.error)}</Text>
          <Group>
            <Button size="xs" onClick={() => void screen.refetch()}>
              Try again
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }

  const meta = screen.data;
  const canWrite = meta.writable || renderForm !== undefined;
  const close = () => setOpen(undefined);
  return (
    <Stack gap="sm" data-testid="data-screen" data-entry={meta.entry}>
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Title order={2}>{meta.title}</Title>
          {canWrite ? null : <Badge variant="light">Read only</Badge>}
        </Group>
        <Group gap="xs">
          {actions}
          {canWrite ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setOpen(null)}>
              New
            </Button>
          ) : null}
        </Group>
      </Group>
      <DataGrid meta={meta} onOpen={canWrite ? setOpen : undefined} />
      {open === undefined ? null : renderForm ? (
        renderForm(meta, open, close)
      ) : (
        <RecordForm key={open ?? 'new'} meta={meta} recordKey={open} onClose={close} />
      )}
    </Stack>
  );
}
