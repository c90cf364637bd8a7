/**
 * A look-up column's input, drawn from its controller (`useLookupField`): a searchable drop-down naming rows by code
 * and name, which reads its options from the server as the user types.
 */
import { type OptionsFilter, Select, type SelectProps } from '@mantine/core';

import type { LookupSource } from '../../lib/lookup-search';
import { useLookupField } from './use-lookup-field';

export interface LookupSelectProps extends Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'
> {
  source: LookupSource;
  value: string;
  onChange: (value: string) => void;
}

/** The server chose the options: shown as they are. */
const AS_GIVEN: OptionsFilter = ({ options }) => options;

export function LookupSelect({
  source,
  value,
  onChange,
  readOnly,
  required,
  placeholder = 'Type a code or a name',
  comboboxProps,
  allowDeselect = false,
  ...rest
}: LookupSelectProps) {
  const field = useLookupField(source, value, readOnly === true);
  return (
    <Select
      {...rest}
      readOnly={readOnly}
      required={required}
      data={field.data}
      value={value === '' ? null : value}
      onChange={(next) => onChange(next ?? '')}
      searchable={!readOnly}
      // In a form, picking the chosen row again keeps it (clearing is the clear button's, on optional fields); a
      // list's filter lets it go, which is the keyboard's way back to "All".
      allowDeselect={allowDeselect}
      searchValue={field.search}
      onSearchChange={field.setSearch}
      filter={field.filtersInBrowser ? undefined : AS_GIVEN}
      onDropdownOpen={() => field.setOpened(true)}
      onDropdownClose={() => field.setOpened(false)}
      clearable={!required && !readOnly}
      nothingFoundMessage={
        field.loading ? 'Loading…' : field.failed ? 'The options could not be loaded' : 'Nothing found'
      }
      placeholder={readOnly ? undefined : placeholder}
      comboboxProps={{ withinPortal: true, ...comboboxProps }}
      // A read-only choice offers no list: no chevron.
      {...(readOnly ? { rightSection: null, rightSectionPointerEvents: 'none' as const } : {})}
    />
  );
}
