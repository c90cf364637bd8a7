/** A look-up of the inspection form (package, RFI, station, ITP): the register's look-up, large, for a thumb. */
import { Controller, type Control } from 'react-hook-form';

import type { LookupSource } from '../../lib/lookup-search';
import { LookupSelect } from '../screens';
import type { FieldValues } from './field-form';

export interface FieldLookupProps {
  control: Control<FieldValues>;
  name: 'n_package' | 'n_rfi' | 'n_station' | 'n_itp';
  /** The column's look-up (none: the field is not drawn). */
  source: LookupSource | undefined;
  label: string;
  description?: string;
  required?: boolean;
  /** Another field must be chosen first: it says which. */
  waitsFor?: string | null;
  placeholder?: string;
  error?: string;
  /** After a new choice (clearing what depended on the old one). */
  onPicked?: () => void;
}

export function FieldLookup({
  control,
  name,
  source,
  label,
  description,
  required = false,
  waitsFor = null,
  placeholder,
  error,
  onPicked,
}: FieldLookupProps) {
  if (!source) return null;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <LookupSelect
          size="lg"
          label={label}
          description={description}
          required={required}
          clearable={!required}
          disabled={waitsFor !== null}
          placeholder={waitsFor ?? placeholder}
          source={source}
          value={field.value}
          onChange={(next) => {
            field.onChange(next);
            onPicked?.();
          }}
          error={error}
        />
      )}
    />
  );
}
