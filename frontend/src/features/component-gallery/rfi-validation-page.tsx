/**
 * /forms/form-validation: a request for inspection checked on Save by react-hook-form with zod, in the record form's
 * words; every problem shows under its field at once, and each clears as it is put right. A Save that passes asks
 * the console's confirmation and shows what would be sent; nothing is stored.
 */
import { Button, Group, Stack } from '@mantine/core';
import { useMemo } from 'react';

import { todayInIndia } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { DemoCard } from './demo-card';
import { FormOutcome } from './form-outcome';
import { useMetroSources } from './metro-lookups';
import { RfiFields } from './rfi-fields';
import { blankRfi, rfiColumns, rfiSchema } from './rfi-form';
import { useCheckedForm } from './use-checked-form';

export function RfiValidationPage() {
  const { t } = useTranslation();
  const today = todayInIndia();
  const columns = useMemo(() => rfiColumns(today), [today]);
  const schema = useMemo(() => rfiSchema(today), [today]);
  const sources = useMetroSources();
  const checked = useCheckedForm({ schema, blank: blankRfi() });
  const { form } = checked;
  return (
    <DemoCard
      title={t('Request for inspection')}
      note={t('Press Save with mistakes in it: each field says what is wrong, as the registers’ forms do.')}
    >
      <form
        onSubmit={(event) => void checked.save(event)}
        noValidate
        aria-label={t('Request for inspection')}
      >
        <Stack gap="md">
          <RfiFields columns={columns} control={form.control} sources={sources} />
          <FormOutcome
            problems={checked.problems}
            submitted={form.formState.isSubmitted}
            accepted={checked.accepted}
            register={t('Contract data entry › RFI')}
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
