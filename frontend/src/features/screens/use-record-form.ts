/**
 * The record form of a data screen, headless: its sections and choices from the metadata, the record (with its row
 * version) for editing, the gateway's rules before sending (every field's and the screen's rules over several
 * fields, all at once, before the confirmation), the confirmations of docs/console.md §5 and notices of §8, every
 * 422 message of the gateway under its input, on a 409 for a stale version an offer to reload the record, what the
 * user may do here (`actions` of the screen: a viewer gets the record read-only), and a question before a changed
 * form is closed. The view (`RecordForm`) only draws what it gets.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';

import { GatewayError } from '../../api/client';
import type { ScreenMeta } from '../../api/schema';
import { useLookupChoices, useRecord, useRecordChanges } from '../../api/screens';
import { ROW_VERSION } from '../../lib/record-rules';
import {
  CONFIRM_DELETE,
  CONFIRM_SAVE,
  confirm,
  noticeDeclined,
  noticeError,
  noticeSuccess,
  useDiscardGuard,
} from '../notices';
import { choicesFor } from './choices';
import {
  blankValues,
  type FormValues,
  formSchema,
  formSections,
  toFormValues,
  toPayload,
} from './form-schema';

/** The gateway's code for an update over a changed row version. */
const STALE_VERSION = 'PMIS-R409V';

export function useRecordForm(meta: ScreenMeta, recordKey: string | null, onClose: () => void) {
  const sections = useMemo(() => formSections(meta), [meta]);
  const inputs = useMemo(() => sections.flatMap((s) => s.columns), [sections]);
  const schema = useMemo(() => formSchema(inputs, meta.columns, meta.rules), [inputs, meta]);
  const lookups = useLookupChoices(inputs, meta.lookups);
  const choices = useMemo(
    () => new Map(inputs.map((column) => [column.name, choicesFor(column, lookups)])),
    [inputs, lookups],
  );
  const record = useRecord(meta.entry, recordKey);
  const { create, update, remove } = useRecordChanges(meta.entry);
  const [stale, setStale] = useState<string | null>(null);

  const blank = useMemo(() => blankValues(inputs), [inputs]);
  const form = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: blank,
    // Messages appear on Save, then follow typing: validating on blur would move the buttons under the pointer.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { reset, setError, handleSubmit } = form;
  const editing = recordKey !== null;
  // A new record needs `create`; changing one `update`; without it the record is shown read-only.
  const canSave = editing ? meta.actions.update : meta.actions.create;
  const canDelete = editing && meta.actions.delete;
  const close = useDiscardGuard(form.formState.isDirty, onClose);

  useEffect(() => {
    if (recordKey === null) reset(blank);
    else if (record.data) reset(toFormValues(inputs, record.data));
  }, [recordKey, record.data, inputs, blank, reset]);

  const version = record.data ? String(record.data[ROW_VERSION] ?? '') : '';

  const showServerProblem = (error: unknown) => {
    if (error instanceof GatewayError) {
      if (error.status === 409 && error.code === STALE_VERSION) {
        setStale(error.message);
        return;
      }
      // Every field the gateway names gets its message; the first one is focused.
      const named = Object.entries(error.fields).filter(([field]) => inputs.some((c) => c.name === field));
      named.forEach(([field, message], index) =>
        setError(field, { type: 'server', message }, { shouldFocus: index === 0 }),
      );
    }
    noticeError(error);
  };

  const save = handleSubmit(async (values) => {
    if (!canSave) return;
    if (!(await confirm(CONFIRM_SAVE))) {
      noticeDeclined('Submitting Details');
      return;
    }
    const body = toPayload(inputs, values);
    try {
      const reply = editing
        ? await update.mutateAsync({ id: recordKey, body: { ...body, [ROW_VERSION]: version } })
        : await create.mutateAsync(body);
      noticeSuccess(reply.message || (editing ? 'Updated Successfully' : 'Submitted Successfully'));
      onClose();
    } catch (error) {
      showServerProblem(error);
    }
  });

  const destroy = async () => {
    if (recordKey === null || !canDelete) return;
    if (!(await confirm(CONFIRM_DELETE))) {
      noticeDeclined('Submitting Details');
      return;
    }
    try {
      const reply = await remove.mutateAsync({ id: recordKey, version });
      noticeSuccess(reply.message || 'Deleted Successfully');
      onClose();
    } catch (error) {
      showServerProblem(error);
    }
  };

  const reload = async () => {
    setStale(null);
    const fresh = await record.refetch();
    if (fresh.data) reset(toFormValues(inputs, fresh.data));
  };

  return {
    form,
    sections,
    choices,
    editing,
    canSave,
    canDelete,
    /** Closes, asking first when the form has changes. */
    close,
    loading: editing && record.isPending,
    loadError: editing && record.isError ? record.error : null,
    busy: create.isPending || update.isPending || remove.isPending,
    saving: create.isPending || update.isPending,
    stale,
    save,
    destroy,
    reload,
  };
}
