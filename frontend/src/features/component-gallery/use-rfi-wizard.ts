/**
 * The RFI wizard, headless: the RFI form in steps, each step checking only its own fields before the next opens
 * (react-hook-form's `trigger`), going back freely, and the review step's Save through the checked form.
 */
import { useMemo, useState } from 'react';

import { todayInIndia } from '../../lib/format';
import { blankRfi, RFI_STEPS, rfiColumns, rfiSchema } from './rfi-form';
import { useCheckedForm } from './use-checked-form';

export function useRfiWizard() {
  const today = todayInIndia();
  const columns = useMemo(() => rfiColumns(today), [today]);
  const schema = useMemo(() => rfiSchema(today), [today]);
  const checked = useCheckedForm({ schema, blank: blankRfi() });
  const [active, setActive] = useState(0);
  /** The review step comes after the steps of fields. */
  const reviewing = active === RFI_STEPS.length;

  const next = async () => {
    const step = RFI_STEPS[active];
    if (!step) return;
    if (await checked.form.trigger([...step.fields])) setActive(active + 1);
  };
  const back = () => setActive((step) => Math.max(0, step - 1));
  /** A step already passed can be opened again; a later one only through Next. */
  const goTo = (step: number) => {
    if (step < active) setActive(step);
  };
  const restart = () => {
    checked.reset();
    setActive(0);
  };

  return { ...checked, columns, active, reviewing, next, back, goTo, restart };
}

export type RfiWizard = ReturnType<typeof useRfiWizard>;
