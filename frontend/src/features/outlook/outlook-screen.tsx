/**
 * `/outlook`: the mail the system sent the user, as a three-pane mail view: folders with unread counts, the folder's
 * messages (unread in bold, newest first, search, only unread), and the open message with its links into the
 * console and its attachments. On a phone one pane at a time: the folder as a choice over the list, the message
 * over the list with a way back.
 */
import {
  ActionIcon,
  Badge,
  Button,
  Divider,
  Group,
  Loader,
  NavLink,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowLeft, IconMailOpened, IconPaperclip, IconSearch } from '@tabler/icons-react';

import type { MailSummary } from '../../api/schema';
import { formatBytes, formatIndianDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { useMobileView } from '../../lib/use-mobile-view';
import { LoadError } from '../notices';
import { MailBody } from './mail-body';
import { KIND_NAMES } from './mail-text';
import { useOutlook } from './use-outlook';

type Outlook = ReturnType<typeof useOutlook>;

function Folders({ outlook }: { outlook: Outlook }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} data-testid="mail-folders">
      {(outlook.folders.data ?? []).map((folder) => (
        <NavLink
          key={folder.key}
          component="button"
          aria-current={folder.key === outlook.folder ? 'page' : undefined}
          label={t(folder.title)}
          active={folder.key === outlook.folder}
          onClick={() => outlook.openFolder(folder.key)}
          rightSection={
            folder.unread > 0 ? (
              <Badge size="sm" variant="filled" aria-label={t('{{count}} unread', { count: folder.unread })}>
                {folder.unread}
              </Badge>
            ) : null
          }
        />
      ))}
    </Stack>
  );
}

function MessageRow({
  message,
  active,
  onOpen,
}: {
  message: MailSummary;
  active: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      onClick={onOpen}
      p="sm"
      aria-current={active ? 'true' : undefined}
      data-unread={message.read ? undefined : 'true'}
      style={{
        display: 'block',
        width: '100%',
        borderBottom: '1px solid var(--mantine-color-gray-3)',
        background: active ? 'var(--mantine-color-blue-light)' : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={message.read ? 400 : 700} lineClamp={1}>
          {message.subject}
        </Text>
        {message.attachments > 0 ? <IconPaperclip size={14} aria-label={t('Has attachments')} /> : null}
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatIndianDateTime(message.at)}
        </Text>
        <Badge size="xs" variant="light" color="gray">
          {t(KIND_NAMES[message.kind] ?? message.kind)}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed" lineClamp={2}>
        {message.preview}
      </Text>
    </UnstyledButton>
  );
}

function MessageList({ outlook }: { outlook: Outlook }) {
  const { t } = useTranslation();
  const { list, messages } = outlook;
  return (
    <Stack gap="xs">
      <TextInput
        placeholder={t('Search subjects and texts')}
        leftSection={<IconSearch size={16} />}
        value={outlook.search}
        onChange={(event) => outlook.setSearch(event.currentTarget.value)}
        aria-label={t('Search mail')}
      />
      <Switch
        label={t('Only unread')}
        checked={outlook.unreadOnly}
        onChange={(event) => outlook.setUnreadOnly(event.currentTarget.checked)}
      />
      {list.isError ? <LoadError title={t('The messages could not be loaded')} error={list.error} /> : null}
      {list.isPending ? <Loader size="sm" aria-label={t('Loading')} /> : null}
      {!list.isPending && messages.length === 0 ? (
        <Text c="dimmed" size="sm" p="sm">
          {t('No messages here.')}
        </Text>
      ) : null}
      <div data-testid="mail-list">
        {messages.map((message) => (
          <MessageRow
            key={message.id}
            message={message}
            active={message.id === outlook.opened}
            onOpen={() => outlook.openMessage(message.id)}
          />
        ))}
      </div>
      {list.hasNextPage ? (
        <Button variant="subtle" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
          {t('Older messages')}
        </Button>
      ) : null}
    </Stack>
  );
}

function Reading({ outlook, phone }: { outlook: Outlook; phone: boolean }) {
  const { t } = useTranslation();
  const { message } = outlook;
  if (outlook.opened === null) {
    return (
      <Text c="dimmed" ta="center" p="xl">
        {t('Choose a message to read it.')}
      </Text>
    );
  }
  if (message.isPending) return <Loader size="sm" aria-label={t('Loading')} />;
  if (message.isError) {
    return <LoadError title={t('The message could not be loaded')} error={message.error} />;
  }
  const mail = message.data;
  return (
    <Stack gap="sm" data-testid="mail-message">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        {phone ? (
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={t('Back to the list')}
            onClick={() => outlook.openMessage(null)}
          >
            <IconArrowLeft />
          </ActionIcon>
        ) : null}
        <Title order={2} size="h4">
          {mail.subject}
        </Title>
      </Group>
      <Text size="sm" c="dimmed">
        {t('From Metro PMIS to {{to}}', { to: mail.to })} · {formatIndianDateTime(mail.at)}
        {mail.sent_at ? '' : ` · ${t('not sent yet')}`}
      </Text>
      <Group gap="xs">
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconMailOpened size={16} />}
          onClick={() => void outlook.markUnread(mail.id)}
        >
          {t('Mark unread')}
        </Button>
      </Group>
      <Divider />
      <MailBody body={mail.body} />
      {mail.attachment_files.length > 0 ? (
        <Group gap="xs">
          {mail.attachment_files.map((file) => (
            <Button
              key={file.id}
              variant="light"
              size="compact-md"
              leftSection={<IconPaperclip size={16} />}
              loading={outlook.downloading}
              onClick={() => outlook.download(file.id)}
            >
              {file.name} ({formatBytes(file.size)})
            </Button>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}

export function OutlookScreen() {
  const { t } = useTranslation();
  const outlook = useOutlook();
  const phone = useMobileView();
  if (outlook.folders.isError)
    return <LoadError title={t('The mail could not be loaded')} error={outlook.folders.error} />;

  if (phone) {
    return (
      <Stack gap="sm" data-testid="outlook-screen">
        <Title order={1} size="h2">
          {t('Mail')}
        </Title>
        {outlook.opened === null ? (
          <>
            <Select
              aria-label={t('Folder')}
              data={(outlook.folders.data ?? []).map((folder) => ({
                value: folder.key,
                label: folder.unread > 0 ? `${t(folder.title)} (${folder.unread})` : t(folder.title),
              }))}
              value={outlook.folder}
              onChange={(key) => key && outlook.openFolder(key)}
              allowDeselect={false}
            />
            <MessageList outlook={outlook} />
          </>
        ) : (
          <Reading outlook={outlook} phone />
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="md" data-testid="outlook-screen">
      <Title order={1} size="h2">
        {t('Mail')}
      </Title>
      <Paper
        withBorder
        radius="md"
        style={{ display: 'grid', gridTemplateColumns: '220px 360px 1fr', minHeight: 560 }}
      >
        <ScrollArea p="xs" style={{ borderRight: '1px solid var(--mantine-color-gray-3)' }}>
          <Folders outlook={outlook} />
        </ScrollArea>
        <ScrollArea.Autosize
          mah="calc(100vh - 220px)"
          p="xs"
          style={{ borderRight: '1px solid var(--mantine-color-gray-3)' }}
        >
          <MessageList outlook={outlook} />
        </ScrollArea.Autosize>
        <ScrollArea.Autosize mah="calc(100vh - 220px)" p="md">
          <Reading outlook={outlook} phone={false} />
        </ScrollArea.Autosize>
      </Paper>
    </Stack>
  );
}
