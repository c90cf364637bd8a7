/**
 * /forms/layouts: the same inputs in the layouts the console's forms use: one column (a phone, a modal), a grid of
 * columns (the record form), sections (the record form's sections), and an inline filter bar (lists, dashboards).
 */
import { Button, Fieldset, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

import { parseDateText } from '../../lib/date-text';
import { LookupSelect } from '../screens';
import { CardGrid } from './card-grid';
import { DemoCard } from './demo-card';
import { useMetroSources } from './metro-lookups';

const STATES = ['Draft', 'Open (with engineer)', 'Closed'];

function DateBox({ label }: { label: string }) {
  return (
    <DateInput
      label={label}
      valueFormat="DD MMM, YYYY"
      placeholder="e.g. 05 Jan, 2026"
      dateParser={(text) => parseDateText(text)}
      clearable
    />
  );
}

export function FormLayoutsPage() {
  const sources = useMetroSources();
  const [pkg, setPkg] = useState('');
  const [filterPkg, setFilterPkg] = useState('');
  return (
    <Stack gap="md">
      <DemoCard
        title="Filter bar"
        note="Above lists and dashboards: inputs in a row on a wide screen, one under another on a phone."
      >
        <Group align="end" gap="sm" role="search" aria-label="Filter the sample list">
          <TextInput
            label="Search"
            placeholder="Number or title"
            leftSection={<IconSearch size={16} />}
            w={{ base: '100%', xs: 220 }}
          />
          <LookupSelect
            label="Package"
            source={sources.package}
            value={filterPkg}
            onChange={setFilterPkg}
            placeholder="All my packages"
            allowDeselect
            w={{ base: '100%', xs: 260 }}
          />
          <Select label="State" data={STATES} placeholder="Any" clearable w={{ base: '100%', xs: 200 }} />
          <Button variant="light">Apply</Button>
        </Group>
      </DemoCard>
      <CardGrid>
        <DemoCard title="One column" note="A modal’s form (Set Reminder) and every form on a phone.">
          <Stack gap="sm">
            <TextInput label="Title" placeholder="e.g. Pier P12 pour" />
            <DateBox label="Date" />
            <Textarea label="Detailed action plan" autosize minRows={2} />
            <Group justify="flex-end">
              <Button>Save</Button>
            </Group>
          </Stack>
        </DemoCard>
        <DemoCard
          title="Grid of columns"
          note="The record form: two columns from a tablet up, long texts across."
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="RFI number" placeholder="C1-V01-RFI-00012" />
            <LookupSelect label="Package" source={sources.package} value={pkg} onChange={setPkg} />
            <DateBox label="Inspection date" />
            <Select label="State" data={STATES} />
            <Textarea label="Work to inspect" autosize minRows={2} style={{ gridColumn: '1 / -1' }} />
          </SimpleGrid>
        </DemoCard>
      </CardGrid>
      <DemoCard
        title="Sections"
        note="A register’s form in sections, each shown in the states it belongs to."
      >
        <Stack gap="sm">
          <Fieldset legend="Raised by the contractor">
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
              <TextInput label="NCR number" placeholder="C1-V01-NCR-0007" />
              <DateBox label="Raised on" />
              <Select label="Severity" data={['Minor', 'Major', 'Critical']} />
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend="Verified by the engineer">
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
              <Select label="Disposition" data={['Rework', 'Repair', 'Use as is', 'Reject']} />
              <DateBox label="Closed on" />
              <TextInput label="Verified by" variant="filled" readOnly value="Arjun Mehta" />
            </SimpleGrid>
          </Fieldset>
        </Stack>
      </DemoCard>
    </Stack>
  );
}
