/**
 * A date-time input (`timestamp` and `timestamptz` columns): the date as the date field shows it (DD MMM, YYYY, with
 * its calendar) beside the time of day (a time input, HH:MM), both in India's zone. The form holds one value, the
 * instant the gateway is sent (`2026-11-29T10:30:00+05:30`), or the text as typed while either part is not yet a
 * date or a time, so the field's rule says what is missing under the field.
 */
import { Group, Input } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { type CSSProperties, type ReactNode, useId, useState } from 'react';

import { type DateTimeParts, joinDateTime, splitDateTime } from '../../lib/date-time-text';
import { useTranslation } from '../../lib/i18n';
import { DateField } from './date-field';

export interface DateTimeFieldProps {
  label: string;
  /** The form's value: an instant, blank, or text as typed. */
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** The column keeps the offset (`timestamptz`). */
  withZone: boolean;
  name: string;
  required?: boolean;
  error?: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  readOnly?: boolean;
  variant?: string;
  style?: CSSProperties;
}

export function DateTimeField(props: DateTimeFieldProps) {
  const { label, value, onChange, onBlur, withZone, name, required, error, description } = props;
  const { disabled, readOnly, variant, style } = props;
  const { t } = useTranslation();
  const labelId = useId();
  // The parts as the user left them; read again from the value when it changes from outside (a record loaded).
  const [parts, setParts] = useState<DateTimeParts>(() => splitDateTime(value));
  const [sent, setSent] = useState(value);
  if (value !== sent) {
    setSent(value);
    setParts(splitDateTime(value));
  }
  const change = (next: DateTimeParts) => {
    const joined = joinDateTime(next, withZone);
    setParts(next);
    setSent(joined);
    onChange(joined);
  };
  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      id={labelId}
      required={required}
      error={error}
      description={description}
      style={style}
    >
      <Group role="group" aria-labelledby={`${labelId}-label`} gap="xs" wrap="nowrap" align="flex-start">
        <DateField
          aria-label={t('{{label}}: date', { label })}
          name={`${name}.date`}
          value={parts.date}
          onChange={(date) => change({ ...parts, date })}
          onBlur={onBlur}
          error={error ? true : undefined}
          disabled={disabled}
          readOnly={readOnly}
          variant={variant}
          style={{ flex: 1, minWidth: 0 }}
        />
        <TimeInput
          aria-label={t('{{label}}: time', { label })}
          name={`${name}.time`}
          value={parts.time}
          onChange={(event) => change({ ...parts, time: event.currentTarget.value })}
          onBlur={onBlur}
          error={error ? true : undefined}
          disabled={disabled}
          readOnly={readOnly}
          variant={variant}
          w={120}
        />
      </Group>
    </Input.Wrapper>
  );
}
