/**
 * A look-up with `default = "only"` (docs/registry.md) starts with the one row it offers, once that is known: an
 * IPA's contract is its package's only contract. The value it filled follows the offer (another package, another
 * only contract; several: blank again, for the person to choose); a value the person chose is left alone.
 */
import { useEffect, useMemo, useRef } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';

import type { ColumnDef } from '../../api/schema';
import { useOnlyOptions } from '../../api/screens';
import type { LookupSource } from '../../lib/lookup-search';

/** The registry default that stands for "the only row the look-up offers". */
export const ONLY = 'only';

export function useOnlyChoices<V extends FieldValues>(
  form: Pick<UseFormReturn<V>, 'getValues' | 'setValue'>,
  columns: readonly ColumnDef[],
  lookups: ReadonlyMap<string, LookupSource>,
  enabled: boolean,
): void {
  const chosen = useMemo(
    () => (enabled ? columns.filter((column) => column.default === ONLY && lookups.has(column.name)) : []),
    [enabled, columns, lookups],
  );
  const sources = useMemo(
    () => chosen.flatMap((column) => lookups.get(column.name) ?? []),
    [chosen, lookups],
  );
  const only = useOnlyOptions(sources);
  // What this hook last put in each field: only that is replaced when the offer changes.
  const filled = useRef(new Map<string, string>());
  const { getValues, setValue } = form;
  useEffect(() => {
    chosen.forEach((column, index) => {
      const path = column.name as Path<V>;
      const current = String(getValues(path) ?? '');
      const ours = filled.current.get(column.name);
      if (current !== '' && current !== ours) return;
      const next = only[index]?.value ?? '';
      if (next === current) return;
      filled.current.set(column.name, next);
      setValue(path, next as PathValue<V, Path<V>>, { shouldDirty: false });
    });
  }, [chosen, only, getValues, setValue]);
}
