/**
 * One input of a gallery form, chosen from its column as the record form chooses (features/screens' FieldInput,
 * which that feature keeps to itself): a look-up searched on the server (`LookupSelect`), a choice list, Yes/No, a
 * date shown DD MMM, YYYY (typed that way or as ISO, read strictly), an amount in Indian grouping, a long text, or
 * text with the input type of its format. The form holds every value as text, as the record form does.
 */
import { Select, Switch, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

import type { ColumnDef } from '../../api/schema';
import { parseDateText } from '../../lib/date-text';
import { useTranslation } from '../../lib/i18n';
import type { LookupSource } from '../../lib/lookup-search';
import { isIntegerType, isNumberType } from '../../lib/column-types';
import { LookupSelect } from '../screens';
import { AmountInput } from '../screens';

/** Input type, keyboard and hint (in English: translated where drawn) for a column's `format`, as the record form gives them. */
const FORMAT_INPUTS = {
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel', placeholder: 'e.g. +91 98450 00002' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email', placeholder: 'e.g. name@example.com' },
  code: { type: 'text', inputMode: 'text', autoComplete: 'off', placeholder: 'Capital letters and digits' },
} as const;

export interface ColumnFieldProps<T extends FieldValues> {
  /** Its label, choices and hints in English: the field shows them in the user's language. */
  column: ColumnDef;
  control: Control<T>;
  /** A look-up column's source. */
  source?: LookupSource;
  /** Yes/No as a switch (the value `Yes` or blank). */
  yesNo?: boolean;
  description?: ReactNode;
  disabled?: boolean;
  readOnly?: boolean;
}

export function ColumnField<T extends FieldValues>(props: ColumnFieldProps<T>) {
  const { column, control, source, yesNo, description, disabled, readOnly } = props;
  const { t } = useTranslation();
  const label = t(column.label);
  return (
    <Controller
      control={control}
      name={column.name as Path<T>}
      render={({ field, fieldState }) => {
        const held: unknown = field.value;
        const value = typeof held === 'string' ? held : '';
        const common = {
          label,
          required: column.required === true && !readOnly,
          error: fieldState.error?.message,
          description,
          disabled,
          readOnly,
          variant: readOnly ? ('filled' as const) : undefined,
          name: column.name,
          onBlur: field.onBlur,
        };
        if (source)
          return <LookupSelect {...common} source={source} value={value} onChange={field.onChange} />;
        if (yesNo) {
          return (
            <Switch
              label={label}
              description={description}
              error={common.error}
              disabled={disabled || readOnly}
              checked={value === 'Yes'}
              onChange={(event) => field.onChange(event.currentTarget.checked ? 'Yes' : '')}
              onBlur={field.onBlur}
              mt="sm"
            />
          );
        }
        if (column.enum && column.enum.length > 0) {
          return (
            <Select
              {...common}
              data={column.enum.map((choice) => ({ value: choice, label: t(choice) }))}
              value={value === '' ? null : value}
              onChange={(next) => field.onChange(next ?? '')}
              allowDeselect={false}
              clearable={column.required !== true && !readOnly}
              placeholder={readOnly ? undefined : t('Choose')}
            />
          );
        }
        if (column.type === 'date') {
          return (
            <DateInput
              {...common}
              valueFormat="DD MMM, YYYY"
              placeholder={t('e.g. 05 Jan, 2026')}
              dateParser={(text) => parseDateText(text)}
              value={value === '' ? null : value}
              onChange={(next) => field.onChange(next ?? '')}
              clearable={column.required !== true && !readOnly}
              minDate={typeof column.min === 'string' ? column.min : undefined}
            />
          );
        }
        if (isNumberType(column.type)) {
          return (
            <AmountInput
              {...common}
              value={value}
              onChange={field.onChange}
              scale={isIntegerType(column.type) ? 0 : column.scale}
            />
          );
        }
        if ((column.max_length ?? 0) > 300) {
          return (
            <Textarea
              {...common}
              value={value}
              onChange={(event) => field.onChange(event.currentTarget.value)}
              autosize
              minRows={2}
              maxRows={6}
              description={description ?? t('Up to {{max}} characters', { max: column.max_length ?? 0 })}
            />
          );
        }
        const format = column.format ? FORMAT_INPUTS[column.format] : undefined;
        return (
          <TextInput
            {...common}
            {...(readOnly || !format ? {} : { ...format, placeholder: t(format.placeholder) })}
            value={value}
            onChange={(event) =>
              field.onChange(
                column.format === 'code'
                  ? event.currentTarget.value.toUpperCase()
                  : event.currentTarget.value,
              )
            }
          />
        );
      }}
    />
  );
}
