/**
 * The activity wall (`/dashboard/social-wall`): what has happened lately in the registers the reader reads (an RFI
 * raised or answered, an NCR issued, a document shared or published), newest first under a heading per day, each
 * naming who did it, the step, the state it moved to, the comment, and the record (a link to its form). Older
 * events a page at a time. Data from `useActivityWall`.
 */
import { Anchor, Avatar, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

import { useActivityWall } from '../../api/activity';
import type { Screen, WallEvent } from '../../api/schema';
import { formatIndianDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { LoadError } from '../notices';
import { byDay, initials, timeAgo } from './wall-text';

export function ActivityWallScreen({ screen }: { screen: Screen }) {
  const { t } = useTranslation();
  const wall = useActivityWall();
  const events = wall.data?.pages.flatMap((page) => page.events) ?? [];
  return (
    <Stack gap="md" maw={860} data-testid="activity-wall">
      <Stack gap={0}>
        <Title order={2}>{t(screen.title)}</Title>
        <Text size="sm" c="dimmed">
          {t('What has happened lately in the registers you read.')}
        </Text>
      </Stack>
      {wall.isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t('Reading the latest activity…')}</Text>
        </Group>
      ) : wall.isError ? (
        <LoadError
          title={t('The activity could not be read')}
          error={wall.error}
          retry={() => void wall.refetch()}
        />
      ) : events.length === 0 ? (
        <Paper withBorder p="lg" data-testid="activity-wall-empty">
          <Text>{t('Nothing has happened yet in the registers you read.')}</Text>
        </Paper>
      ) : (
        <>
          {byDay(events).map((day) => (
            <Stack key={day.title} gap="xs" component="section" aria-label={day.title}>
              <Text fw={700} size="sm" c="dimmed" tt="uppercase">
                {day.title}
              </Text>
              {day.events.map((event) => (
                <EventCard key={event.id} event={event} />
              ))}
            </Stack>
          ))}
          {wall.hasNextPage ? (
            <Button
              variant="default"
              onClick={() => void wall.fetchNextPage()}
              loading={wall.isFetchingNextPage}
              data-testid="activity-wall-older"
            >
              {t('Show older activity')}
            </Button>
          ) : (
            <Text size="sm" c="dimmed" ta="center">
              {t('That is everything.')}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}

function EventCard({ event }: { event: WallEvent }) {
  const { t } = useTranslation();
  const who = event.by_name ?? t('The system');
  // A register without a number column: the link still opens the record.
  const number = event.number ?? t('open the record');
  return (
    <Paper withBorder p="sm" data-testid="activity-event">
      <Group align="start" gap="sm" wrap="nowrap">
        <Avatar color="initials" name={who} radius="xl" aria-hidden>
          {initials(event.by_name)}
        </Avatar>
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={600}>
              {who}
            </Text>{' '}
            <Text span c="dimmed">
              · {t(event.action)} ·
            </Text>{' '}
            {t(event.register)}{' '}
            {event.record_url ? (
              <Anchor component={Link} to={event.record_url} fw={500}>
                {number}
              </Anchor>
            ) : (
              number
            )}
          </Text>
          {event.title ? (
            <Text size="sm" lineClamp={2}>
              {event.title}
            </Text>
          ) : null}
          {event.comment ? (
            <Text size="sm" c="dimmed" fs="italic" lineClamp={3}>
              “{event.comment}”
            </Text>
          ) : null}
          <Group gap="xs" wrap="wrap">
            {event.from !== event.to ? (
              <Text size="xs" c="dimmed">
                {t(event.from)} →
              </Text>
            ) : null}
            <Badge variant="light" size="sm" tt="none">
              {t(event.to)}
            </Badge>
            <Text size="xs" c="dimmed" title={formatIndianDateTime(event.at)}>
              {timeAgo(event.at)}
            </Text>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
