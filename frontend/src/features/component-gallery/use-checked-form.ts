/**
 * A gallery form, headless: react-hook-form with a zod schema (the record form's rules), and on Save the console's
 * confirmation (docs/console.md §5) and success notice, without storing anything: the values that passed are kept
 * for the page to show. The views only draw.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type DefaultValues, type FieldValues, type Mode, useForm } from 'react-hook-form';
import type { ZodType } from 'zod';

import { CONFIRM_SAVE, confirm, noticeDeclined, noticeSuccess } from '../notices';

export interface CheckedFormOptions<T extends FieldValues> {
  schema: ZodType<T, T>;
  blank: T;
  /** When fields are judged: on Save only (then as they change), or as each one is left. */
  mode?: Mode;
}

export function useCheckedForm<T extends FieldValues>({
  schema,
  blank,
  mode = 'onSubmit',
}: CheckedFormOptions<T>) {
  const form = useForm<T>({
    resolver: zodResolver(schema),
    defaultValues: blank as DefaultValues<T>,
    mode,
    reValidateMode: 'onChange',
  });
  const [accepted, setAccepted] = useState<T | null>(null);

  const save = form.handleSubmit(async (values) => {
    if (!(await confirm(CONFIRM_SAVE))) return noticeDeclined('Submitting Details');
    setAccepted(values);
    noticeSuccess('Submitted Successfully');
  });

  const reset = () => {
    form.reset(blank);
    setAccepted(null);
  };

  /** How many fields have a problem now (the count above the buttons). */
  const problems = Object.keys(form.formState.errors).length;

  return { form, save, reset, accepted, problems };
}
