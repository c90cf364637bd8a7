/** The "List of Alerts" tab: the user's alerts, sent ones highlighted (docs/console.md §3); own ones editable. */
import { Button, Table, Text } from '@mantine/core';
import dayjs from 'dayjs';

import { useTranslation } from '../../lib/i18n';

import type { ReminderForm } from './use-reminder-form';

export function AlertList({ reminder }: { reminder: ReminderForm }) {
  const { t } = useTranslation();
  if (reminder.alerts.length === 0) return <Text c="dimmed">{t('No alerts yet.')}</Text>;
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table striped highlightOnHover data-testid="alert-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Date')}</Table.Th>
            <Table.Th>{t('Title')}</Table.Th>
            <Table.Th>{t('Page')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {reminder.alerts.map((alert) => (
            <Table.Tr
              key={`${alert.id}-${alert.n_user_id}`}
              bg={alert.n_sent_status === 1 ? 'yellow.1' : undefined}
              data-sent={alert.n_sent_status === 1 ? 'yes' : 'no'}
            >
              <Table.Td>{dayjs(alert.d_scheduled_date_time).format('YYYY-MM-DD')}</Table.Td>
              <Table.Td>{alert.c_title}</Table.Td>
              <Table.Td>{alert.c_url}</Table.Td>
              <Table.Td>
                {alert.n_owner_id === reminder.userId ? (
                  <Button size="xs" variant="subtle" onClick={() => reminder.startEdit(alert)}>
                    {t('Edit')}
                  </Button>
                ) : (
                  <Text size="xs" c="dimmed">
                    {t('forwarded')}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
