import { Anchor, Badge, Button, Group, Menu, Modal, Stack, Table, Text } from '@mantine/core';
import { IconFileAlert } from '@tabler/icons-react';
import { type ComponentPropsWithoutRef, forwardRef, useState } from 'react';
import { Link } from 'react-router';

import { usePendingList } from '../../api/console';
import type { PendingDocument, PendingGroup } from '../../api/schema';
import { formatDocumentDate } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { pendingLink, waitingText } from './pending-text';

/**
 * One header button per register with documents waiting; each opens the "Pending Document List" modal: per
 * document its number (a link to it: the record's own form when the register gives a record link), and where the
 * register says them its title, due date (red and marked "Overdue" once passed) and how long it has waited; on a
 * phone as a list of blocks rather than a table.
 * Compact (a phone's header) shows one labelled button with the count of every register's documents, and the list
 * takes the whole screen, every register's documents one after another. When more registers wait than
 * MAX_HEADER_GROUPS, a wide header shows the same "To do N" button as a menu of registers (and "Everything"), so the
 * header never runs over the title.
 */
export const MAX_HEADER_GROUPS = 3;

type TodoButtonProps = { total: number; compact: boolean } & ComponentPropsWithoutRef<'button'>;

/** "To do N": every register's waiting documents behind one button (a menu target passes its props through). */
const TodoButton = forwardRef<HTMLButtonElement, TodoButtonProps>(function TodoButton(
  { total, compact, ...rest },
  ref,
) {
  const { t } = useTranslation();
  return (
    <Button
      ref={ref}
      size={compact ? 'compact-sm' : 'xs'}
      variant="light"
      color="orange"
      leftSection={<IconFileAlert size={16} />}
      aria-label={t('Pending documents: {{total}}', { total })}
      data-testid="pending-button"
      {...rest}
    >
      {t('To do {{total}}', { total })}
    </Button>
  );
});

export function PendingButtons({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const pending = usePendingList();
  const [open, setOpen] = useState<PendingGroup[] | null>(null);
  const groups = (pending.data ?? []).filter((group) => group.data.length > 0);
  const total = groups.reduce((sum, group) => sum + group.data.length, 0);
  const close = () => setOpen(null);
  return (
    <>
      {compact ? (
        // A phone's header has room for one labelled button: every register's documents in one list.
        groups.length > 0 ? (
          <TodoButton total={total} compact onClick={() => setOpen(groups)} />
        ) : null
      ) : groups.length > MAX_HEADER_GROUPS ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <TodoButton total={total} compact={false} />
          </Menu.Target>
          {/* A long list scrolls inside the menu: every register stays reachable on a short screen. */}
          <Menu.Dropdown mah="calc(100vh - 80px)" style={{ overflowY: 'auto' }}>
            {groups.map((group) => (
              <Menu.Item key={group.title} onClick={() => setOpen([group])} data-testid="pending-menu-item">
                {t(group.title)}: {group.data.length}
              </Menu.Item>
            ))}
            <Menu.Divider />
            <Menu.Item onClick={() => setOpen(groups)}>{t('Everything')}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ) : (
        groups.map((group) => (
          <Button
            key={group.title}
            size="xs"
            variant="light"
            color="orange"
            onClick={() => setOpen([group])}
            data-testid="pending-button"
          >
            {t(group.title)}: {group.data.length}
          </Button>
        ))
      )}
      <Modal
        opened={open !== null}
        onClose={close}
        title={t('Pending Document List')}
        size="xl"
        // On a phone the list takes the screen and scrolls to its last document.
        fullScreen={compact}
      >
        {open ? (
          <Stack gap="md">
            {open.map((group) => (
              <Stack key={group.title} gap={4} data-testid="pending-group">
                <Text size="sm" c="dimmed">
                  {t(group.title)}
                </Text>
                {compact ? (
                  <PendingCards group={group} onFollow={close} />
                ) : (
                  <PendingTable group={group} onFollow={close} />
                )}
              </Stack>
            ))}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('Done')}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}

/** Whether any document of the group has `key` (registers without a workflow send number and id only). */
function anyHas(group: PendingGroup, key: 'due' | 'days_waiting'): boolean {
  return group.data.some((document) => document[key] !== null && document[key] !== undefined);
}

/** The due date, red and marked "Overdue" once passed. */
export function DueDate({ document }: { document: PendingDocument }) {
  const { t } = useTranslation();
  if (!document.due) return null;
  const date = formatDocumentDate(document.due);
  if (!document.overdue) return <>{date}</>;
  return (
    <Group gap={4} wrap="nowrap" component="span">
      <Text span c="red" fw={600} size="sm">
        {date}
      </Text>
      <Badge color="red" variant="filled" size="xs" tt="none" style={{ flexShrink: 0 }}>
        {t('Overdue')}
      </Badge>
    </Group>
  );
}

/** The document's number, a link when it has one. */
function DocumentLink({
  group,
  document,
  onFollow,
}: {
  group: PendingGroup;
  document: PendingDocument;
  onFollow: () => void;
}) {
  const link = pendingLink(group, document);
  const number = document.c_doc_no ?? document.id;
  return link ? (
    <Anchor component={Link} to={link} onClick={onFollow} fw={500}>
      {number}
    </Anchor>
  ) : (
    <>{number}</>
  );
}

function PendingTable({ group, onFollow }: { group: PendingGroup; onFollow: () => void }) {
  const dues = anyHas(group, 'due');
  const waits = anyHas(group, 'days_waiting');
  const { t } = useTranslation();
  return (
    <Table striped verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('ID')}</Table.Th>
          <Table.Th>{t('Document No.')}</Table.Th>
          {dues ? <Table.Th>{t('Due')}</Table.Th> : null}
          {waits ? <Table.Th>{t('Waiting')}</Table.Th> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {group.data.map((document, index) => (
          <Table.Tr key={document.id} data-overdue={document.overdue ? 'true' : undefined}>
            <Table.Td>{index + 1}</Table.Td>
            <Table.Td>
              <DocumentLink group={group} document={document} onFollow={onFollow} />
              {document.title ? (
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {document.title}
                </Text>
              ) : null}
            </Table.Td>
            {dues ? (
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <DueDate document={document} />
              </Table.Td>
            ) : null}
            {waits ? (
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{waitingText(document.days_waiting)}</Table.Td>
            ) : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A phone's list: one block per document (number, title, due date and waiting time), nothing to scroll sideways. */
function PendingCards({ group, onFollow }: { group: PendingGroup; onFollow: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
      {group.data.map((document, index) => {
        const waiting = waitingText(document.days_waiting);
        return (
          <Stack
            key={document.id}
            component="li"
            gap={2}
            py="xs"
            style={{ borderTop: index > 0 ? '1px solid var(--mantine-color-gray-3)' : undefined }}
            data-overdue={document.overdue ? 'true' : undefined}
          >
            <Group gap={6} wrap="nowrap">
              <Text size="sm" c="dimmed" span>
                {index + 1}.
              </Text>
              <DocumentLink group={group} document={document} onFollow={onFollow} />
            </Group>
            {document.title ? (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {document.title}
              </Text>
            ) : null}
            {document.due ? (
              <Group gap={4} wrap="nowrap">
                <Text size="sm" c="dimmed" span>
                  {t('Due')}
                </Text>
                <DueDate document={document} />
              </Group>
            ) : null}
            {waiting ? (
              <Text size="sm" c="dimmed">
                {waiting}
              </Text>
            ) : null}
          </Stack>
        );
      })}
    </Stack>
  );
}
