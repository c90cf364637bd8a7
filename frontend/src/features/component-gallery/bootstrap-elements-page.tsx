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

import { useTranslation } from '../../lib/i18n';
import { CardGrid } from './card-grid';
import { DemoCard } from './demo-card';

const SIZES = ['xs', 'sm', 'md', 'lg'] as const;
/** Sample values (data, the same in every language). */
const SAMPLE_EMAIL = 'name@metrorail.example';
const SAMPLE_CODE = 'C1-S04';
/** Choices in English: each is shown translated. */
const SEVERITIES = ['Minor', 'Major', 'Critical'];
const DISCIPLINES = ['Civil', 'Track', 'Electrical', 'Signalling'];
const PERIODS = ['Day', 'Week', 'Month'];
const STATION_TYPES = ['Elevated', 'Underground', 'At grade'];

export function BootstrapElementsPage() {
  const { t } = useTranslation();
  const choices = (values: readonly string[]) => values.map((value) => ({ value, label: t(value) }));
  return (
    <CardGrid>
      <DemoCard title={t('Sizes')} note={t('Lists’ filters are small (xs); forms use the default (sm).')}>
        <Stack gap="xs">
          {SIZES.map((size) => (
            <TextInput
              key={size}
              size={size}
              aria-label={t('Size {{size}}', { size })}
              placeholder={t('Size {{size}}: C1-V01', { size })}
            />
          ))}
        </Stack>
      </DemoCard>
      <DemoCard
        title={t('Inside the input')}
        note={t('Icons and units sit inside the box, as the date field’s calendar does.')}
      >
        <Stack gap="xs">
          <TextInput
            label={t('Search')}
            leftSection={<IconSearch size={16} />}
            placeholder={t('Document number or title')}
          />
          <TextInput label={t('E-mail')} leftSection={<IconAt size={16} />} placeholder={SAMPLE_EMAIL} />
          <NumberInput
            label={t('Chainage')}
            leftSection={<IconMapPin size={16} />}
            rightSection={<Text size="xs">{t('km')}</Text>}
            decimalScale={3}
            defaultValue={9.25}
          />
          <NumberInput
            label={t('Contract value')}
            leftSection={<IconCurrencyRupee size={16} />}
            thousandSeparator=","
            thousandsGroupStyle="lakh"
            decimalScale={2}
            fixedDecimalScale
            defaultValue={48532500000}
            description={t('Indian grouping: {{example}}', { example: '4,85,32,50,000.00' })}
          />
        </Stack>
      </DemoCard>
      <DemoCard
        title={t('States')}
        note={t('Read-only fields are filled, as in a record the user may not change.')}
      >
        <Stack gap="xs">
          <TextInput label={t('Read-only')} variant="filled" readOnly value="C1-V01-RFI-00012" />
          <TextInput label={t('Disabled')} disabled value={t('Closed records cannot change')} />
          <TextInput
            label={t('With a hint')}
            description={t('Capital letters, digits and hyphens')}
            placeholder={SAMPLE_CODE}
          />
          <TextInput
            label={t('With an error')}
            defaultValue="C1 V01"
            error={t('Code must be capital letters, digits and hyphens')}
          />
          <TextInput label={t('Required')} required placeholder={t('Title')} />
        </Stack>
      </DemoCard>
      <DemoCard
        title={t('Choices')}
        note={t('Radio for one of few, checkboxes for several, a switch for Yes/No.')}
      >
        <Stack gap="sm">
          <Radio.Group label={t('Severity')} defaultValue="Major">
            <Group mt={4} gap="md">
              {SEVERITIES.map((value) => (
                <Radio key={value} value={value} label={t(value)} />
              ))}
            </Group>
          </Radio.Group>
          <Checkbox.Group label={t('Disciplines')} defaultValue={['Civil']}>
            <Group mt={4} gap="md">
              {DISCIPLINES.map((value) => (
                <Checkbox key={value} value={value} label={t(value)} />
              ))}
            </Group>
          </Checkbox.Group>
          <Switch label={t('Interchange station')} defaultChecked />
          <SegmentedControl data={choices(PERIODS)} defaultValue="Week" aria-label={t('Period')} />
          <NativeSelect label={t('Station type')} data={choices(STATION_TYPES)} />
        </Stack>
      </DemoCard>
      <DemoCard
        title={t('Files and colours')}
        note={t('A single file (an import’s sheet) and a corridor’s line colour.')}
      >
        <Stack gap="xs">
          <FileInput
            label={t('Sheet to import')}
            placeholder={t('Choose an .xlsx or .csv file')}
            accept=".xlsx,.csv"
            leftSection={<IconPaperclip size={16} />}
            clearable
          />
          <ColorInput
            label={t('Line colour')}
            defaultValue="#1c7ed6"
            swatches={['#1c7ed6', '#2f9e44', '#f08c00', '#e03131']}
          />
        </Stack>
      </DemoCard>
    </CardGrid>
  );
}
