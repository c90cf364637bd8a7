/**
 * The ITP's activities as a checklist on site: each marked Conforms, Does not conform (with what is wrong) or Not
 * applicable. Loaded when the ITP is chosen (the phone needs a connection then); the answers wait in the outbox
 * with the inspection and become its Checklist lines.
 */
import { Alert, Loader, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect } from 'react';
import { type Control, Controller, type FieldErrors, type UseFormSetValue, useWatch } from 'react-hook-form';

import { useItpChecklist } from '../../api/field';
import { useTranslation } from '../../lib/i18n';
import type { FieldChoices, FieldValues } from './field-form';

export interface ItpChecklistProps {
  control: Control<FieldValues>;
  setValue: UseFormSetValue<FieldValues>;
  /** The register of ITP activities, as the inspection's metadata names it. */
  activities: string;
  itp: string;
  errors: FieldErrors<FieldValues>['checks'];
  /** The findings and the remarks' length, from the checklist register's metadata. */
  choices: FieldChoices;
}

export function ItpChecklist({
  control,
  setValue,
  activities: register,
  itp,
  errors,
  choices,
}: ItpChecklistProps) {
  const { t } = useTranslation();
  const activities = useItpChecklist(register, itp);
  const checks = useWatch({ control, name: 'checks' });

  // A new ITP: a fresh checklist of its activities.
  useEffect(() => {
    const loaded = activities.data ?? [];
    setValue(
      'checks',
      loaded.map((activity) => ({ activity: Number(activity.id), found: '', remarks: '' })),
    );
  }, [activities.data, setValue]);

  if (itp === '') return null;
  if (activities.isPending) return <Loader size="sm" aria-label={t('Loading the checklist')} />;
  if (activities.isError) {
    return (
      <Alert color="yellow" role="status">
        {t(
          "The ITP's checklist could not be loaded (no connection?): the inspection can be saved without it.",
        )}
      </Alert>
    );
  }
  if (activities.data.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="itp-checklist">
      <Title order={2} size="h4">
        {t('Checklist ({{done}} of {{total}})', {
          done: checks.filter((check) => check.found !== '').length,
          total: activities.data.length,
        })}
      </Title>
      {activities.data.map((activity, index) => (
        <Paper key={activity.id} withBorder p="sm" radius="md">
          <Text fw={600}>
            {activity.n_sequence}. {activity.c_activity}
          </Text>
          {activity.c_acceptance ? (
            <Text size="sm" c="dimmed">
              {t('Acceptance: {{criteria}}', { criteria: activity.c_acceptance })}
            </Text>
          ) : null}
          <Controller
            control={control}
            name={`checks.${index}.found`}
            render={({ field }) => (
              <SegmentedControl
                mt="xs"
                fullWidth
                size="md"
                orientation="vertical"
                data={choices.findings.map((finding) => ({ value: finding, label: t(finding) }))}
                value={field.value}
                onChange={field.onChange}
                aria-label={t('How “{{activity}}” was found', { activity: activity.c_activity })}
              />
            )}
          />
          {errors?.[index]?.found?.message ? (
            <Text c="red" size="sm" role="alert">
              {errors[index]?.found?.message}
            </Text>
          ) : null}
          {checks[index]?.found === 'Does not conform' ? (
            <Controller
              control={control}
              name={`checks.${index}.remarks`}
              render={({ field }) => (
                <TextInput
                  mt="xs"
                  size="lg"
                  label={t('What does not conform')}
                  maxLength={choices.checkRemarksMax}
                  value={field.value}
                  onChange={field.onChange}
                  error={errors?.[index]?.remarks?.message}
                />
              )}
            />
          ) : null}
        </Paper>
      ))}
    </Stack>
  );
}
