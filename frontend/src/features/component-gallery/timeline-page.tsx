/**
 * /views/timeline: the latest steps of records in your registers (`GET /api/activity`, the activity wall's call) as a
 * timeline: who moved which record from which state to which, with their comment, newest first. Each record opens
 * its form. Shown to those who hold the activity wall.
 */
import { Anchor, Button, Loader, Text, Timeline } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';

import { useActivityWall } from '../../api/activity';
import type { WallEvent } from '../../api/schema';
import { formatIndianDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { LoadError } from '../notices';
import { DemoCard } from './demo-card';
import { NotHeldNote } from './not-held-note';
import { useHolds } from './use-holds';

const WALL_ROUTE = '/dashboard/social-wall';
const SHOWN = 15;

export function TimelinePage() {
  const { t } = useTranslation();
  const holds = useHolds(WALL_ROUTE);
  if (!holds) return <NotHeldNote what={t('The steps')} title={t('the activity wall')} route={WALL_ROUTE} />;
  return <Steps />;
}

function Steps() {
  const { t } = useTranslation();
  const wall = useActivityWall();
  if (wall.isPending) return <Loader aria-label={t('Loading the steps')} />;
  if (wall.isError) {
    return (
      <LoadError
        title={t('The steps could not be loaded')}
        error={wall.error}
        retry={() => void wall.refetch()}
      />
    );
  }
  const events = wall.data.pages.flatMap((page) => page.events).slice(0, SHOWN);
  return (
    <DemoCard
      title={t('Latest steps')}
      note={t('The activity wall shows the same events with older pages on demand.')}
    >
      {events.length === 0 ? (
        <Text c="dimmed">{t('Nothing has happened yet in your registers.')}</Text>
      ) : (
        <Timeline active={events.length} bulletSize={22} lineWidth={2} data-testid="gallery-timeline">
          {events.map((event) => (
            <Timeline.Item
              key={event.id}
              bullet={<IconArrowRight size={12} />}
              title={<EventTitle event={event} />}
            >
              <Text size="sm">
                {event.by_name
                  ? t('{{from}} → {{to}} by {{name}}', {
                      from: event.from,
                      to: event.to,
                      name: event.by_name,
                    })
                  : `${event.from} → ${event.to}`}
              </Text>
              {event.comment ? (
                <Text size="sm" c="dimmed" fs="italic" style={{ overflowWrap: 'anywhere' }}>
                  “{event.comment}”
                </Text>
              ) : null}
              <Text size="xs" c="dimmed">
                {event.register} · {formatIndianDateTime(event.at)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      <Button component={Link} to={WALL_ROUTE} variant="light" w="fit-content">
        {t('The whole activity wall')}
      </Button>
    </DemoCard>
  );
}

function EventTitle({ event }: { event: WallEvent }) {
  const name = `${event.action}: ${event.number ?? event.title ?? event.register}`;
  return event.record_url ? (
    <Anchor component={Link} to={event.record_url} fw={600} size="sm">
      {name}
    </Anchor>
  ) : (
    <Text fw={600} size="sm">
      {name}
    </Text>
  );
}
