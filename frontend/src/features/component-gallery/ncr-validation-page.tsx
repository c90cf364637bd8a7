/**
 * /forms/bootstrap-validation: a non-conformance report checked as each field is left (react-hook-form's
 * `onTouched`), with two rules over two fields as a register's `rules` work: closed on or after the day raised, and a
 * disposition to close it. Nothing is stored.
 */
import { Button, Fieldset, Group, SimpleGrid, Stack } from '@mantine/core';
import { useMemo } from 'react';

import { todayInIndia } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { columnNamed } from './column-checks';
import { ColumnField } from './column-field';
import { DemoCard } from './demo-card';
import { FormOutcome } from './form-outcome';
import { useMetroSources } from './metro-lookups';
import { blankNcr, type NcrField, ncrColumns, ncrSchema } from './ncr-form';
import { useCheckedForm } from './use-checked-form';

/** The form's sections (legends in English: translated where shown). */
const SECTIONS: readonly { legend: string; fields: readonly NcrField[] }[] = [
  { legend: 'The report', fields: ['c_ncr_no', 'n_package', 'c_category', 'c_severity'] },
  { legend: 'Its life', fields: ['d_raised', 'd_closed', 'c_disposition', 'n_cost'] },
];

export function NcrValidationPage() {
  const { t } = useTranslation();
  const today = todayInIndia();
  const columns = useMemo(() => ncrColumns(today), [today]);
  const schema = useMemo(() => ncrSchema(today), [today]);
  const sources = useMetroSources();
  const checked = useCheckedForm({ schema, blank: blankNcr(today), mode: 'onTouched' });
  const { control } = checked.form;
  return (
    <DemoCard
      title={t('Non-conformance report')}
      note={t(
        'Leave a field and it is judged at once; a closing day before the day raised is refused under Closed on.',
      )}
    >
      <form
        onSubmit={(event) => void checked.save(event)}
        noValidate
        aria-label={t('Non-conformance report')}
      >
        <Stack gap="md">
          {SECTIONS.map((section) => (
            <Fieldset key={section.legend} legend={t(section.legend)}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {section.fields.map((name) => (
                  <ColumnField
                    key={name}
                    column={columnNamed(columns, name)}
                    control={control}
                    source={name === 'n_package' ? sources.package : undefined}
                  />
                ))}
              </SimpleGrid>
            </Fieldset>
          ))}
          <ColumnField column={columnNamed(columns, 'c_description')} control={control} />
          <FormOutcome
            problems={checked.problems}
            submitted={checked.form.formState.isSubmitted}
            accepted={checked.accepted}
            register={t('Contract data entry › NCR')}
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
  );
}
