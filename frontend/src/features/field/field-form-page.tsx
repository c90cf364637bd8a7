/**
 * `/rfiwitnessing` and `/siteinspection`: the inspector's pages on a phone. Public routes (docs/console.md §2): the
 * page signs in by itself, naming the phone's device ID, so a registered phone stays signed in. Signed in, it shows
 * the inspection form of the route's register and the outbox: an inspection saved without a connection waits on
 * the phone and is sent, once, when the connection returns. The page opens without a connection too: its own
 * service worker (scoped to it; docs/console.md §2) keeps the page and its files, and its own query client keeps
 * the answers it was last given (the user, the form, the look-ups).
 */
import {
  Alert,
  Anchor,
  AppShell,
  Badge,
  Button,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';

import { GatewayError } from '../../api/client';
import { useMe } from '../../api/auth';
import { useScreen } from '../../api/screens';
import { Trans, useTranslation } from '../../lib/i18n';
import { clearSession } from '../../lib/session-store';
import { useSession } from '../../lib/use-session';
import { LoadError } from '../notices';
import { deviceId, FIELD_PAGES } from './field-form';
import { createFieldQueryClient, forgetFieldAnswers } from './field-query-client';
import { FieldSignIn } from './field-sign-in';
import { FieldRecordForm } from './field-record-form';
import { OutboxPanel } from './outbox-panel';
import { useFieldOutbox } from './use-field-outbox';
import { useOpensOffline } from './use-opens-offline';

/** The field page with its own query client, whose answers are kept for a reload without a connection. */
export function FieldFormPage({ route }: { route: string }) {
  const [client] = useState(createFieldQueryClient);
  return (
    <QueryClientProvider client={client}>
      <FieldPage route={route} />
    </QueryClientProvider>
  );
}

function FieldPage({ route }: { route: string }) {
  const { t } = useTranslation();
  const page = FIELD_PAGES[route];
  const session = useSession();
  const client = useQueryClient();
  const opensOffline = useOpensOffline(route);
  const [device] = useState(() => deviceId());
  const [ended, setEnded] = useState(false);
  const [registered, setRegistered] = useState<boolean | null>(null);
  const signedOut = useCallback(() => {
    setEnded(true);
    clearSession();
    forgetFieldAnswers(client);
  }, [client]);
  const outbox = useFieldOutbox({ onSignedOut: signedOut });
  if (!page) return null;

  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Title order={1} size="h3">
            {t(page.title)}
          </Title>
          <Badge color={outbox.online ? 'green' : 'gray'} variant="light" size="lg" data-testid="connection">
            {outbox.online ? t('Online') : t('Offline')}
          </Badge>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Container size={560} px={0}>
          <Stack gap="lg">
            {opensOffline ? (
              <Text size="sm" c="dimmed" data-testid="opens-offline">
                {t('Kept on this phone: this page opens without a connection.')}
              </Text>
            ) : null}
            <OutboxPanel
              online={outbox.online}
              sending={outbox.sending}
              waiting={outbox.waiting}
              refused={outbox.refused}
              lastSent={outbox.lastSent}
              onSendNow={() => void outbox.sendNow()}
              onDiscard={(key) => void outbox.discard(key)}
            />
            {session ? (
              <SignedIn
                route={route}
                registered={registered}
                onSignOut={() => {
                  clearSession();
                  forgetFieldAnswers(client);
                  setRegistered(null);
                }}
                onSave={outbox.enqueue}
                device={device}
              />
            ) : (
              <FieldSignIn
                device={device}
                ended={ended}
                onSignedIn={(isRegistered) => {
                  setEnded(false);
                  setRegistered(isRegistered);
                  void outbox.sendNow();
                }}
              />
            )}
          </Stack>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}

interface SignedInProps {
  route: string;
  device: string;
  registered: boolean | null;
  onSignOut: () => void;
  onSave: Parameters<typeof FieldRecordForm>[0]['onSave'];
}

function SignedIn({ route, device, registered, onSignOut, onSave }: SignedInProps) {
  const { t } = useTranslation();
  const page = FIELD_PAGES[route];
  const me = useMe();
  const screen = useScreen(route);
  if (!page) return null;
  // Offline, the answers kept from the last time are shown (their refresh waits for the connection).
  if ((screen.isPending && !screen.data) || (me.isPending && !me.data)) {
    return <Loader aria-label={t('Loading')} />;
  }
  if (screen.error instanceof GatewayError && screen.error.status === 403) {
    return (
      <Stack>
        <Alert color="red" title={t('Access disabled')} role="alert">
          {t('Access disabled - Please contact to Administrator')}
        </Alert>
        <Button size="lg" variant="light" onClick={onSignOut}>
          {t('Sign in as someone else')}
        </Button>
      </Stack>
    );
  }
  if (!screen.data || !me.data) {
    return (
      <LoadError
        title={t('The form could not be loaded')}
        error={screen.error ?? me.error}
        retry={screen.refetch}
      />
    );
  }
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">
          <Trans
            i18nKey="Signed in as <strong>{{name}}</strong>"
            values={{ name: me.data.user.name }}
            components={{ strong: <strong /> }}
          />
        </Text>
        <Anchor component="button" type="button" size="sm" onClick={onSignOut}>
          {t('Sign out')}
        </Anchor>
      </Group>
      {registered === false ? (
        <Alert color="yellow" role="status">
          {t(
            'This phone ({{device}}) is not registered for you: you will have to sign in again after a while. An administrator registers it under Administration → Device Registration.',
            { device },
          )}
        </Alert>
      ) : null}
      <FieldRecordForm page={page} meta={screen.data} inspector={me.data.user.id} onSave={onSave} />
    </Stack>
  );
}
