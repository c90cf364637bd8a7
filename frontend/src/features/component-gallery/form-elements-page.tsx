/**
 * /forms/elements: one of each input the record form draws, each judged by the record form's rules as it is left,
 * with the values as the form holds them (text: amounts plain, dates ISO), which is what the gateway is sent.
 */
import { Button, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { type Control, useWatch } from 'react-hook-form';

import { useTranslation } from '../../lib/i18n';
import { CardGrid } from './card-grid';
import { ColumnField } from './column-field';
import { DemoCard } from './demo-card';
import { blankElements, ELEMENT_COLUMNS, elementSchema, type ElementValues } from './element-columns';
import { FormOutcome } from './form-outcome';
import { type MetroSources, useMetroSources } from './metro-lookups';
import { useCheckedForm } from './use-checked-form';

/** Hints under some fields (in English: translated where drawn). */
const NOTES: Partial<Record<keyof ElementValues, string>> = {
  c_code: 'A code: typed letters become capitals',
  n_value: 'Typed grouping is accepted: 99,00,000',
  d_award: 'Type 05 Jan, 2026 or 2026-01-05, or pick a day',
  n_corridor: 'A look-up on the corridor master: type a code or a name',
  n_package: 'Your packages only, when you are linked to some',
};

const SOURCES: Partial<Record<keyof ElementValues, keyof MetroSources>> = {
  n_corridor: 'corridor',
  n_package: 'package',
};

export function FormElementsPage() {
  const { t } = useTranslation();
  const sources = useMetroSources();
  const checked = useCheckedForm({ schema: elementSchema, blank: blankElements(), mode: 'onTouched' });
  const { control } = checked.form;
  return (
    <CardGrid>
      <DemoCard title={t('Inputs')} note={t('Leave a field to see its rule; Save judges them all.')}>
        <form onSubmit={(event) => void checked.save(event)} noValidate aria-label={t('Form elements')}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {ELEMENT_COLUMNS.map((column) => {
                const source = SOURCES[column.name];
                const note = NOTES[column.name];
                return (
                  <div
                    key={column.name}
                    style={column.name === 'c_remarks' ? { gridColumn: '1 / -1' } : undefined}
                  >
                    <ColumnField
                      column={column}
                      control={control}
                      source={source ? sources[source] : undefined}
                      yesNo={column.name === 'c_interchange'}
                      description={note === undefined ? undefined : t(note)}
                    />
                  </div>
                );
              })}
            </SimpleGrid>
            <FormOutcome
              problems={checked.problems}
              submitted={checked.form.formState.isSubmitted}
              accepted={checked.accepted}
              register={t('Masters › Station')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={checked.reset}>
                {t('Clear')}
              </Button>
              <Button type="submit">{t('Save')}</Button>
            </Group>
          </Stack>
        </form>
      </DemoCard>
      <DemoCard
        title={t('What the form holds')}
        note={t('Every value is text: amounts without grouping, dates as ISO.')}
      >
        <HeldValues control={control} />
        <Text size="xs" c="dimmed">
          {t(
            'The gateway checks the same rules again and answers a 422 naming each field; the form shows those messages in the same place.',
          )}
        </Text>
      </DemoCard>
    </CardGrid>
  );
}

function HeldValues({ control }: { control: Control<ElementValues> }) {
  const values = useWatch({ control });
  return (
    <Code block data-testid="held-values" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {JSON.stringify(values, null, 2)}
    </Code>
  );
}
