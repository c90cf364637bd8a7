/**
 * The chat widget (docs/console.md §3, §5, §9, template): the people the console can forward to, each with a status
 * and role; a click opens a chat box, 200 px wide, 35 px from the next, in a row that scrolls inside itself on a
 * phone. Empty or whitespace-only messages are not sent. Messages stay in this browser. Drawn from `useChat`.
 */
import {
  ActionIcon,
  Avatar,
  Group,
  Indicator,
  Loader,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconSend, IconX } from '@tabler/icons-react';

import { formatIndianDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { LoadError } from '../notices';
import { CHAT_BOX_GAP, CHAT_BOX_WIDTH, CHAT_STATUSES, type ChatStatus, type ChatUser } from './chat-rules';
import { initialsOf } from './people-text';
import { type ChatController, useChat } from './use-chat';

const STATUS_COLOURS: Record<ChatStatus, string> = { online: 'green', away: 'yellow', busy: 'red' };

export function ChatWidget() {
  const { t } = useTranslation();
  const chat = useChat();
  return (
    <Stack gap="sm" data-testid="chat-widget">
      <Group justify="space-between" align="end" gap="xs">
        <TextInput
          label={t('Find a person')}
          placeholder={t('Name or username')}
          value={chat.search}
          onChange={(event) => chat.setSearch(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 160 }}
        />
        <Select
          label={t('Your status')}
          w={120}
          data={CHAT_STATUSES.map((status) => ({ value: status, label: t(status) }))}
          value={chat.status}
          onChange={(value) => value && chat.setStatus(value as ChatStatus)}
          allowDeselect={false}
        />
      </Group>
      <PeopleList chat={chat} />
      <Text size="xs" c="dimmed">
        {t(
          'Statuses are samples (the console keeps no presence) and messages stay in this browser: this is a template widget, not a messaging service.',
        )}
      </Text>
      {chat.boxes.length > 0 ? (
        <ScrollArea type="auto" offsetScrollbars data-testid="chat-dock">
          <Group gap={CHAT_BOX_GAP} wrap="nowrap" align="start">
            {chat.boxes.map((person) => (
              <ChatBox key={person.id} person={person} chat={chat} />
            ))}
          </Group>
        </ScrollArea>
      ) : null}
    </Stack>
  );
}

function PeopleList({ chat }: { chat: ChatController }) {
  const { t } = useTranslation();
  if (chat.loading) return <Loader size="sm" aria-label={t('Loading the people')} />;
  if (chat.error)
    return <LoadError title={t('The people could not be loaded')} error={chat.error} retry={chat.retry} />;
  if (chat.people.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {chat.everyone === 0 ? t('Nobody else has an account yet.') : t('Nobody matches.')}
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={240} type="auto" scrollbars="y">
      <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('People')}>
        {chat.people.map((person) => (
          <li key={person.id}>
            <UnstyledButton
              onClick={() => chat.open(person.id)}
              w="100%"
              p={6}
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              aria-label={t('Chat with {{name}}', { name: person.name })}
            >
              <PersonLine person={person} />
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}

function PersonLine({ person, compact = false }: { person: ChatUser; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" miw={0}>
      <Indicator color={STATUS_COLOURS[person.status]} offset={4} size={9} position="bottom-end" withBorder>
        <Avatar size={compact ? 'sm' : 'md'} radius="xl" color="blue" src={person.picture}>
          {initialsOf(person.name)}
        </Avatar>
      </Indicator>
      <Stack gap={0} miw={0} style={{ flex: 1 }}>
        <Text size="sm" fw={500} truncate>
          {person.name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {compact ? t(person.status) : `${person.username} · ${person.role} · ${t(person.status)}`}
        </Text>
      </Stack>
    </Group>
  );
}

function ChatBox({ person, chat }: { person: ChatUser; chat: ChatController }) {
  const { t } = useTranslation();
  const messages = chat.messagesWith(person.id);
  return (
    <Paper
      withBorder
      w={CHAT_BOX_WIDTH}
      miw={CHAT_BOX_WIDTH}
      p="xs"
      data-testid="chat-box"
      aria-label={t('Chat with {{name}}', { name: person.name })}
      role="region"
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap={4}>
          <PersonLine person={person} compact />
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={t('Close the chat with {{name}}', { name: person.name })}
            onClick={() => chat.close(person.id)}
          >
            <IconX size={14} />
          </ActionIcon>
        </Group>
        <ScrollArea h={160} type="auto">
          <Stack gap={4} data-testid="chat-messages">
            {messages.length === 0 ? (
              <Text size="xs" c="dimmed">
                {t('No messages yet.')}
              </Text>
            ) : (
              messages.map((message) => (
                <Paper
                  key={message.id}
                  bg="blue.0"
                  px={6}
                  py={4}
                  ml="auto"
                  maw="90%"
                  data-testid="chat-message"
                  title={formatIndianDateTime(message.at)}
                >
                  <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                    {message.text}
                  </Text>
                </Paper>
              ))
            )}
          </Stack>
        </ScrollArea>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            chat.send(person.id);
          }}
        >
          <Group gap={4} wrap="nowrap">
            <TextInput
              size="xs"
              style={{ flex: 1 }}
              placeholder={t('Type a message')}
              aria-label={t('Message to {{name}}', { name: person.name })}
              value={chat.draftOf(person.id)}
              onChange={(event) => chat.setDraft(person.id, event.currentTarget.value)}
              maxLength={500}
            />
            <ActionIcon type="submit" size="md" aria-label={t('Send')} disabled={!chat.canSend(person.id)}>
              <IconSend size={14} />
            </ActionIcon>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}
