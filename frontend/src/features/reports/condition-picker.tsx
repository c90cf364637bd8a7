/**
 * "Add a condition" under a custom report's filter: a column, an operator in words and a value, written into the
 * filter as the filter language has it (values quoted, a number checked as a number), so that nobody has to know
 * the language to narrow a report. The filter text stays editable.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconFilterPlus } from '@tabler/icons-react';
import { Controller, useForm, useWatch } from 'react-hook-form';

import type { ReportRegister } from '../../api/schema';
import { useTranslation } from '../../lib/i18n';
import {
  conditionColumns,
  conditionSchema,
  conditionText,
  type ConditionValues,
  operatorsFor,
} from './custom-report-form';

export interface ConditionPickerProps {
  register: ReportRegister | null;
  /** Called with the condition's filter text. */
  onAdd: (text: string) => void;
}

export function ConditionPicker({ register, onAdd }: ConditionPickerProps) {
  const { t } = useTranslation();
  const form = useForm<ConditionValues>({
    resolver: zodResolver(conditionSchema),
    defaultValues: { column: '', operator: 'eq', value: '' },
  });
  const columns = conditionColumns(register);
  const chosen = useWatch({ control: form.control, name: 'column' });
  const operator = useWatch({ control: form.control, name: 'operator' });
  const column = columns.find((c) => c.name === chosen) ?? null;
  const operators = operatorsFor(column?.kind ?? 'text');
  const needsValue = operator !== 'empty' && operator !== 'filled';

  const add = form.handleSubmit((condition) => {
    if (!column) return;
    const written = conditionText(condition, column);
    if ('error' in written) {
      form.setError('value', { message: written.error });
      return;
    }
    onAdd(written.text);
    form.reset({ column: condition.column, operator: condition.operator, value: '' });
  });

  return (
    <Group gap="xs" align="start" wrap="wrap" data-testid="custom-report-condition">
      <Controller
        control={form.control}
        name="column"
        render={({ field, fieldState }) => (
          <Select
            aria-label={t('Condition column')}
            placeholder={register ? t('Column') : t('Choose a register first')}
            data={columns.map((c) => ({ value: c.name, label: c.label }))}
            value={field.value || null}
            onChange={(value) => {
              field.onChange(value ?? '');
              form.setValue('operator', 'eq');
            }}
            searchable
            disabled={!register}
            error={fieldState.error?.message}
            style={{ flex: '1 1 180px' }}
            data-testid="custom-report-condition-column"
          />
        )}
      />
      <Controller
        control={form.control}
        name="operator"
        render={({ field }) => (
          <Select
            aria-label={t('Condition')}
            data={operators}
            value={field.value}
            onChange={(value) => field.onChange(value ?? 'eq')}
            allowDeselect={false}
            disabled={!column}
            w={140}
            data-testid="custom-report-condition-operator"
          />
        )}
      />
      {needsValue ? (
        <Controller
          control={form.control}
          name="value"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              aria-label={t('Condition value')}
              type={column?.kind === 'date' ? 'date' : 'text'}
              inputMode={column?.kind === 'number' ? 'decimal' : undefined}
              placeholder={t('Value')}
              disabled={!column}
              error={fieldState.error?.message}
              style={{ flex: '1 1 160px' }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void add();
                }
              }}
              data-testid="custom-report-condition-value"
            />
          )}
        />
      ) : null}
      <Button
        variant="default"
        leftSection={<IconFilterPlus size={16} />}
        onClick={() => void add()}
        disabled={!column}
        data-testid="custom-report-condition-add"
      >
        {t('Add condition')}
      </Button>
    </Group>
  );
}
