/**
 * A look-up column's input, drawn from its controller (`useLookupField`): a searchable drop-down naming rows by code
 * and name, which reads its options from the server as the user types.
 */
import { type OptionsFilter, Select, type SelectProps } from '@mantine/core';

import { useTranslation } from '../../lib/i18n';
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

/** A read-only choice's input: no chevron, nothing to press. */
const NO_CHEVRON = { rightSection: null, rightSectionPointerEvents: 'none' } as const;

/** The server chose the options: shown as they are. */
const AS_GIVEN: OptionsFilter = ({ options }) => options;

export function LookupSelect({
  source,
  value,
  onChange,
  readOnly,
  required,
  placeholder,
  comboboxProps,
  allowDeselect = false,
  ...rest
}: LookupSelectProps) {
  const { t } = useTranslation();
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
        field.loading
          ? t('Loading…')
          : field.failed
            ? t('The options could not be loaded')
            : t('Nothing found')
      }
      placeholder={readOnly ? undefined : (placeholder ?? t('Type a code or a name'))}
      comboboxProps={{ withinPortal: true, ...comboboxProps }}
      // A read-only choice offers no list: no chevron.
      {...(readOnly ? NO_CHEVRON : {})}
    />
  );
}
