/**
 * The filter under each list heading. Text is applied when the user leaves the box (Tab) or presses Enter
 * (docs/console.md §9: server-side filters apply on tab-out); choices apply when picked.
 */
import type { CustomFloatingFilterProps } from 'ag-grid-react';
import { useEffect, useState } from 'react';

import type { LookupOption } from '../../lib/lookup-choices';
import type { FilterHint } from './filter-hints';
import type { ColumnFilter } from '../../lib/filter-model';

export interface ColumnFilterParams {
  label: string;
  /** Fixed choices (lookups, enums, Yes/No); none for free text. */
  choices?: LookupOption[];
  /** What typed text may say (numbers: >20, 10..20; dates: 2026-03 …). */
  hint: FilterHint;
}

export function ColumnFilterInput(props: CustomFloatingFilterProps & ColumnFilterParams) {
  const { model, onModelChange, label, choices, hint } = props;
  const current = (model as ColumnFilter | null)?.filter ?? '';
  const [text, setText] = useState(current);
  useEffect(() => setText(current), [current]);

  const name = `Filter ${label}`;
  const style = { width: '100%', height: 26, fontSize: 13, padding: '0 4px' } as const;
  if (choices) {
    return (
      <select
        aria-label={name}
        style={style}
        value={current}
        onChange={(event) =>
          onModelChange(
            event.target.value === ''
              ? null
              : { filterType: 'text', type: 'equals', filter: event.target.value },
          )
        }
      >
        <option value="">All</option>
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
