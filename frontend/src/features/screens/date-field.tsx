/**
 * A date input showing DD MMM, YYYY (docs/console.md §9) with a calendar to pick from. Typing is read strictly in
 * that format or as ISO: the form then holds the ISO date, which the gateway is sent, and the box shows it in the
 * console's format once the user moves on. Text that names no real day (2026-13-45, 29 Feb, 2023) stays in the box
 * and in the form as typed, so the field's rule refuses it under the field, instead of the date being rolled over
 * into another one or silently dropped.
 */
import { ActionIcon, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';

import { parseDateText } from '../../lib/date-text';
import { useTranslation } from '../../lib/i18n';
import { formatDocumentDate } from '../../lib/format';
import { isIsoDate } from '../../lib/record-rules';

export interface DateFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'onBlur'> {
  /** An ISO date, blank, or text as typed that names no date. */
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  minDate?: string;
  maxDate?: string;
}

/** What the box shows for the form's value: an ISO date in the console's format, anything else as typed. */
function shown(value: string): string {
  return isIsoDate(value) ? formatDocumentDate(value) : value;
}

export function DateField(props: DateFieldProps) {
  const { value, onChange, onBlur, minDate, maxDate, readOnly, disabled, ...input } = props;
  const { t } = useTranslation();
  // While the user types, the box shows their text; otherwise the form's value in the console's format.
  const [typed, setTyped] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const editable = !readOnly && !disabled;
  return (
    <Popover
      opened={picking && editable}
      onChange={setPicking}
      position="bottom-start"
      trapFocus={false}
      returnFocus
      // A text box may not say it is expanded (WCAG 4.1.2, axe `aria-allowed-attr`): the calendar's button does.
      withRoles={false}
    >
      <Popover.Target>
        <TextInput
          placeholder={editable ? t('e.g. 05 Jan, 2026') : undefined}
          {...input}
          readOnly={readOnly}
          disabled={disabled}
          autoComplete="off"
          value={typed ?? shown(value)}
          onFocus={() => setTyped(shown(value))}
          onChange={(event) => {
            const text = event.currentTarget.value;
            setTyped(text);
            onChange(text.trim() === '' ? '' : (parseDateText(text) ?? text));
          }}
          onBlur={() => {
            setTyped(null);
            onBlur();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && picking) {
              // The calendar closes; the form around it stays open.
              event.stopPropagation();
              setPicking(false);
            }
          }}
          rightSection={
            editable ? (
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('Open the calendar')}
                aria-haspopup="dialog"
                aria-expanded={picking}
                onClick={() => setPicking((open) => !open)}
              >
                <IconCalendar size={16} />
              </ActionIcon>
            ) : null
          }
        />
      </Popover.Target>
      <Popover.Dropdown>
        <DatePicker
          value={isIsoDate(value) ? value : null}
          defaultDate={isIsoDate(value) ? value : undefined}
          minDate={minDate}
          maxDate={maxDate}
          onChange={(picked) => {
            onChange(picked ?? '');
            setTyped(null);
            setPicking(false);
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
