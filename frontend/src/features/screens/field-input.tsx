/** One input of a data screen's form, chosen from the column's metadata: a choice list, a date, or text. */
import { Select, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { ReactNode } from 'react';

import type { ColumnDef } from '../../api/schema';
import type { LookupOption } from '../../lib/lookup-choices';
import { isNumberType } from '../../lib/record-rules';

export interface FieldInputProps {
  column: ColumnDef;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: ReactNode;
  /** The column's fixed choices (lookups, allowed values, Yes/No); none for free input. */
  choices?: LookupOption[];
  disabled?: boolean;
}

export function FieldInput({ column, value, onChange, onBlur, error, choices, disabled }: FieldInputProps) {
  const common = {
    label: column.label,
    required: column.required === true,
    error,
    onBlur,
    disabled,
    name: column.name,
  };
  if (choices) {
    return (
      <Select
        {...common}
        data={choices}
        value={value === '' ? null : value}
        onChange={(next) => onChange(next ?? '')}
        searchable
        clearable={column.required !== true}
        nothingFoundMessage={column.lookup && choices.length === 0 ? 'Loading…' : 'Nothing found'}
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
