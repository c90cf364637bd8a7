/**
 * What a form of a screen's fields is built from, the same for the record form, a transition's form and a child
 * line's form: the look-up each look-up input searches, the fixed choices of the other inputs, the zod schema that
 * checks the fields being typed into by the gateway's rules (`formSchema`), a new record's values and a stored
 * record's. Each form's controller passes the columns it draws and the ones the user may change; its view draws them
 * with `FieldGrid`.
 */
import { useCallback, useMemo } from 'react';

import { useMe } from '../../api/auth';
import { todayInIndia } from '../../lib/format';
import { nowInIndia } from '../../lib/date-time-text';

import type { ColumnDef, ScreenMeta } from '../../api/schema';
import type { LookupOption } from '../../lib/lookup-choices';
import type { LookupSource } from '../../lib/lookup-search';
import { choicesFor } from './choices';
import { blankValues, type FormSchema, type FormValues, formSchema, toFormValues } from './form-schema';
import { type FollowedValues, type PeopleContext, useLookupSources } from './lookup-sources';

/** Each input's fixed choices, by column name: none for free input and for look-ups (searched on the server). */
export type FieldChoices = ReadonlyMap<string, LookupOption[] | undefined>;

/**
 * How every form of fields validates: messages appear on Save, then follow typing (validating on blur would move
 * the buttons under the pointer).
 */
export const VALIDATION_MODES = { mode: 'onSubmit', reValidateMode: 'onChange' } as const;

/** The fixed choices of `columns`' inputs: look-ups are searched on the server as the user types instead. */
export function fieldChoices(columns: readonly ColumnDef[]): FieldChoices {
  return new Map(columns.map((column) => [column.name, column.lookup ? undefined : choicesFor(column)]));
}

export interface FieldSetup {
  /** What each look-up input searches (for the signed-in user: only their packages in package look-ups). */
  lookups: ReadonlyMap<string, LookupSource>;
  choices: FieldChoices;
  /** The editable fields checked by the field rules and the screen's rules, problems only under fields shown. */
  schema: FormSchema;
  /** A new record's values: each writable field's registry default, else blank. */
  blank: FormValues;
  /** A stored record's values of the fields shown, as the form's text. */
  valuesOf: (record: Readonly<Record<string, unknown>> | null) => FormValues;
}

/**
 * The set-up of a form drawing the `shown` columns of a screen (`meta`: its columns, look-ups and rules over several
 * fields), of which the user may change the `editable` ones (by default all of them); `people`: the record people
 * are picked for, when the register limits who may be picked; `followed`: the form's values of the columns look-ups
 * follow (`same`). Memoised on its arguments.
 */
export function useFieldSetup(
  meta: Pick<ScreenMeta, 'columns' | 'lookups' | 'rules' | 'fixed'>,
  shown: readonly ColumnDef[],
  editable: readonly ColumnDef[] = shown,
  people?: PeopleContext | null,
  followed?: FollowedValues | null,
): FieldSetup {
  const { columns, rules } = meta;
  const lookups = useLookupSources(shown, meta.lookups, people, followed, columns);
  const choices = useMemo(() => fieldChoices(shown), [shown]);
  const fixedValues = meta.fixed;
  const schema = useMemo(
    () => formSchema(editable, columns, rules, shown, fixedValues ?? {}),
    [editable, columns, rules, shown, fixedValues],
  );
  const me = useMe().data;
  const myId = me ? String(me.user.id) : '';
  const myPackage = me?.packages?.length === 1 ? String(me.packages[0]) : '';
  // What the route fixes (`fixed`) is a new record's value from the start.
  const fixed = meta.fixed;
  const blank = useMemo(
    () => ({
      ...blankValues(
        shown.filter((column) => column.read_only !== true),
        { today: todayInIndia(), now: nowInIndia(true), me: myId, myPackage },
      ),
      ...fixed,
    }),
    [shown, myId, myPackage, fixed],
  );
  const valuesOf = useCallback(
    (record: Readonly<Record<string, unknown>> | null) => toFormValues(shown, record),
    [shown],
  );
  return { lookups, choices, schema, blank, valuesOf };
}
