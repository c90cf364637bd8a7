/** One input of a data screen's form, chosen from the column's metadata. */
import { Select, TextInput, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { ReactNode } from 'react';

import type { LookupOption } from '../../api/screens';
import { type ColumnMeta, isFlag, isNumberType } from '../../lib/record-rules';

export interface FieldInputProps {
  column: ColumnMeta;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: ReactNode;
  choices?: LookupOption[];
  loadingChoices?: boolean;
  disabled?: boolean;
}

const YES_NO = [
  { value: '1', label: 'Yes' },
  { value: '0', label: 'No' },
];

export function FieldInput({
  column,
  value,
  onChange,
  onBlur,
  error,
  choices,
  loadingChoices,
  disabled,
}: FieldInputProps) {
  const common = {
    label: column.label,
    required: column.required === true,
    error,
    onBlur,
    disabled,
    name: column.name,
  };
  if (
    column.lookup ||
    (column.enum && column.enum.length > 0) ||
    isFlag(column) ||
    column.type === 'boolean'
  ) {
    const data = column.lookup
      ? (choices ?? [])
      : isFlag(column)
        ? YES_NO
        : column.type === 'boolean'
          ? ['true', 'false']
          : (column.enum ?? []);
    return (
      <Select
        {...common}
        data={data}
        value={value === '' ? null : value}
        onChange={(next) => onChange(next ?? '')}
        searchable
        clearable={column.required !== true}
        nothingFoundMessage={loadingChoices ? 'Loading…' : 'Nothing found'}
        placeholder={column.lookup ? `Choose a ${column.label.toLowerCase()}` : 'Choose'}
        comboboxProps={{ withinPortal: true }}
      />
    );
  }
  if (column.type === 'date') {
    return (
      <DateInput
        {...common}
        value={value === '' ? null : value}
        onChange={(next) => onChange(next ?? '')}
        valueFormat="YYYY-MM-DD"
        placeholder="YYYY-MM-DD"
        clearable={column.required !== true}
        minDate={typeof column.min === 'string' ? column.min : undefined}
        maxDate={typeof column.max === 'string' ? column.max : undefined}
      />
    );
  }
  if (column.type !== 'json' && column.type !== 'jsonb' && (column.max_length ?? 0) > 300) {
    return (
      <Textarea
        {...common}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        autosize
        minRows={2}
        maxRows={6}
        description={column.max_length ? `Up to ${column.max_length} characters` : undefined}
      />
    );
  }
  return (
    <TextInput
      {...common}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      inputMode={isNumberType(column.type) ? 'decimal' : undefined}
    />
  );
}
