/**
 * The filter under each list heading. Text is applied when the user leaves the box (Tab) or presses Enter
 * (docs/console.md §9: server-side filters apply on tab-out); choices apply when picked. A look-up column's filter
 * is the form's look-up input: it searches the look-up on the server as the user types (never reading it whole),
 * and picking a row filters the list by its key.
 */
import type { CustomFloatingFilterProps } from 'ag-grid-react';
import { useEffect, useState } from 'react';

import { useTranslation } from '../../lib/i18n';
import type { LookupOption } from '../../lib/lookup-choices';
import type { LookupSource } from '../../lib/lookup-search';
import type { FilterHint } from './filter-hints';
import type { ColumnFilter } from '../../lib/filter-model';
import { LookupSelect } from './lookup-select';

export interface ColumnFilterParams {
  label: string;
  /** Fixed choices (enums, Yes/No, workflow states); none for free text. */
  choices?: LookupOption[];
  /** A look-up column's look-up, searched on the server (only the user's packages in a package look-up). */
  lookup?: LookupSource;
  /** What typed text may say (numbers: >20, 10..20; dates: 2026-03 …). */
  hint: FilterHint;
}

const HEIGHT = 26;

/** Mantine's smallest input, made as low as the other filters. */
const LOOKUP_STYLES = {
  input: { height: HEIGHT, minHeight: HEIGHT, fontSize: 13, paddingInlineStart: 4 },
  dropdown: { maxWidth: 'min(480px, calc(100vw - 16px))' },
} as const;

/** The options get room for "code — name" beyond the column's width, within the screen. */
const LOOKUP_DROPDOWN = {
  width: 'max-content',
  position: 'bottom-start',
  middlewares: { shift: true },
} as const;

export function ColumnFilterInput(props: CustomFloatingFilterProps & ColumnFilterParams) {
  const { model, onModelChange, label, choices, lookup, hint } = props;
  const { t } = useTranslation();
  const current = (model as ColumnFilter | null)?.filter ?? '';
  const [text, setText] = useState(current);
  useEffect(() => setText(current), [current]);

  const name = t('Filter {{label}}', { label });
  const choose = (value: string) =>
    onModelChange(value === '' ? null : { filterType: 'text', type: 'equals', filter: value });
  if (lookup) {
    return (
      <LookupSelect
        aria-label={name}
        title={t('{{label}}: type a code or a name, then pick one', { label })}
        source={lookup}
        value={current}
        onChange={choose}
        placeholder={t('All')}
        allowDeselect
        size="xs"
        w="100%"
        styles={LOOKUP_STYLES}
        comboboxProps={LOOKUP_DROPDOWN}
      />
    );
  }
  const style = { width: '100%', height: HEIGHT, fontSize: 13, padding: '0 4px' } as const;
  if (choices) {
    return (
      <select
        aria-label={name}
        style={style}
        value={current}
        onChange={(event) => choose(event.target.value)}
      >
        <option value="">{t('All')}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    );
  }
  const apply = () => {
    const value = text.trim();
    if (value === current) return;
    onModelChange(value === '' ? null : { filterType: 'text', type: 'contains', filter: value });
  };
  return (
    <input
      aria-label={name}
      style={style}
      value={text}
      placeholder={hint.placeholder}
      title={hint.title}
      onChange={(event) => setText(event.target.value)}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply();
      }}
    />
  );
}
