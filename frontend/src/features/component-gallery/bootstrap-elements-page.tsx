/**
 * /forms/bootstrap-form-elements: what the template drew with Bootstrap, as Mantine draws it in the console: input
 * sizes, sections inside inputs (icons, units, currency), the states a field can be in (read-only as the record form
 * shows it, disabled, with a hint, with an error), and groups of choices.
 */
import {
  Checkbox,
  ColorInput,
  FileInput,
  Group,
  NativeSelect,
  NumberInput,
  Radio,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAt, IconCurrencyRupee, IconMapPin, IconPaperclip, IconSearch } from '@tabler/icons-react';

import { CardGrid } from './card-grid';
import { DemoCard } from './demo-card';

const SIZES = ['xs', 'sm', 'md', 'lg'] as const;

export function BootstrapElementsPage() {
  return (
    <CardGrid>
      <DemoCard title="Sizes" note="Lists’ filters are small (xs); forms use the default (sm).">
        <Stack gap="xs">
          {SIZES.map((size) => (
            <TextInput
              key={size}
              size={size}
              aria-label={`Size ${size}`}
              placeholder={`Size ${size}: C1-V01`}
            />
          ))}
        </Stack>
      </DemoCard>
      <DemoCard
        title="Inside the input"
        note="Icons and units sit inside the box, as the date field’s calendar does."
      >
        <Stack gap="xs">
          <TextInput
            label="Search"
            leftSection={<IconSearch size={16} />}
            placeholder="Document number or title"
          />
          <TextInput label="E-mail" leftSection={<IconAt size={16} />} placeholder="name@metrorail.example" />
          <NumberInput
            label="Chainage"
            leftSection={<IconMapPin size={16} />}
            rightSection={<Text size="xs">km</Text>}
            decimalScale={3}
            defaultValue={9.25}
          />
          <NumberInput
            label="Contract value"
            leftSection={<IconCurrencyRupee size={16} />}
            thousandSeparator=","
            thousandsGroupStyle="lakh"
            decimalScale={2}
            fixedDecimalScale
            defaultValue={48532500000}
            description="Indian grouping: 4,85,32,50,000.00"
          />
        </Stack>
      </DemoCard>
      <DemoCard title="States" note="Read-only fields are filled, as in a record the user may not change.">
        <Stack gap="xs">
          <TextInput label="Read-only" variant="filled" readOnly value="C1-V01-RFI-00012" />
          <TextInput label="Disabled" disabled value="Closed records cannot change" />
          <TextInput
            label="With a hint"
            description="Capital letters, digits and hyphens"
            placeholder="C1-S04"
          />
          <TextInput
            label="With an error"
            defaultValue="C1 V01"
            error="Code must be capital letters, digits and hyphens"
          />
          <TextInput label="Required" required placeholder="Title" />
        </Stack>
      </DemoCard>
      <DemoCard title="Choices" note="Radio for one of few, checkboxes for several, a switch for Yes/No.">
        <Stack gap="sm">
          <Radio.Group label="Severity" defaultValue="Major">
            <Group mt={4} gap="md">
              {['Minor', 'Major', 'Critical'].map((value) => (
                <Radio key={value} value={value} label={value} />
              ))}
            </Group>
          </Radio.Group>
          <Checkbox.Group label="Disciplines" defaultValue={['Civil']}>
            <Group mt={4} gap="md">
              {['Civil', 'Track', 'Electrical', 'Signalling'].map((value) => (
                <Checkbox key={value} value={value} label={value} />
              ))}
            </Group>
          </Checkbox.Group>
          <Switch label="Interchange station" defaultChecked />
          <SegmentedControl data={['Day', 'Week', 'Month']} defaultValue="Week" aria-label="Period" />
          <NativeSelect label="Station type" data={['Elevated', 'Underground', 'At grade']} />
        </Stack>
      </DemoCard>
      <DemoCard
        title="Files and colours"
        note="A single file (an import’s sheet) and a corridor’s line colour."
      >
        <Stack gap="xs">
          <FileInput
            label="Sheet to import"
            placeholder="Choose an .xlsx or .csv file"
            accept=".xlsx,.csv"
            leftSection={<IconPaperclip size={16} />}
            clearable
          />
          <ColorInput
            label="Line colour"
            defaultValue="#1c7ed6"
            swatches={['#1c7ed6', '#2f9e44', '#f08c00', '#e03131']}
          />
        </Stack>
      </DemoCard>
    </CardGrid>
  );
}
