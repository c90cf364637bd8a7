/**
 * The inputs of a form of a screen's fields (the record form, a transition's form, a child line's form): a
 * `FieldInput` per column, bound to the form's `control`, in a grid of two columns (one on a phone), either by
 * section (a fieldset each, titled by its legend) or as one untitled group. A long text spans the whole width
 * (`FieldInput` places it). What the inputs offer comes from the form's `useFieldSetup`.
 */
import { SimpleGrid, Text } from '@mantine/core';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

import type { ColumnDef } from '../../api/schema';
import { useTranslation } from '../../lib/i18n';
import type { LookupSource } from '../../lib/lookup-search';
import { FieldInput, type FieldNote } from './field-input';
import type { FormSection } from './form-schema';
import type { FieldChoices } from './use-field-setup';

interface FieldGridCommon<T extends FieldValues> {
  control: Control<T>;
  /** Where the fields sit in the form's values: at the top (the default) or under a prefix such as `fields.`. */
  prefix?: string;
  choices: FieldChoices;
  lookups: ReadonlyMap<string, LookupSource>;
  /** Something is being sent: every input waits. */
  busy: boolean;
  /** Shown, not editable (a user who may not change the record, a field the record's state does not let change). */
  isReadOnly?: (column: ColumnDef) => boolean;
  /** A word under some inputs, by column name: what a next step will need, a date already past. */
  notes?: ReadonlyMap<string, FieldNote>;
  /** A phone's field form: large inputs for a thumb, one under another. */
  large?: boolean;
}

export type FieldGridProps<T extends FieldValues> = FieldGridCommon<T> &
  (
    | {
        /** A fieldset per section, titled by its legend. */
        sections: readonly FormSection[];
      }
    | {
        /** One untitled group (nothing is drawn without columns). */
        columns: readonly ColumnDef[];
        /** A lone field takes the whole width instead of one column of two. */
        loneFieldWide?: boolean;
      }
  );

export function FieldGrid<T extends FieldValues>(props: FieldGridProps<T>) {
  if ('sections' in props) {
    return props.sections.map((section) => (
      <fieldset key={section.title} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Text component="legend" fw={600} mb={6}>
          {section.title}
        </Text>
        <Fields {...props} columns={section.columns} />
      </fieldset>
    ));
  }
  return props.columns.length > 0 ? <Fields {...props} /> : null;
}

function Fields<T extends FieldValues>({
  control,
  prefix = '',
  choices,
  lookups,
  busy,
  isReadOnly,
  notes,
  columns,
  loneFieldWide = false,
  large = false,
}: FieldGridCommon<T> & { columns: readonly ColumnDef[]; loneFieldWide?: boolean }) {
  const { t } = useTranslation();
  const wide = (loneFieldWide && columns.length === 1) || large;
  return (
    <SimpleGrid cols={{ base: 1, sm: wide ? 1 : 2 }} spacing={large ? 'md' : 'sm'}>
      {columns.map((column) => (
        <Controller
          key={column.name}
          name={`${prefix}${column.name}` as Path<T>}
          control={control}
          render={({ field, fieldState }) => (
            <FieldInput
              column={column}
              value={(field.value as string | undefined) ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              // A message of the form's rules or of the gateway (a registry rule's too) in the user's language.
              error={fieldState.error?.message ? t(fieldState.error.message) : undefined}
              choices={choices.get(column.name)}
              lookup={lookups.get(column.name)}
              disabled={busy}
              readOnly={isReadOnly?.(column)}
              note={notes?.get(column.name)}
              large={large}
            />
          )}
        />
      ))}
    </SimpleGrid>
  );
}
