/**
 * A number input that reads like the lists: Indian digit grouping with the column's decimal places (12,34,567.50)
 * while the user is elsewhere; what they type may carry grouping ("99,00,000"). The form holds the plain number
 * (text, never a float), which is what the gateway is sent.
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';

import { groupedNumber, plainNumber } from '../../lib/amount-text';

export interface AmountInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  /** The plain number (or the text as typed when it is not one). */
  value: string;
  onChange: (plain: string) => void;
  /** Decimal places the column keeps (shown padded); 0 for whole numbers. */
  scale?: number | null;
}

export function AmountInput({ value, onChange, scale, onFocus, onBlur, ...input }: AmountInputProps) {
  // While the user types, the box shows their text; otherwise the form's value, grouped.
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <TextInput
      {...input}
      inputMode="decimal"
      autoComplete="off"
      value={typed ?? groupedNumber(value, scale)}
      onFocus={(event) => {
        setTyped(groupedNumber(value, scale));
        onFocus?.(event);
      }}
      onChange={(event) => {
        setTyped(event.currentTarget.value);
        onChange(plainNumber(event.currentTarget.value));
      }}
      onBlur={(event) => {
        setTyped(null);
        onBlur?.(event);
      }}
    />
  );
}
