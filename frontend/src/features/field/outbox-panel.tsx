/** What waits on this phone to be sent, what the gateway refused (with its reason), and what was just sent. */
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';

import type { OutboxEntry } from '../../lib/field-outbox';
import { formatIndianDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';

export interface OutboxPanelProps {
  online: boolean;
  sending: boolean;
  waiting: readonly OutboxEntry[];
  refused: readonly OutboxEntry[];
  lastSent: readonly OutboxEntry[];
  onSendNow: () => void;
  onDiscard: (key: string) => void;
}

export function OutboxPanel({
  online,
  sending,
  waiting,
  refused,
  lastSent,
  onSendNow,
  onDiscard,
}: OutboxPanelProps) {
  const { t } = useTranslation();
  if (waiting.length === 0 && refused.length === 0 && lastSent.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="outbox">
      {waiting.length > 0 ? (
        <Card withBorder padding="md" role="status" aria-live="polite">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Title order={2} size="h4">
              {t('Waiting to send ({{count}})', { count: waiting.length })}
            </Title>
            <Button size="md" variant="light" onClick={onSendNow} loading={sending} disabled={!online}>
              {t('Send now')}
            </Button>
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            {online
              ? t('Sending as soon as the gateway answers.')
              : t('No connection: kept on this phone and sent by itself when the connection returns.')}
          </Text>
          <Stack gap={4} mt="xs">
            {waiting.map((entry) => (
              <Text key={entry.key} size="sm">
                {entry.summary}
                {entry.files.length > 0
                  ? ` · ${
                      entry.files.length === 1
                        ? t('1 file')
                        : t('{{count}} files', { count: entry.files.length })
                    }`
                  : ''}
                {` · ${t('saved {{at}}', { at: formatIndianDateTime(entry.savedAt) })}`}
              </Text>
            ))}
          </Stack>
        </Card>
      ) : null}
      {refused.map((entry) => (
        <Alert key={entry.key} color="red" title={t('Not accepted by the gateway')} role="alert">
          <Stack gap="xs">
            <Text size="sm">{entry.summary}</Text>
            <Text size="sm">{entry.refused}</Text>
            <Group>
              <Button size="md" color="red" variant="light" onClick={() => onDiscard(entry.key)}>
                {t('Discard it')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ))}
      {lastSent.length > 0 ? (
        <Card withBorder padding="md">
          <Title order={2} size="h4">
            {t('Sent')}
          </Title>
          <Stack gap={4} mt="xs">
            {lastSent.map((entry) => (
              <Group key={entry.key} gap="xs" wrap="nowrap">
                <Badge color="green" variant="light">
                  {t('Sent')}
                </Badge>
                <Text size="sm">{entry.summary}</Text>
              </Group>
            ))}
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
