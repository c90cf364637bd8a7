/**
 * One input of a data screen's form, chosen from the column's metadata: a look-up searched on the server as the
 * user types (showing code and name), a searchable choice list, a date, a date and time, an amount, a long text, or text with the input type and hint of its `format`
 * (phone, e-mail, code).
 */
import { Select, Text, Textarea, TextInput } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

import type { ColumnDef } from '../../api/schema';
import { useTranslation } from '../../lib/i18n';
import type { LookupOption } from '../../lib/lookup-choices';
import type { LookupSource } from '../../lib/lookup-search';
import { dateBound } from '../../lib/record-rules';
import { isIntegerType, isNumberType } from '../../lib/column-types';
import { AmountInput } from './amount-input';
import { DateField } from './date-field';
import { DateTimeField } from './date-time-field';
import { LookupSelect } from './lookup-select';

export interface FieldInputProps {
  column: ColumnDef;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: ReactNode;
  /** The column's fixed choices (allowed values, Yes/No); none for free input. */
  choices?: LookupOption[];
  /** A look-up column's rows, searched on the server as the user types (before `choices`). */
  lookup?: LookupSource;
  disabled?: boolean;
  /** Shown, not editable (a user who may not change the record). */
  readOnly?: boolean;
  /** A word under the input: what a next step will need (`info`), or a value worth a second look (`warning`). */
  note?: FieldNote;
  /** Large, for a thumb (a phone's field form). */
  large?: boolean;
}

/** A word under an input that is not an error: it never stops a save. */
export interface FieldNote {
  text: string;
  tone: 'info' | 'warning';
}

/** Input type, keyboard and hint for a column's `format` (the hint in English: shown through `t`). */
const FORMAT_INPUTS = {
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel', placeholder: 'e.g. +91 98450 00002' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email', placeholder: 'e.g. name@example.com' },
  code: { type: 'text', inputMode: 'text', autoComplete: 'off', placeholder: 'Capital letters and digits' },
} as const;

/** A read-only choice's input: no chevron, nothing to press. */
const NO_CHEVRON = { rightSection: null, rightSectionPointerEvents: 'none' } as const;

/** A long text (more than 300 characters allowed): a growing text area, given a form's whole width. */
export function isLongText(column: ColumnDef): boolean {
  return column.type !== 'json' && column.type !== 'jsonb' && (column.max_length ?? 0) > 300;
}

/** Where a field sits in a form's grid: a long text across every column, anything else in one. */
function fieldSpan(column: ColumnDef): CSSProperties | undefined {
  return isLongText(column) ? { gridColumn: '1 / -1' } : undefined;
}

export function FieldInput(props: FieldInputProps) {
  const { column, value, onChange, onBlur, error, choices, lookup, disabled, readOnly, note, large } = props;
  const { t } = useTranslation();
  const noted = note ? (
    <Text
      component="span"
      size="xs"
      c={note.tone === 'warning' ? 'orange.8' : 'blue.7'}
      data-testid="field-note"
    >
      {note.text}
    </Text>
  ) : undefined;
  // A note of the moment first, else the registry's hint (`help`, already in the user's language).
  const hint = noted ?? (column.help && !readOnly ? column.help : undefined);
  const common = {
    description: hint,
    label: column.label,
    required: column.required === true && !readOnly,
    error,
    onBlur,
    disabled,
    readOnly,
    // Shown, not editable: filled, so it stands apart from the inputs beside it.
    variant: readOnly ? 'filled' : undefined,
    name: column.name,
    style: fieldSpan(column),
    size: large ? 'lg' : undefined,
  };
  if (lookup) {
    return <LookupSelect {...common} source={lookup} value={value} onChange={onChange} />;
  }
  if (choices) {
    return (
      <Select
        {...common}
        data={choices}
        value={value === '' ? null : value}
        onChange={(next) => onChange(next ?? '')}
        searchable={!readOnly}
        // Picking the chosen option again keeps it (clearing is the clear button's, on optional fields).
        allowDeselect={false}
        clearable={column.required !== true && !readOnly}
        nothingFoundMessage={column.lookup && choices.length === 0 ? t('Loading…') : t('Nothing found')}
        placeholder={readOnly ? undefined : column.lookup ? t('Type a code or a name') : t('Choose')}
        comboboxProps={{ withinPortal: true }}
        // A read-only choice offers no list: no chevron.
        {...(readOnly ? NO_CHEVRON : {})}
      />
    );
  }
  if (column.type === 'date') {
    return (
      <DateField
        {...common}
        value={value}
        onChange={onChange}
        minDate={dateBound(column.min)}
        maxDate={dateBound(column.max)}
      />
    );
  }
  if (column.type === 'timestamp' || column.type === 'timestamptz') {
    return (
      <DateTimeField {...common} value={value} onChange={onChange} withZone={column.type === 'timestamptz'} />
    );
  }
  if (isNumberType(column.type)) {
    return (
      <AmountInput
        {...common}
        value={value}
        onChange={onChange}
        scale={isIntegerType(column.type) ? 0 : column.scale}
      />
    );
  }
  if (isLongText(column)) {
    return (
      <Textarea
        {...common}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        autosize
        minRows={2}
        maxRows={6}
        description={
          hint ??
          (column.max_length && !readOnly
            ? t('Up to {{count}} characters', { count: column.max_length })
            : undefined)
        }
      />
    );
  }
  const format = column.format ? FORMAT_INPUTS[column.format] : undefined;
  return (
    <TextInput
      {...common}
      {...(readOnly || !format ? {} : { ...format, placeholder: t(format.placeholder) })}
      value={value}
      // Codes are capitals (the shared rule says so): typed lower case is raised rather than refused.
      onChange={(event) =>
        onChange(
          column.format === 'code' ? event.currentTarget.value.toUpperCase() : event.currentTarget.value,
        )
      }
    />
  );
}
