import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';

import { GatewayError } from '../../api/client';
import { type ReminderAlert, type UserListEntry, useReminders, useUserList } from '../../api/console';
import { useReminderChanges } from '../../api/reminders';
import { formatAlertDate } from '../../lib/format';
import {
  confirm,
  CONFIRM_DELETE,
  CONFIRM_SAVE,
  noticeDeclined,
  noticeError,
  noticeSuccess,
} from '../notices/notices';
import { useSession } from '../session/session';

const schema = z.object({
  c_url: z.string().min(1, 'URL is needed'),
  c_title: z.string().trim().min(1, 'Title is needed').max(200, 'At most 200 characters'),
  c_detailed_action_plan: z.string().max(4000, 'At most 4000 characters'),
  d_scheduled_date_time: z.date({ error: 'Date is needed' }),
});
type Values = z.infer<typeof schema>;

/** The "Set Reminder" modal of SPEC §2: the list of alerts and the add/update form. */
export function ReminderModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const session = useSession();
  const reminders = useReminders();
  const users = useUserList();
  const { create, update, remove } = useReminderChanges();
  const [tab, setTab] = useState<string | null>('list');
  const [editing, setEditing] = useState<ReminderAlert | null>(null);
  const [recipients, setRecipients] = useState<UserListEntry[]>([]);
  const [pick, setPick] = useState<string | null>(null);
  const blank = (): Values => ({
    c_url: window.location.pathname + window.location.search,
    c_title: '',
    c_detailed_action_plan: '',
    d_scheduled_date_time: new Date(),
  });
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: blank() });
  const alerts = reminders.data ?? [];
  const serverError = (field: string) =>
    [create.error, update.error].find((e) => e instanceof GatewayError)?.fields[field];

  const reset = () => {
    setEditing(null);
    setRecipients([]);
    setPick(null);
    form.reset(blank());
  };

  const startEdit = (alert: ReminderAlert) => {
    setEditing(alert);
    setRecipients([]);
    form.reset({
      c_url: alert.c_url,
      c_title: alert.c_title,
      c_detailed_action_plan: alert.c_detailed_action_plan ?? '',
      d_scheduled_date_time: dayjs(alert.d_scheduled_date_time).toDate(),
    });
    setTab('add');
  };

  const payload = (values: Values) => ({
    c_title: values.c_title,
    c_url: values.c_url,
    c_detailed_action_plan: values.c_detailed_action_plan,
    d_scheduled_date_time: formatAlertDate(values.d_scheduled_date_time),
    n_user_id: session?.id ?? 0,
    forwarded_alert_ids: recipients.map((r) => r.id),
    selectedAlerts: recipients,
  });

  const save = form.handleSubmit(async (values) => {
    if (!(await confirm(CONFIRM_SAVE))) return noticeDeclined('Submitting Details');
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, payload: payload(values) });
        noticeSuccess('Updated Successfully');
      } else {
        await create.mutateAsync(payload(values));
        noticeSuccess('Submitted Successfully');
      }
      reset();
      setTab('list');
    } catch (error) {
      noticeError(error);
    }
  });

  const deleteEditing = async () => {
    if (!editing) return;
    if (!(await confirm(CONFIRM_DELETE))) return noticeDeclined('Submitting Details');
    try {
      await remove.mutateAsync(editing.id);
      noticeSuccess('Deleted Successfully');
      reset();
      setTab('list');
    } catch (error) {
      noticeError(error);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Set Reminder" size="xl">
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List>
          <Tabs.Tab value="list" rightSection={<Badge size="sm">{alerts.length}</Badge>}>
            List of Alerts
          </Tabs.Tab>
          <Tabs.Tab value="add">{editing ? 'Update Alert' : 'Add New Alert'}</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="list" pt="sm">
          {alerts.length === 0 ? (
            <Text c="dimmed">No alerts yet.</Text>
          ) : (
            <Table striped highlightOnHover data-testid="alert-list">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Page</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {alerts.map((alert) => (
                  <Table.Tr
                    key={`${alert.id}-${alert.n_user_id}`}
                    bg={alert.n_sent_status === 1 ? 'yellow.1' : undefined}
                    data-sent={alert.n_sent_status === 1 ? 'yes' : 'no'}
                  >
                    <Table.Td>{dayjs(alert.d_scheduled_date_time).format('YYYY-MM-DD')}</Table.Td>
                    <Table.Td>{alert.c_title}</Table.Td>
                    <Table.Td>{alert.c_url}</Table.Td>
                    <Table.Td>
                      {alert.n_owner_id === session?.id ? (
                        <Button size="xs" variant="subtle" onClick={() => startEdit(alert)}>
                          Edit
                        </Button>
                      ) : (
                        <Text size="xs" c="dimmed">
                          forwarded
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Tabs.Panel>

        <Tabs.Panel value="add" pt="sm">
          <form onSubmit={save} noValidate>
            <Stack gap="sm">
              <TextInput
                label="URL"
                readOnly
                title="URL is needed"
                {...form.register('c_url')}
                error={form.formState.errors.c_url?.message ?? serverError('c_url')}
              />
              <TextInput
                label="Title"
                title="Title is needed"
                {...form.register('c_title')}
                error={form.formState.errors.c_title?.message ?? serverError('c_title')}
              />
              <Textarea
                label="Detailed Action Plan"
                title="Detailed Action Plan is needed"
                autosize
                minRows={2}
                {...form.register('c_detailed_action_plan')}
                error={
                  form.formState.errors.c_detailed_action_plan?.message ??
                  serverError('c_detailed_action_plan')
                }
              />
              <Controller
                control={form.control}
                name="d_scheduled_date_time"
                render={({ field }) => (
                  <DatePickerInput
                    label="Date"
                    title="Date is needed"
                    valueFormat="YYYY-MM-DD"
                    minDate={new Date()}
                    value={field.value}
                    onChange={(value) => field.onChange(value ? dayjs(value).toDate() : null)}
                    error={
                      form.formState.errors.d_scheduled_date_time?.message ??
                      serverError('d_scheduled_date_time')
                    }
                  />
                )}
              />
              <Group align="end" gap="xs">
                <Select
                  label="Forward to"
                  placeholder="Pick a person"
                  searchable
                  data={(users.data ?? []).map((u) => ({
                    value: String(u.id),
                    label: `${u.name} (${u.email})`,
                  }))}
                  value={pick}
                  onChange={setPick}
                  style={{ flex: 1 }}
                  error={serverError('forwarded_alert_ids')}
                />
                <Button
                  variant="light"
                  disabled={!pick}
                  onClick={() => {
                    const user = users.data?.find((u) => String(u.id) === pick);
                    // SPEC §5: duplicates are not prevented.
                    if (user) setRecipients((list) => [...list, user]);
                    setPick(null);
                  }}
                >
                  Add
                </Button>
              </Group>
              {recipients.length > 0 ? (
                <Group gap="xs" data-testid="recipients">
                  {recipients.map((recipient, index) => (
                    <Badge
                      key={`${recipient.id}-${index}`}
                      variant="outline"
                      rightSection={
                        <ActionIcon
                          size="xs"
                          variant="transparent"
                          aria-label={`Remove ${recipient.name}`}
                          onClick={() => setRecipients((list) => list.filter((_, i) => i !== index))}
                        >
                          ×
                        </ActionIcon>
                      }
                    >
                      {recipient.name}
                    </Badge>
                  ))}
                </Group>
              ) : null}
              <Group justify="flex-end">
                {editing ? (
                  <>
                    <Button color="red" variant="light" onClick={deleteEditing} loading={remove.isPending}>
                      Delete
                    </Button>
                    <Button variant="default" onClick={reset}>
                      New alert
                    </Button>
                    <Button type="submit" loading={update.isPending}>
                      Update
                    </Button>
                  </>
                ) : (
                  <Button type="submit" loading={create.isPending}>
                    Save
                  </Button>
                )}
              </Group>
            </Stack>
          </form>
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
