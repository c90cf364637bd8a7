/**
 * A new calendar event: it becomes a reminder of the user's (docs/console.md §3 "Calendar event", §5 limits), mailed
 * at its time and listed under the header's bell. Full screen on a phone.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';

import { todayInIndia } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { useMobileView } from '../../lib/use-mobile-view';
import { errorMessage } from '../notices';
import { EVENT_TEXT_MAX, eventSchema, type EventValues } from './calendar-events';

export interface EventFormProps {
  /** The day chosen on the calendar (`YYYY-MM-DD`), with a time when a week's slot was chosen. */
  start: { date: string; time: string } | null;
  saving: boolean;
  error: unknown;
  onSave: (values: EventValues) => void;
  onClose: () => void;
}

export function EventForm({ start, saving, error, onSave, onClose }: EventFormProps) {
  const { t } = useTranslation();
  const phone = useMobileView();
  const today = todayInIndia();
  const form = useForm<EventValues>({
    resolver: zodResolver(eventSchema(today)),
    values: { title: '', description: '', date: start?.date ?? today, time: start?.time ?? '' },
  });
  const { errors } = form.formState;
  const fields = {
    title: form.register('title'),
    description: form.register('description'),
    date: form.register('date'),
    time: form.register('time'),
  };
  return (
    <Modal opened={start !== null} onClose={onClose} title={t('New event')} fullScreen={phone} size="md">
      <form onSubmit={form.handleSubmit(onSave)} noValidate>
        <Stack>
          <TextInput
            label={t('Title')}
            required
            maxLength={EVENT_TEXT_MAX}
            description={t('At most {{max}} characters', { max: EVENT_TEXT_MAX })}
            error={errors.title?.message}
            data-autofocus
            {...fields.title}
          />
          <TextInput
            label={t('Description')}
            required
            maxLength={EVENT_TEXT_MAX}
            description={t('What is to be done')}
            error={errors.description?.message}
            {...fields.description}
          />
          <Group grow align="flex-start">
            <TextInput
              type="date"
              label={t('Date')}
              required
              min={today}
              error={errors.date?.message}
              {...fields.date}
            />
            <TextInput
              type="time"
              label={t('Time')}
              description={t('Blank: the reminder hour')}
              error={errors.time?.message}
              {...fields.time}
            />
          </Group>
          {error ? (
            <Alert color="red" role="alert">
              {errorMessage(error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('Cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('Save event')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
