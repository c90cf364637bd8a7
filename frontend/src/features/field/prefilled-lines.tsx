/**
 * The ITP's activities as a checklist on site: each item asks the checklist register's columns (a choice as large
 * buttons, text where the register requires it or its rules ask for it: an item that does not conform says what). The items are the lines the
 * registry's `prefill` starts from: loaded when the ITP is chosen (the phone needs a connection then); the answers
 * wait in the outbox with the inspection and become its Checklist lines.
 */
import { Alert, Loader, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect } from 'react';
import { type Control, Controller, type FieldErrors, type UseFormSetValue, useWatch } from 'react-hook-form';

import { usePrefillRows } from '../../api/prefill';
import type { PrefillMeta } from '../../api/schema';
import { useTranslation } from '../../lib/i18n';
import { asksFor, type FieldChoices, type FieldValues, isMarked, newCheck } from './field-form';

export interface PrefilledLinesProps {
  control: Control<FieldValues>;
  setValue: UseFormSetValue<FieldValues>;
  /** Where the lines start from, as the record's metadata says (the chosen ITP's activities). */
  prefill: PrefillMeta;
  /** The lines' title ("Checklist"). */
  title: string;
  /** The chosen record's key ('' before one is chosen). */
  chosen: string;
  errors: FieldErrors<FieldValues>['checks'];
  /** What each item asks and the rules it follows, from the checklist register's metadata. */
  choices: FieldChoices;
}

export function PrefilledLines({
  control,
  setValue,
  prefill,
  title,
  chosen,
  errors,
  choices,
}: PrefilledLinesProps) {
  const { t } = useTranslation();
  const activities = usePrefillRows(prefill, chosen);
  const checks = useWatch({ control, name: 'checks' });

  // A new ITP: a fresh checklist of its activities.
  useEffect(() => {
    const loaded = activities.data ?? [];
    setValue(
      'checks',
      loaded.map((activity) => newCheck(choices, activity.id)),
    );
  }, [activities.data, setValue, choices]);

  if (chosen === '') return null;
  if (activities.isPending)
    return <Loader size="sm" aria-label={t('Loading the {{title}}', { title: t(title).toLowerCase() })} />;
  if (activities.isError) {
    return (
      <Alert color="yellow" role="status">
        {t('The {{title}} could not be loaded (no connection?): the record can be saved without it.', {
          title: t(title).toLowerCase(),
        })}
      </Alert>
    );
  }
  if (activities.data.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="itp-checklist">
      <Title order={2} size="h4">
        {t('{{title}} ({{done}} of {{total}})', {
          title: t(title),
          done: checks.filter((check) => isMarked(choices, check)).length,
          total: activities.data.length,
        })}
      </Title>
      {activities.data.map((activity, index) => (
        <Paper key={activity.id} withBorder p="sm" radius="md">
          <Text fw={600}>
            {index + 1}. {activity.name}
          </Text>
          {activity.shown.map((shown) => (
            <Text key={shown.label} size="sm" c="dimmed">
              {t('{{label}}: {{value}}', { label: t(shown.label), value: shown.value })}
            </Text>
          ))}
          {choices.checkInputs.map((input) => {
            const check = checks[index];
            if (!check || !asksFor(choices, check, input)) return null;
            const error = errors?.[index]?.fields?.[input.name]?.message;
            return (
              <Controller
                key={input.name}
                control={control}
                name={`checks.${index}.fields.${input.name}`}
                render={({ field }) =>
                  input.enum && input.enum.length > 0 ? (
                    <Stack gap={2} mt="xs">
                      <SegmentedControl
                        fullWidth
                        size="md"
                        orientation="vertical"
                        data={input.enum.map((choice) => ({ value: choice, label: t(choice) }))}
                        value={field.value ?? ''}
                        onChange={field.onChange}
                        aria-label={t('{{label}}: {{value}}', {
                          label: t(input.label),
                          value: activity.name,
                        })}
                      />
                      {error ? (
                        <Text c="red" size="sm" role="alert">
                          {error}
                        </Text>
                      ) : null}
                    </Stack>
                  ) : (
                    <TextInput
                      mt="xs"
                      size="lg"
                      label={t(input.label)}
                      maxLength={input.max_length ?? undefined}
                      value={field.value ?? ''}
                      onChange={field.onChange}
                      error={error}
                    />
                  )
                }
              />
            );
          })}
        </Paper>
      ))}
    </Stack>
  );
}
