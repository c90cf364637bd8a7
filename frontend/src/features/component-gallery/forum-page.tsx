/**
 * The forum pages (/views/forum-general, forum-topic, forum-post) on sample boards: the boards with their threads and
 * last post, one board's threads, and one thread with its posts and a reply form (react-hook-form with zod; a reply
 * needs text). Posts read as a record's history reads its notes. Replies stay in this page.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  Avatar,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';

import { useMe } from '../../api/auth';
import { formatIndianDateTime } from '../../lib/format';
import { translate, useTranslation } from '../../lib/i18n';
import { DemoCard } from './demo-card';
import { boardOf, FORUM_BOARDS, type ForumPost, lastPost, REPLY_MAX, threadOf } from './forum-sample';
import { localId } from './local-id';
import { initialsOf } from './people-text';

export type ForumView = 'general' | 'topic' | 'post';

export function ForumPage({ view }: { view: ForumView }) {
  if (view === 'general') return <Boards />;
  if (view === 'topic') return <Threads />;
  return <Thread />;
}

function Boards() {
  const { t } = useTranslation();
  return (
    <DemoCard title={t('Boards')} note={t('Sample boards: pick one to see its threads.')}>
      <Table.ScrollContainer minWidth={560}>
        <Table striped highlightOnHover verticalSpacing="sm" data-testid="forum-boards">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('Board')}</Table.Th>
              <Table.Th ta="right">{t('Threads')}</Table.Th>
              <Table.Th ta="right">{t('Posts')}</Table.Th>
              <Table.Th>{t('Last post')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {FORUM_BOARDS.map((board) => {
              const posts = board.threads.flatMap((thread) => thread.posts);
              const last = posts.reduce((a, b) => (a.at > b.at ? a : b));
              return (
                <Table.Tr key={board.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/views/forum-topic?board=${board.id}`} fw={600}>
                      {t(board.name)}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {t(board.about)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{board.threads.length}</Table.Td>
                  <Table.Td ta="right">{posts.length}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{last.by}</Text>
                    <Text size="xs" c="dimmed">
                      {formatIndianDateTime(last.at)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </DemoCard>
  );
}

function Threads() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const board = boardOf(params.get('board'));
  return (
    <DemoCard title={t(board.name)} note={t(board.about)}>
      <Anchor component={Link} to="/views/forum-general" size="sm">
        {t('← Every board')}
      </Anchor>
      <Stack gap="xs" data-testid="forum-threads">
        {board.threads.map((thread) => {
          const last = lastPost(thread);
          return (
            <Paper key={thread.id} withBorder p="sm">
              <Group justify="space-between" align="start" gap="xs">
                <Stack gap={2} miw={0} style={{ flex: 1 }}>
                  <Anchor component={Link} to={`/views/forum-post?thread=${thread.id}`} fw={600}>
                    {t(thread.title)}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {t('Started by {{first}} · last post by {{last}}, {{at}}', {
                      first: thread.posts[0]?.by,
                      last: last.by,
                      at: formatIndianDateTime(last.at),
                    })}
                  </Text>
                </Stack>
                <Badge variant="light">
                  {thread.posts.length - 1 === 1
                    ? t('1 reply')
                    : t('{{replies}} replies', { replies: thread.posts.length - 1 })}
                </Badge>
              </Group>
            </Paper>
          );
        })}
      </Stack>
    </DemoCard>
  );
}

/** The reply's rule; its messages are put in the user's language when a reply is judged. */
const replySchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, { error: () => translate('Write your reply first') })
    .max(REPLY_MAX, { error: () => translate('At most {{max}} characters', { max: REPLY_MAX }) }),
});

function Thread() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { board, thread } = threadOf(params.get('thread'));
  const me = useMe().data?.user;
  const [replies, setReplies] = useState<ForumPost[]>([]);
  const form = useForm<{ text: string }>({ resolver: zodResolver(replySchema), defaultValues: { text: '' } });
  const reply = form.handleSubmit(({ text }) => {
    setReplies((list) => [
      ...list,
      {
        id: localId(),
        by: me?.name ?? t('You'),
        role: me?.designation ?? '',
        at: new Date().toISOString(),
        text,
      },
    ]);
    form.reset({ text: '' });
  });
  const replyField = form.register('text');
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Anchor component={Link} to={`/views/forum-topic?board=${board.id}`} size="sm">
          ← {t(board.name)}
        </Anchor>
      </Group>
      <Title order={3} size="h4">
        {t(thread.title)}
      </Title>
      <Stack gap="sm" data-testid="forum-posts">
        {thread.posts.map((post) => (
          <PostCard key={post.id} post={post} sample />
        ))}
        {replies.map((post) => (
          <PostCard key={post.id} post={post} sample={false} />
        ))}
      </Stack>
      <DemoCard
        title={t('Reply')}
        note={t('Your reply joins the thread in this page only: the gallery stores nothing.')}
      >
        <form onSubmit={(event) => void reply(event)} noValidate aria-label={t('Reply')}>
          <Stack gap="xs">
            <Textarea
              label={t('Your reply')}
              autosize
              minRows={3}
              {...replyField}
              error={form.formState.errors.text?.message}
            />
            <Group justify="flex-end">
              <Button type="submit">{t('Post reply')}</Button>
            </Group>
          </Stack>
        </form>
      </DemoCard>
    </Stack>
  );
}

/** A post; a sample one's role and text are in English and shown translated (a reply typed here shows as typed). */
function PostCard({ post, sample }: { post: ForumPost; sample: boolean }) {
  const { t } = useTranslation();
  const shown = (text: string) => (sample ? t(text) : text);
  return (
    <Paper withBorder p="sm" data-testid="forum-post">
      <Group gap="sm" align="start" wrap="nowrap">
        <Avatar radius="xl" color="blue">
          {initialsOf(post.by)}
        </Avatar>
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group gap="xs">
            <Text fw={600} size="sm">
              {post.by}
            </Text>
            {post.role ? (
              <Text size="xs" c="dimmed">
                {shown(post.role)}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed">
              · {formatIndianDateTime(post.at)}
            </Text>
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {shown(post.text)}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
