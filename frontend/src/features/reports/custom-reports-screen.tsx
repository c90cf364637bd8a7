/**
 * Reports > Custom Reports (`/reports/customreports`): a report builder for people, not a SQL box. Choose a
 * register, its columns (or group by columns with counts, sums and averages), a filter in the registers' filter
 * language and an order; run it; save it, share it with colleagues and have it mailed daily, weekly or monthly;
 * export it as CSV, Excel or PDF. Everyone reads a report with their own packages and columns. State lives in
 * `useCustomReports`.
 */
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray } from 'react-hook-form';

import { useUserChoices } from '../../api/admin';
import type { Screen } from '../../api/schema';
import { useTranslation } from '../../lib/i18n';
import { errorMessage, LoadError } from '../notices';
import { ExportButtons } from '../screens';
import { ConditionPicker } from './condition-picker';
import { REPORT_LIMITS, withCondition } from './custom-report-form';
import { ReportPreview } from './report-preview';
import { type CustomReports, useCustomReports } from './use-custom-reports';

export function CustomReportsScreen({ screen }: { screen: Screen }) {
  const { t } = useTranslation();
  const reports = useCustomReports();
  if (reports.loading) return <Skeleton h={160} aria-label={t('Loading the report builder')} />;
  if (reports.loadError) {
    return (
      <LoadError
        title={t('The report builder could not be loaded')}
        error={reports.loadError}
        retry={reports.retry}
      />
    );
  }
  return (
    <Stack gap="md" data-testid="custom-reports">
      <Group justify="space-between" align="end" gap="sm">
        <Stack gap={0}>
          <Title order={2}>{t(screen.title)}</Title>
          <Text size="sm" c="dimmed">
            {t('Build a report from any register you read; everyone reads it with their own packages.')}
          </Text>
        </Stack>
        <SavedPicker reports={reports} />
      </Group>
      <Builder reports={reports} />
      <ReportPreview reports={reports} />
    </Stack>
  );
}

function SavedPicker({ reports }: { reports: CustomReports }) {
  const { t } = useTranslation();
  const mine = reports.saved.filter((r) => r.mine);
  const shared = reports.saved.filter((r) => !r.mine);
  const option = (r: (typeof reports.saved)[number]) => ({
    value: String(r.id),
    label: r.mine ? r.title : `${r.title} (${r.owner_name})`,
  });
  return (
    <Group gap="xs" align="end" wrap="wrap">
      <Select
        label={t('Saved reports')}
        placeholder={reports.saved.length ? t('Open a report') : t('None saved yet')}
        data={[
          { group: t('My reports'), items: mine.map(option) },
          { group: t('Shared with me'), items: shared.map(option) },
        ].filter((group) => group.items.length > 0)}
        value={reports.open ? String(reports.open.id) : null}
        onChange={(value) => reports.show(value ? Number(value) : null)}
        searchable
        clearable
        w={{ base: '100%', sm: 320 }}
        data-testid="custom-report-open"
      />
      <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => reports.show(null)}>
        {t('New report')}
      </Button>
    </Group>
  );
}

function Builder({ reports }: { reports: CustomReports }) {
  const { t } = useTranslation();
  const { form, register, values } = reports;
  const { control, formState } = form;
  const errors = formState.errors;
  const columnChoices = (register?.columns ?? []).map((c) => ({ value: c.name, label: c.label }));
  const summable = (register?.columns ?? [])
    .filter((c) => c.summable)
    .map((c) => ({ value: c.name, label: c.label }));
  const owner = reports.open && !reports.open.mine ? reports.open.owner_name : null;

  /** Another register: the choices of the last one mean nothing there. */
  const chooseRegister = (entry: string | null) => {
    form.setValue('entry', entry ?? '', { shouldValidate: formState.isSubmitted, shouldDirty: true });
    for (const field of ['columns', 'groupBy', 'measures', 'sort'] as const) form.setValue(field, []);
  };

  return (
    <Paper withBorder p="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void reports.runPreview();
        }}
        noValidate
      >
        <Stack gap="sm">
          {owner ? (
            <Alert color="blue" data-testid="custom-report-shared">
              {t(
                'Shared with you by {{owner}}. You read it with your own packages; save a copy to change it.',
                {
                  owner,
                },
              )}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Controller
              control={control}
              name="title"
              render={({ field }) => (
                <TextInput
                  {...field}
                  label={t('Title')}
                  required
                  maxLength={REPORT_LIMITS.title}
                  error={errors.title?.message}
                  data-testid="custom-report-title"
                />
              )}
            />
            <Select
              label={t('Register')}
              required
              searchable
              placeholder={t('Choose a register')}
              data={reports.registers.map((r) => ({ value: r.entry, label: r.title }))}
              value={values.entry || null}
              onChange={chooseRegister}
              error={errors.entry?.message}
              nothingFoundMessage={t('No register of that name that you read')}
              data-testid="custom-report-register"
            />
          </SimpleGrid>
          <Controller
            control={control}
            name="mode"
            render={({ field }) => (
              <SegmentedControl
                value={field.value}
                onChange={(value) => {
                  field.onChange(value);
                  form.setValue('sort', []);
                }}
                data={[
                  { value: 'list', label: t('List of records') },
                  { value: 'grouped', label: t('Grouped with totals') },
                ]}
                w={{ base: '100%', sm: 'auto' }}
                aria-label={t('Kind of report')}
                data-testid="custom-report-mode"
              />
            )}
          />
          {values.mode === 'grouped' ? (
            <>
              <Controller
                control={control}
                name="groupBy"
                render={({ field }) => (
                  <MultiSelect
                    label={t('Group by')}
                    description={t('One row per combination of these; look-ups by their names')}
                    data={columnChoices}
                    value={field.value}
                    onChange={field.onChange}
                    maxValues={REPORT_LIMITS.groups}
                    searchable
                    disabled={!register}
                    error={errors.groupBy?.message}
                    data-testid="custom-report-group"
                  />
                )}
              />
              <Measures reports={reports} summable={summable} />
            </>
          ) : (
            <Controller
              control={control}
              name="columns"
              render={({ field }) => (
                <MultiSelect
                  label={t('Columns')}
                  description={t('In the order chosen')}
                  data={columnChoices}
                  value={field.value}
                  onChange={field.onChange}
                  maxValues={REPORT_LIMITS.columns}
                  searchable
                  disabled={!register}
                  error={errors.columns?.message}
                  data-testid="custom-report-columns"
                />
              )}
            />
          )}
          <Controller
            control={control}
            name="filter"
            render={({ field }) => (
              <Textarea
                {...field}
                label={t('Filter')}
                description={
                  register
                    ? t(
                        "Add conditions below, or write them with the column names of {{register}} (c_state = 'Open' AND d_date >= '2026-04-01'); empty: every row",
                        { register: register.title },
                      )
                    : t('Choose a register first')
                }
                autosize
                minRows={1}
                maxRows={4}
                maxLength={REPORT_LIMITS.filter}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                error={errors.filter?.message}
                data-testid="custom-report-filter"
              />
            )}
          />
          <ConditionPicker
            register={register}
            onAdd={(text) =>
              form.setValue('filter', withCondition(form.getValues('filter'), text), { shouldDirty: true })
            }
          />
          <Sort reports={reports} />
          <Sharing reports={reports} disabled={owner !== null} />
          <Group justify="space-between" gap="xs">
            <Group gap="xs">
              <Button
                type="submit"
                leftSection={<IconPlayerPlay size={16} />}
                loading={reports.preview.running}
                data-testid="custom-report-run"
              >
                {t('Run')}
              </Button>
              <Button
                variant="light"
                onClick={() => reports.saveReport(false)}
                loading={reports.saving}
                data-testid="custom-report-save"
              >
                {owner ? t('Save a copy') : reports.open ? t('Save changes') : t('Save')}
              </Button>
              {reports.open && reports.open.mine ? (
                <>
                  <Button variant="subtle" onClick={() => reports.saveReport(true)} disabled={reports.saving}>
                    {t('Save as new')}
                  </Button>
                  <Button
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={16} />}
                    onClick={() => void reports.deleteReport()}
                    loading={reports.deleting}
                    data-testid="custom-report-delete"
                  >
                    {t('Delete')}
                  </Button>
                </>
              ) : null}
            </Group>
            <Group gap="xs">
              <ExportButtons
                pdf
                onExport={reports.exportReport}
                exporting={reports.exporting}
                testId="custom-report"
              />
            </Group>
          </Group>
          {reports.preview.error ? (
            <Alert color="red" title={t('The report could not be run')} data-testid="custom-report-error">
              {errorMessage(reports.preview.error)}
            </Alert>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}

function Measures({
  reports,
  summable,
}: {
  reports: CustomReports;
  summable: { value: string; label: string }[];
}) {
  const { control, formState } = reports.form;
  const { t } = useTranslation();
  const measures = useFieldArray({ control, name: 'measures' });
  const errors = formState.errors.measures;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('Measures')}
      </Text>
      {measures.fields.map((item, index) => (
        <Group key={item.id} gap="xs" align="start" wrap="nowrap">
          <Controller
            control={control}
            name={`measures.${index}.aggregate`}
            render={({ field }) => (
              <Select
                aria-label={t('Measure {{n}}', { n: index + 1 })}
                data={[
                  { value: 'count', label: t('Count') },
                  { value: 'sum', label: t('Sum of') },
                  { value: 'average', label: t('Average of') },
                ]}
                value={field.value}
                onChange={(value) => field.onChange(value ?? 'count')}
                allowDeselect={false}
                w={{ base: 118, sm: 150 }}
                data-testid={`custom-report-measure-${index}`}
              />
            )}
          />
          <Controller
            control={control}
            name={`measures.${index}.column`}
            render={({ field }) =>
              reports.values.measures?.[index]?.aggregate === 'count' ? (
                <Text size="sm" c="dimmed" pt={6}>
                  {t('rows in each group')}
                </Text>
              ) : (
                <Select
                  aria-label={t('Number column of measure {{n}}', { n: index + 1 })}
                  placeholder={summable.length ? t('Number column') : t('No number column to add up')}
                  data={summable}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  error={errors?.[index]?.column?.message}
                  style={{ flex: 1 }}
                  data-testid={`custom-report-measure-column-${index}`}
                />
              )
            }
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={() => measures.remove(index)}
            aria-label={t('Remove measure {{n}}', { n: index + 1 })}
            mt={4}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {errors?.message || errors?.root?.message ? (
        <Text size="xs" c="red">
          {errors.message ?? errors.root?.message}
        </Text>
      ) : null}
      <Button
        variant="subtle"
        size="xs"
        leftSection={<IconPlus size={14} />}
        onClick={() => measures.append({ aggregate: 'count', column: '' })}
        disabled={measures.fields.length >= REPORT_LIMITS.measures}
        style={{ alignSelf: 'start' }}
        data-testid="custom-report-add-measure"
      >
        {t('Add a measure')}
      </Button>
    </Stack>
  );
}

function Sort({ reports }: { reports: CustomReports }) {
  const { control } = reports.form;
  const { t } = useTranslation();
  const sort = useFieldArray({ control, name: 'sort' });
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('Sort')}
      </Text>
      {sort.fields.map((item, index) => (
        <Group key={item.id} gap="xs" wrap="wrap">
          <Controller
            control={control}
            name={`sort.${index}.key`}
            render={({ field, fieldState }) => (
              <Select
                aria-label={t('Sort by {{n}}', { n: index + 1 })}
                data={reports.sortChoices}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                error={fieldState.error?.message}
                style={{ flex: '1 1 220px' }}
                data-testid={`custom-report-sort-${index}`}
              />
            )}
          />
          <Controller
            control={control}
            name={`sort.${index}.descending`}
            render={({ field }) => (
              <SegmentedControl
                size="xs"
                value={field.value ? 'desc' : 'asc'}
                onChange={(value) => field.onChange(value === 'desc')}
                data={[
                  { value: 'asc', label: t('Ascending') },
                  { value: 'desc', label: t('Descending') },
                ]}
                aria-label={t('Direction of sort {{n}}', { n: index + 1 })}
              />
            )}
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={() => sort.remove(index)}
            aria-label={t('Remove sort {{n}}', { n: index + 1 })}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="subtle"
        size="xs"
        leftSection={<IconPlus size={14} />}
        onClick={() => sort.append({ key: '', descending: false })}
        disabled={sort.fields.length >= REPORT_LIMITS.sort || reports.sortChoices.length === 0}
        style={{ alignSelf: 'start' }}
        data-testid="custom-report-add-sort"
      >
        {t('Add a sort key')}
      </Button>
    </Stack>
  );
}

function Sharing({ reports, disabled }: { reports: CustomReports; disabled: boolean }) {
  const { t } = useTranslation();
  const users = useUserChoices();
  const { control, formState } = reports.form;
  const people = (users.data ?? []).map((user) => ({
    value: String(user.id),
    label: user.name ?? String(user.id),
  }));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Controller
        control={control}
        name="sharedWith"
        render={({ field }) => (
          <MultiSelect
            label={t('Share with')}
            description={t('They open and export it with their own packages')}
            data={people}
            value={field.value}
            onChange={field.onChange}
            searchable
            disabled={disabled}
            error={formState.errors.sharedWith?.message}
            nothingFoundMessage={t('Nobody of that name')}
            data-testid="custom-report-share"
          />
        )}
      />
      <Controller
        control={control}
        name="schedule"
        render={({ field }) => (
          <Select
            label={t('Mail it to everyone on it')}
            description={t('As an Excel workbook, from the digest hour')}
            data={[
              { value: '', label: t('Not mailed') },
              { value: 'daily', label: t('Every day') },
              { value: 'weekly', label: t('Every week') },
              { value: 'monthly', label: t('Every month') },
            ]}
            value={field.value}
            onChange={(value) => field.onChange(value ?? '')}
            allowDeselect={false}
            disabled={disabled}
            data-testid="custom-report-schedule"
          />
        )}
      />
    </SimpleGrid>
  );
}
