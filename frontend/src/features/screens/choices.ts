/** The fixed choices of a column, for its list filter and its form input, from the column's metadata. */
import type { ColumnDef } from '../../api/schema';
import { translate } from '../../lib/i18n';
import { type LookupChoices, type LookupOption, NO_CHOICES } from '../../lib/lookup-choices';
import { choiceLabel, isFlag } from '../../lib/column-types';

/** A 0/1 flag's choices (their labels are English: `choicesFor` gives them in the user's language). */
export const YES_NO: LookupOption[] = [
  { value: '1', label: 'Yes' },
  { value: '0', label: 'No' },
];

const TRUE_FALSE: LookupOption[] = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

function inLanguage(options: readonly LookupOption[]): LookupOption[] {
  return options.map((option) => ({ ...option, label: translate(option.label) }));
}

const NO_LOOKUPS: ReadonlyMap<string, LookupChoices> = new Map();

/** The column's choices, or undefined for free input (`lookups`: the look-up lists read, for look-up columns). */
export function choicesFor(
  column: ColumnDef,
  lookups: ReadonlyMap<string, LookupChoices> = NO_LOOKUPS,
): LookupOption[] | undefined {
  if (column.lookup) return (lookups.get(column.name) ?? NO_CHOICES).options;
  // The value stays what is stored and sent; only the label people read is translated.
  if (column.enum && column.enum.length > 0)
    return column.enum.map((value) => ({ value, label: choiceLabel(column, value) }));
  if (isFlag(column)) return inLanguage(YES_NO);
  if (column.type === 'boolean') return inLanguage(TRUE_FALSE);
  return undefined;
}
