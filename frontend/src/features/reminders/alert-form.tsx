/** The "Add New Alert" / "Update Alert" tab (docs/console.md §5: tooltips say what is needed). */
import { ActionIcon, Badge, Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { Controller } from 'react-hook-form';

import { useTranslation } from '../../lib/i18n';

import type { ReminderForm } from './use-reminder-form';

export function AlertForm({ reminder }: { reminder: ReminderForm }) {
  const { t } = useTranslation();
  const { form, serverError } = reminder;
  const { errors } = form.formState;
  const fields = {
    url: form.register('c_url'),
    title: form.register('c_title'),
    plan: form.register('c_detailed_action_plan'),
  };
  const gateway = {
    url: serverError('c_url'),
    title: serverError('c_title'),
    plan: serverError('c_detailed_action_plan'),
    date: serverError('d_scheduled_date_time'),
    recipients: serverError('forwarded_alert_ids'),
  };
  return (
    <form onSubmit={(event) => void reminder.save(event)} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('URL')}
          readOnly
          title={t('URL is needed')}
          {...fields.url}
          error={errors.c_url?.message ?? gateway.url}
        />
        <TextInput
          label={t('Title')}
          title={t('Title is needed')}
          {...fields.title}
          error={errors.c_title?.message ?? gateway.title}
        />
        <Textarea
          label={t('Detailed Action Plan')}
          title={t('Detailed Action Plan is needed')}
          autosize
          minRows={2}
          {...fields.plan}
          error={errors.c_detailed_action_plan?.message ?? gateway.plan}
        />
        <Controller
          control={form.control}
          name="d_scheduled_date_time"
          render={({ field }) => (
            <DatePickerInput
              label={t('Date')}
              title={t('Date is needed')}
              valueFormat="YYYY-MM-DD"
              minDate={new Date()}
              value={field.value}
              onChange={(value) => field.onChange(value ? dayjs(value).toDate() : null)}
              error={errors.d_scheduled_date_time?.message ?? gateway.date}
            />
          )}
        />
        <Group align="end" gap="xs">
          <Select
            label={t('Forward to')}
            placeholder={t('Pick a person')}
            searchable
            data={reminder.people}
            value={reminder.pick}
            onChange={reminder.setPick}
            style={{ flex: 1 }}
            error={gateway.recipients}
          />
          <Button variant="light" disabled={!reminder.pick} onClick={reminder.addRecipient}>
            {t('Add')}
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
                    aria-label={t('Remove {{name}}', { name: recipient.name })}
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
                {t('Delete')}
              </Button>
              <Button variant="default" onClick={reminder.reset}>
                {t('New alert')}
              </Button>
              <Button type="submit" loading={reminder.saving}>
                {t('Update')}
              </Button>
            </>
          ) : (
            <Button type="submit" loading={reminder.saving}>
              {t('Save')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
