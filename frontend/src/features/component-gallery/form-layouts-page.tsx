/**
 * /forms/layouts: the same inputs in the layouts the console's forms use: one column (a phone, a modal), a grid of
 * columns (the record form), sections (the record form's sections), and an inline filter bar (lists, dashboards).
 */
import { Button, Fieldset, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

import { parseDateText } from '../../lib/date-text';
import { useTranslation } from '../../lib/i18n';
import { LookupSelect } from '../screens';
import { CardGrid } from './card-grid';
import { DemoCard } from './demo-card';
import { useMetroSources } from './metro-lookups';

/** Choices in English: each is shown translated. */
const STATES = ['Draft', 'Open (with engineer)', 'Closed'];
const SEVERITIES = ['Minor', 'Major', 'Critical'];
const DISPOSITIONS = ['Rework', 'Repair', 'Use as is', 'Reject'];
/** Sample record numbers (data). */
const RFI_NUMBER = 'C1-V01-RFI-00012';
const NCR_NUMBER = 'C1-V01-NCR-0007';

/** A date input; `label` comes translated. */
function DateBox({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <DateInput
      label={label}
      valueFormat="DD MMM, YYYY"
      placeholder={t('e.g. 05 Jan, 2026')}
      dateParser={(text) => parseDateText(text)}
      clearable
    />
  );
}

export function FormLayoutsPage() {
  const { t } = useTranslation();
  const choices = (values: readonly string[]) => values.map((value) => ({ value, label: t(value) }));
  const sources = useMetroSources();
  const [pkg, setPkg] = useState('');
  const [filterPkg, setFilterPkg] = useState('');
  return (
    <Stack gap="md">
      <DemoCard
        title={t('Filter bar')}
        note={t(
          'Above lists and dashboards: inputs in a row on a wide screen, one under another on a phone.',
        )}
      >
        <Group align="end" gap="sm" role="search" aria-label={t('Filter the sample list')}>
          <TextInput
            label={t('Search')}
            placeholder={t('Number or title')}
            leftSection={<IconSearch size={16} />}
            w={{ base: '100%', xs: 220 }}
          />
          <LookupSelect
            label={t('Package')}
            source={sources.package}
            value={filterPkg}
            onChange={setFilterPkg}
            placeholder={t('All my packages')}
            allowDeselect
            w={{ base: '100%', xs: 260 }}
          />
          <Select
            label={t('State')}
            data={choices(STATES)}
            placeholder={t('Any')}
            clearable
            w={{ base: '100%', xs: 200 }}
          />
          <Button variant="light">{t('Apply')}</Button>
        </Group>
      </DemoCard>
      <CardGrid>
        <DemoCard
          title={t('One column')}
          note={t('A modal’s form (Set Reminder) and every form on a phone.')}
        >
          <Stack gap="sm">
            <TextInput label={t('Title')} placeholder={t('e.g. Pier P12 pour')} />
            <DateBox label={t('Date')} />
            <Textarea label={t('Detailed action plan')} autosize minRows={2} />
            <Group justify="flex-end">
              <Button>{t('Save')}</Button>
            </Group>
          </Stack>
        </DemoCard>
        <DemoCard
          title={t('Grid of columns')}
          note={t('The record form: two columns from a tablet up, long texts across.')}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('RFI number')} placeholder={RFI_NUMBER} />
            <LookupSelect label={t('Package')} source={sources.package} value={pkg} onChange={setPkg} />
            <DateBox label={t('Inspection date')} />
            <Select label={t('State')} data={choices(STATES)} />
            <Textarea label={t('Work to inspect')} autosize minRows={2} style={{ gridColumn: '1 / -1' }} />
          </SimpleGrid>
        </DemoCard>
      </CardGrid>
      <DemoCard
        title={t('Sections')}
        note={t('A register’s form in sections, each shown in the states it belongs to.')}
      >
        <Stack gap="sm">
          <Fieldset legend={t('Raised by the contractor')}>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
              <TextInput label={t('NCR number')} placeholder={NCR_NUMBER} />
              <DateBox label={t('Raised on')} />
              <Select label={t('Severity')} data={choices(SEVERITIES)} />
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend={t('Verified by the engineer')}>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
              <Select label={t('Disposition')} data={choices(DISPOSITIONS)} />
              <DateBox label={t('Closed on')} />
              <TextInput label={t('Verified by')} variant="filled" readOnly value="Arjun Mehta" />
            </SimpleGrid>
          </Fieldset>
        </Stack>
      </DemoCard>
    </Stack>
  );
}
