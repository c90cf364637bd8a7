/**
 * /forms/wizards: a request for inspection raised in steps (where, what, who, then a review): each step checks its
 * own fields before the next opens, and the review shows the values as people read them. Nothing is stored.
 */
import { Button, Group, Stack, Stepper, Table } from '@mantine/core';
import { useWatch } from 'react-hook-form';

import { useLookupLabel } from '../../api/screens';
import type { LookupSource } from '../../lib/lookup-search';
import { formatDocumentDate } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { DemoCard } from './demo-card';
import { FormOutcome } from './form-outcome';
import { type MetroSources, useMetroSources } from './metro-lookups';
import { RfiFields } from './rfi-fields';
import { RFI_STEPS, type RfiValues } from './rfi-form';
import { type RfiWizard, useRfiWizard } from './use-rfi-wizard';
import { inRupees } from './money-text';

export function WizardPage() {
  const { t } = useTranslation();
  const wizard = useRfiWizard();
  const sources = useMetroSources();
  return (
    <DemoCard
      title={t('Raise a request for inspection')}
      note={t('Next checks the step’s fields; Back keeps what you typed.')}
    >
      <Stack gap="md">
        <Stepper active={wizard.active} onStepClick={wizard.goTo} size="sm" allowNextStepsSelect={false}>
          {RFI_STEPS.map((step) => (
            <Stepper.Step key={step.title} label={t(step.title)}>
              <RfiFields
                columns={wizard.columns}
                control={wizard.form.control}
                sources={sources}
                only={step.fields}
              />
            </Stepper.Step>
          ))}
          <Stepper.Step label={t('Review')}>
            <Review wizard={wizard} sources={sources} />
          </Stepper.Step>
        </Stepper>
        <FormOutcome
          problems={0}
          submitted={wizard.form.formState.isSubmitted}
          accepted={wizard.accepted}
          register={t('Contract data entry › RFI')}
        />
        <Group justify="space-between">
          <Button variant="default" onClick={wizard.back} disabled={wizard.active === 0}>
            {t('Back')}
          </Button>
          {wizard.reviewing ? (
            <Group gap="xs">
              <Button variant="default" onClick={wizard.restart}>
                {t('Start again')}
              </Button>
              <Button onClick={(event) => void wizard.save(event)}>{t('Save')}</Button>
            </Group>
          ) : (
            <Button onClick={() => void wizard.next()}>{t('Next')}</Button>
          )}
        </Group>
      </Stack>
    </DemoCard>
  );
}

/** A look-up's chosen row as its label. */
function LookupName({ source, value }: { source: LookupSource; value: string }) {
  const label = useLookupLabel(source, value);
  if (value === '') return '—';
  return label.data?.label ?? value;
}

function Review({ wizard, sources }: { wizard: RfiWizard; sources: MetroSources }) {
  const { t } = useTranslation();
  const values = useWatch({ control: wizard.form.control }) as Partial<RfiValues>;
  const shown = (name: keyof RfiValues) => {
    const value = values[name] ?? '';
    if (name === 'n_package') return <LookupName source={sources.package} value={value} />;
    if (name === 'n_station') return <LookupName source={sources.station} value={value} />;
    if (value === '') return '—';
    if (name === 'd_inspection') return formatDocumentDate(value);
    if (name === 'n_value') return inRupees(value);
    if (name === 'c_witness') return value === 'Yes' ? t('Yes') : t('No');
    if (name === 'c_inspection_type') return t(value);
    return value;
  };
  return (
    <Table.ScrollContainer minWidth={0}>
      <Table variant="vertical" withTableBorder layout="fixed" data-testid="wizard-review">
        <Table.Tbody>
          {wizard.columns.map((column) => (
            <Table.Tr key={column.name}>
              <Table.Th w="40%">{t(column.label)}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{shown(column.name)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
