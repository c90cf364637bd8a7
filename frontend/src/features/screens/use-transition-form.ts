/**
 * The form of one workflow transition of a record, headless: the fields the transition requires (marked required)
 * and the fields it lets one fill, checked by the same rules as the record form; the comment, required, optional
 * or not asked for as the transition says; the confirmation of docs/console.md §5 before sending and the notices
 * of §8 after; the gateway's 422 messages under each field (and under the comment), its 409 and 403 (an illegal
 * move, a stale version, not the user's turn) as an error notice with its message. The view (`TransitionModal`)
 * only draws what it gets.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';

import { GatewayError } from '../../api/client';
import type { ScreenMeta, TransitionDef } from '../../api/schema';
import { type RecordRow, useRecordTransition } from '../../api/screens';
import {
  CONFIRM_SAVE,
  confirm,
  noticeDeclined,
  noticeError,
  noticeSuccess,
  useDiscardGuard,
} from '../notices';
import { COMMENT_FIELD, transitionBody, transitionSchema, type TransitionValues } from './transition-values';
import { choicesTheStepTakes } from './step-guards';
import type { FormValues } from './form-schema';
import { type FieldChoices, useFieldSetup, VALIDATION_MODES } from './use-field-setup';
import { transitionInputs } from './workflow';

export function useTransitionForm(
  meta: ScreenMeta,
  transition: TransitionDef,
  record: RecordRow,
  recordKey: string,
  { onClose, onDone }: { onClose: () => void; onDone: (after: RecordRow) => void },
) {
  const inputs = useMemo(() => transitionInputs(transition, meta.columns), [transition, meta.columns]);
  // People picked with a transition (an approver) are the ones the register allows for this record.
  const workflow = meta.workflow;
  const people = useMemo(
    () =>
      workflow?.people ? { entry: meta.entry, rules: workflow.people, record: recordKey, package: '' } : null,
    [workflow, meta.entry, recordKey],
  );
  const fields = useFieldSetup(meta, inputs, inputs, people);
  const { lookups } = fields;
  // Only the choices the step's guards take: sharing offers S1–S4, not S0 nor a published code.
  const choices = useMemo(
    () => choicesTheStepTakes(fields.choices, meta.guards ?? [], transition, meta.columns, record),
    [fields.choices, meta.guards, transition, meta.columns, record],
  );
  const comment = transition.comment ?? 'optional';
  // The fields' schema under `fields`, with the comment beside them.
  const schema = useMemo(() => transitionSchema(fields.schema, comment), [fields.schema, comment]);
  const form = useForm<TransitionValues>({
    resolver: zodResolver(schema),
    // The fields start with what the record holds, unless the step would refuse it (a WIP document's S0 when
    // sharing): then blank, for the person to choose.
    defaultValues: { comment: '', fields: offeredValues(fields.valuesOf(record), choices) },
    ...VALIDATION_MODES,
  });
  const { handleSubmit, setError } = form;
  const mutation = useRecordTransition(meta.entry);
  // While the confirmation is up, Esc answers it and leaves this form open.
  const [confirming, setConfirming] = useState(false);
  const close = useDiscardGuard(form.formState.isDirty, onClose);

  const showServerProblem = (error: unknown) => {
    if (error instanceof GatewayError) {
      const named: [`fields.${string}` | typeof COMMENT_FIELD, string][] = [];
      for (const [field, message] of Object.entries(error.fields)) {
        if (field === COMMENT_FIELD) named.push([COMMENT_FIELD, message]);
        else if (inputs.some((column) => column.name === field)) named.push([`fields.${field}`, message]);
      }
      named.forEach(([field, message], index) =>
        setError(field, { type: 'server', message }, { shouldFocus: index === 0 }),
      );
    }
    noticeError(error);
  };

  const submit = handleSubmit(async (values) => {
    setConfirming(true);
    const yes = await confirm(CONFIRM_SAVE);
    setConfirming(false);
    if (!yes) {
      noticeDeclined('Submitting Details');
      return;
    }
    try {
      const reply = await mutation.mutateAsync({
        id: recordKey,
        body: transitionBody(transition, inputs, values, record),
      });
      noticeSuccess(reply.message || 'Updated Successfully');
      onDone(reply.data);
    } catch (error) {
      showServerProblem(error);
    }
  });

  return {
    form,
    inputs,
    choices,
    lookups,
    /** Whether the comment is asked for: `required`, `optional` or `none`. */
    comment,
    submit,
    /** Closes, asking first when something was typed. */
    close,
    busy: mutation.isPending,
    confirming,
  };
}

/** `values` less those not among their field's choices (a field without fixed choices keeps its value). */
function offeredValues(values: FormValues, choices: FieldChoices): FormValues {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      const offered = choices.get(name);
      return [
        name,
        !offered || value === '' || offered.some((option) => option.value === value) ? value : '',
      ];
    }),
  );
}
