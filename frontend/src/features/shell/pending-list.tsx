import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';

import type { PendingDocument, PendingGroup } from '../../api/schema';
import { formatDocumentDate } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { pendingLink, waitingText } from './pending-text';

/**
 * The "Pending Document List" modal's content (loaded when the modal first opens: the table and the cards stay out
 * of the code every page waits for): per register its documents, as a table, or on a phone as a list of blocks.
 */
export function PendingList({
  groups,
  compact,
  onClose,
}: {
  groups: PendingGroup[];
  compact: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {groups.map((group) => (
        <Stack key={group.title} gap={4} data-testid="pending-group">
          <Text size="sm" c="dimmed">
            {t(group.title)}
          </Text>
          {compact ? (
            <PendingCards group={group} onFollow={onClose} />
          ) : (
            <PendingTable group={group} onFollow={onClose} />
          )}
        </Stack>
      ))}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('Done')}
        </Button>
      </Group>
    </Stack>
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
