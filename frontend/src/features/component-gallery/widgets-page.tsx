/**
 * /widgets: the template's widget grid made to work. Figures from the console's own calls (documents waiting on you,
 * your reminders, the banner's messages), the to-do list and the chat, each kept in this browser.
 */
import { Anchor, Loader, SimpleGrid, Stack } from '@mantine/core';
import { IconBell, IconClipboardList, IconSpeakerphone } from '@tabler/icons-react';
import { Link } from 'react-router';

import { useBannerMessages, usePendingList, useReminders } from '../../api/console';
import { useTranslation } from '../../lib/i18n';
import { CardGrid } from './card-grid';
import { ChatWidget } from './chat-widget';
import { DemoCard } from './demo-card';
import { StatWidget } from './stat-widget';
import { TodoWidget } from './todo-widget';

/** A figure once read, a small loader before, a dash when it could not be read. */
function figureOf(read: { isPending: boolean; isError: boolean }, value: number) {
  if (read.isPending) return <Loader size="xs" />;
  return read.isError ? '—' : value;
}

export function WidgetsPage() {
  const { t } = useTranslation();
  const pending = usePendingList();
  const reminders = useReminders();
  const banner = useBannerMessages();
  const waiting = (pending.data ?? []).reduce((sum, group) => sum + group.data.length, 0);
  const unsent = (reminders.data ?? []).filter((alert) => alert.n_sent_status !== 1).length;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <StatWidget
          label={t('Documents waiting on you')}
          figure={figureOf(pending, waiting)}
          note={t('The header’s pending-document buttons')}
          icon={<IconClipboardList size={20} />}
          testId="widget-pending"
        />
        <StatWidget
          label={t('Reminders still to come')}
          figure={figureOf(reminders, unsent)}
          note={t('The bell’s Set Reminder list')}
          icon={<IconBell size={20} />}
          colour="orange"
        />
        <StatWidget
          label={t('Banner messages')}
          figure={figureOf(banner, banner.data?.length ?? 0)}
          note={
            <Anchor component={Link} to="/views/blog" size="xs">
              {t('Read them as posts')}
            </Anchor>
          }
          icon={<IconSpeakerphone size={20} />}
          colour="teal"
        />
      </SimpleGrid>
      <CardGrid>
        <DemoCard
          title={t('To-do list')}
          note={t('Critical first, then Important; ticked ones move down as Completed.')}
        >
          <TodoWidget />
        </DemoCard>
        <DemoCard title={t('Chat')} note={t('Pick a person to open a chat box.')}>
          <ChatWidget />
        </DemoCard>
      </CardGrid>
    </Stack>
  );
}
