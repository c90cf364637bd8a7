/**
 * Keeps a form's values of the columns its look-ups follow (`same`: the package chosen, a line's survey) and of a new
 * record's package in step with typing, so the look-ups offer only agreeing rows. The values live in state the
 * controller declares before its form (the look-ups are set up before the form exists); `fixed` values (a line's
 * parent key) win over the form's.
 */
import { type Dispatch, type SetStateAction, useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';

import type { FormValues } from './form-schema';
import type { FollowedValues } from './lookup-sources';

/** `names`' values in `values` (blank when missing); `previous` itself when nothing changed (no new render). */
export function followedOf(
  values: Readonly<Partial<Record<string, string | null>>>,
  names: readonly string[],
  previous: FollowedValues,
): FollowedValues {
  const next: Record<string, string> = {};
  for (const name of names) next[name] = values[name] ?? '';
  const unchanged =
    Object.keys(previous).length === names.length && names.every((name) => previous[name] === next[name]);
  return unchanged ? previous : next;
}

export function useFollowedValues(
  form: Pick<UseFormReturn<FormValues>, 'watch' | 'getValues'>,
  names: readonly string[],
  setFollowed: Dispatch<SetStateAction<FollowedValues>>,
  fixed?: FollowedValues,
): void {
  useEffect(() => {
    const pick = (values: Readonly<Partial<Record<string, string>>>) =>
      setFollowed((previous) => followedOf({ ...values, ...fixed }, names, previous));
    pick(form.getValues());
    if (names.length === 0) return undefined;
    const watching = form.watch((values) => pick(values));
    return () => watching.unsubscribe();
  }, [form, names, setFollowed, fixed]);
}
