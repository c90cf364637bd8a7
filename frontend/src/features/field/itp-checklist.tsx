/**
 * The ITP's activities as a checklist on site: each marked with one of the checklist register's findings, and
 * explained where the register's rules ask for it (an item that does not conform). The items are the lines the
 * registry's `prefill` starts from: loaded when the ITP is chosen (the phone needs a connection then); the answers
 * wait in the outbox with the inspection and become its Checklist lines.
 */
import { Alert, Loader, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect } from 'react';
import { type Control, Controller, type FieldErrors, type UseFormSetValue, useWatch } from 'react-hook-form';

import { usePrefillRows } from '../../api/prefill';
import type { PrefillMeta } from '../../api/schema';
import { useTranslation } from '../../lib/i18n';
import { type FieldChoices, type FieldValues, needsRemarks, remarksLabel } from './field-form';

export interface ItpChecklistProps {
  control: Control<FieldValues>;
  setValue: UseFormSetValue<FieldValues>;
  /** Where the lines start from, as the inspection's metadata says (the chosen ITP's activities). */
  prefill: PrefillMeta;
  /** The chosen ITP's key ('' before one is chosen). */
  chosen: string;
  errors: FieldErrors<FieldValues>['checks'];
  /** The findings and the remarks' length, from the checklist register's metadata. */
  choices: FieldChoices;
}

export function ItpChecklist({ control, setValue, prefill, chosen, errors, choices }: ItpChecklistProps) {
  const { t } = useTranslation();
  const activities = usePrefillRows(prefill, chosen);
  const checks = useWatch({ control, name: 'checks' });

  // A new ITP: a fresh checklist of its activities.
  useEffect(() => {
    const loaded = activities.data ?? [];
    setValue(
      'checks',
      loaded.map((activity) => ({ activity: Number(activity.id), found: '', remarks: '' })),
    );
  }, [activities.data, setValue]);

  if (chosen === '') return null;
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
            {index + 1}. {activity.name}
          </Text>
          {activity.shown.map((shown) => (
            <Text key={shown.label} size="sm" c="dimmed">
              {t('{{label}}: {{value}}', { label: t(shown.label), value: shown.value })}
            </Text>
          ))}
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
                aria-label={t('How “{{activity}}” was found', { activity: activity.name })}
              />
            )}
          />
          {errors?.[index]?.found?.message ? (
            <Text c="red" size="sm" role="alert">
              {errors[index]?.found?.message}
            </Text>
          ) : null}
          {checks[index] && needsRemarks(choices, checks[index]) ? (
            <Controller
              control={control}
              name={`checks.${index}.remarks`}
              render={({ field }) => (
                <TextInput
                  mt="xs"
                  size="lg"
                  label={t(remarksLabel(choices))}
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
