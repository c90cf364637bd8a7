/**
 * /forms/plugins: the richer inputs the console's screens use, where the template loaded jQuery plugins: a range of
 * days (reports, the gallery's filter), several choices and free tags, sliders for progress and a chainage range,
 * numbers with units, a time, and an autocomplete over the real station master.
 */
import {
  Autocomplete,
  MultiSelect,
  NumberInput,
  RangeSlider,
  Slider,
  Stack,
  TagsInput,
  Text,
} from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { useState } from 'react';

import { formatDocumentDate } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { CardGrid } from './card-grid';
import { DemoCard } from './demo-card';
import { useStations } from './use-stations';

type DayRange = [string | null, string | null];

/** Choices in English: each is shown translated. */
const DISCIPLINES = ['Civil', 'Track', 'Electrical', 'Signalling', 'Architecture', 'Utilities'];

export function FormPluginsPage() {
  const { t } = useTranslation();
  const stations = useStations();
  const [range, setRange] = useState<DayRange>([null, null]);
  const [progress, setProgress] = useState(62);
  const [stretch, setStretch] = useState<[number, number]>([2.3, 9.25]);
  return (
    <CardGrid>
      <DemoCard
        title={t('Dates and times')}
        note={t('A range of days narrows reports and the gallery; a time for a pour.')}
      >
        <Stack gap="sm">
          <DatePickerInput
            type="range"
            label={t('Work window')}
            placeholder={t('Pick the first and the last day')}
            valueFormat="DD MMM, YYYY"
            value={range}
            onChange={(value) => setRange(value as DayRange)}
            clearable
          />
          <Text size="sm" c="dimmed" data-testid="range-text">
            {range[0] && range[1]
              ? t('From {{from}} to {{to}}', {
                  from: formatDocumentDate(range[0]),
                  to: formatDocumentDate(range[1]),
                })
              : t('No window chosen')}
          </Text>
          <TimeInput label={t('Pour starts at')} defaultValue="14:00" />
        </Stack>
      </DemoCard>
      <DemoCard
        title={t('Several choices')}
        note={t('Custom reports’ columns and the sharing of a report pick several.')}
      >
        <Stack gap="sm">
          <MultiSelect
            label={t('Disciplines')}
            data={DISCIPLINES.map((value) => ({ value, label: t(value) }))}
            defaultValue={['Civil', 'Track']}
            searchable
            clearable
          />
          <TagsInput
            label={t('Keywords')}
            description={t('Press Enter after each')}
            defaultValue={['pier cap', 'P12']}
            clearable
          />
          <Autocomplete
            label={t('Station')}
            placeholder={stations.isPending ? t('Loading the stations…') : t('Type a station')}
            data={(stations.data ?? []).map((station) => `${station.code} — ${station.name}`)}
            limit={8}
          />
        </Stack>
      </DemoCard>
      <DemoCard
        title={t('Sliders')}
        note={t('Progress in steps of 5 %, and a stretch of the corridor by chainage.')}
      >
        <Stack gap="lg" px="xs" pb="md">
          <div>
            <Text size="sm" fw={500}>
              {t('Physical progress: {{progress}} %', { progress })}
            </Text>
            <Slider
              value={progress}
              onChange={setProgress}
              step={5}
              marks={[
                { value: 0, label: '0 %' },
                { value: 50, label: '50 %' },
                { value: 100, label: '100 %' },
              ]}
              aria-label={t('Physical progress')}
            />
          </div>
          <div>
            <Text size="sm" fw={500}>
              {t('Chainage {{from}} km to {{to}} km', {
                from: stretch[0].toFixed(2),
                to: stretch[1].toFixed(2),
              })}
            </Text>
            <RangeSlider
              value={stretch}
              onChange={setStretch}
              min={0}
              max={22.45}
              step={0.05}
              minRange={0.5}
              label={(value) => t('{{value}} km', { value: value.toFixed(2) })}
            />
          </div>
        </Stack>
      </DemoCard>
      <DemoCard title={t('Numbers with units')} note={t('Quantities keep their unit beside the figure.')}>
        <Stack gap="sm">
          <NumberInput label={t('Concrete')} suffix=" m³" decimalScale={2} defaultValue={42.5} min={0} />
          <NumberInput label={t('Reinforcement')} suffix=" t" decimalScale={3} defaultValue={6.125} min={0} />
          <NumberInput
            label={t('Bill amount')}
            prefix="₹ "
            thousandSeparator=","
            thousandsGroupStyle="lakh"
            decimalScale={2}
            fixedDecimalScale
            defaultValue={1234567.5}
          />
        </Stack>
      </DemoCard>
    </CardGrid>
  );
}
