/** The "Add New Alert" / "Update Alert" tab (docs/console.md §5: tooltips say what is needed). */
import { ActionIcon, Badge, Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { Controller } from 'react-hook-form';

import type { ReminderForm } from './use-reminder-form';

export function AlertForm({ reminder }: { reminder: ReminderForm }) {
  const { form, serverError } = reminder;
  const { errors } = form.formState;
  return (
    <form onSubmit={(event) => void reminder.save(event)} noValidate>
      <Stack gap="sm">
        <TextInput
          label="URL"
          readOnly
          title="URL is needed"
          {...form.register('c_url')}
          error={errors.c_url?.message ?? serverError('c_url')}
        />
        <TextInput
          label="Title"
          title="Title is needed"
          {...form.register('c_title')}
          error={errors.c_title?.message ?? serverError('c_title')}
        />
        <Textarea
          label="Detailed Action Plan"
          title="Detailed Action Plan is needed"
          autosize
          minRows={2}
          {...form.register('c_detailed_action_plan')}
          error={errors.c_detailed_action_plan?.message ?? serverError('c_detailed_action_plan')}
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
              error={errors.d_scheduled_date_time?.message ?? serverError('d_scheduled_date_time')}
            />
          )}
        />
        <Group align="end" gap="xs">
          <Select
            label="Forward to"
            placeholder="Pick a person"
            searchable
            data={reminder.people}
            value={reminder.pick}
            onChange={reminder.setPick}
            style={{ flex: 1 }}
            error={serverError('forwarded_alert_ids')}
          />
          <Button variant="light" disabled={!reminder.pick} onClick={reminder.addRecipient}>
            Add
          </Button>
        </Group>
        {reminder.recipients.length > 0 ? (
          <Group gap="xs" data-testid="recipients">
            {reminder.recipients.map((recipient, index) => (
              <Badge
                key={`${recipient.id}-${index}`}
                variant="outline"
                rightSection={
                  <ActionIcon
                    size="xs"
                    variant="transparent"
                    aria-label={`Remove ${recipient.name}`}
                    onClick={() => reminder.removeRecipient(index)}
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
          {reminder.editing ? (
            <>
              <Button
                color="red"
                variant="light"
                onClick={() => void reminder.deleteEditing()}
                loading={reminder.deleting}
              >
                Delete
              </Button>
              <Button variant="default" onClick={reminder.reset}>
                New alert
              </Button>
              <Button type="submit" loading={reminder.saving}>
                Update
              </Button>
            </>
          ) : (
            <Button type="submit" loading={reminder.saving}>
              Save
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
