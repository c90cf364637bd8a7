/**
 * The lines of one child register in the parent's form, headless: the lines of this record (read when the tab is
 * shown), their cells in the console's formats, and one line form at a time (a new line or a line being changed)
 * built from the child's own description: its inputs without the key column (filled in with this record's key on
 * create, never sent on update), the same field rules and rules over several fields, the confirmations of
 * docs/console.md §5 and notices of §8, every 422 message under its input, a 409 (the parent closed meanwhile, or a
 * line changed by someone else) as the error notice. After each change the parent is read again, so the totals the
 * database keeps from the lines show at once. Lines cannot change once the parent's state is closed, nor without the
 * child's actions (the parent route's). The view (`ChildLinesPanel`) only draws what it gets.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';

import { GatewayError } from '../../api/client';
import type { StateDef } from '../../api/schema';
import { type RecordRow, useChildLines, useRecordChanges } from '../../api/screens';
import { ROW_VERSION } from '../../lib/column-types';
import {
  CONFIRM_DELETE,
  CONFIRM_SAVE,
  confirm,
  noticeDeclined,
  noticeError,
  noticeSuccess,
  useDiscardGuard,
} from '../notices';
import { formatCell } from './cell-format';
import { type ChildRegister, lineActions, lineColumns, lineInputs } from './child-lines';
import { type FormValues, toPayload } from './form-schema';
import { type FollowedValues, followedColumns } from './lookup-sources';
import { useFollowedValues } from './use-followed-values';
import { useFieldSetup, VALIDATION_MODES } from './use-field-setup';

/** The line being edited: a new one, or a stored one. */
export type LineEditing = { kind: 'new' } | { kind: 'line'; line: RecordRow };

export interface ChildLinesOptions {
  /** The parent's entry and primary key. */
  parentEntry: string;
  parentKey: string;
  /** The parent's workflow state (lines are frozen once it is closed). */
  parentState: StateDef | undefined;
  /** Read only once the tab is shown. */
  active: boolean;
  /** The lines are this user's to add, change and delete (the register's editors say whose they are). */
  theirs: boolean;
  /** Told when the line form gets or loses unsaved changes (the record form asks before they are lost). */
  onUnsaved?: (unsaved: boolean) => void;
}

export function useChildLinesEditor(
  child: ChildRegister,
  { parentEntry, parentKey, parentState, active, theirs, onUnsaved }: ChildLinesOptions,
) {
  const meta = child.screen;
  const lines = useChildLines(meta, child.key, parentKey, active);
  const columns = useMemo(() => lineColumns(child), [child]);
  const inputs = useMemo(() => lineInputs(child), [child]);

  // Look-ups with `same` offer the rows agreeing with the line's values (its parent's key among them).
  const [followed, setFollowed] = useState<FollowedValues>({});
  const followNames = useMemo(() => followedColumns(inputs), [inputs]);
  const parentValues = useMemo(() => ({ [child.key]: parentKey }), [child.key, parentKey]);
  const { lookups, choices, schema, blank, valuesOf } = useFieldSetup(meta, inputs, inputs, null, followed);
  const actions = lineActions(child, parentState, theirs);
  const { create, update, remove } = useRecordChanges(meta.entry, { entry: parentEntry, key: parentKey });
  const [editing, setEditing] = useState<LineEditing | null>(null);

  const form = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: blank,
    ...VALIDATION_MODES,
  });
  useFollowedValues(form, followNames, setFollowed, parentValues);
  const { reset, setError, handleSubmit } = form;
  const stopEditing = () => {
    setEditing(null);
    reset(blank);
  };
  const cancel = useDiscardGuard(form.formState.isDirty, stopEditing);
  const unsaved = editing !== null && form.formState.isDirty;
  useEffect(() => onUnsaved?.(unsaved), [onUnsaved, unsaved]);

  const keyOf = (line: RecordRow) => String(line[meta.primary_key] ?? '');

  const startAdding = () => {
    reset(blank);
    setEditing({ kind: 'new' });
  };
  const startEditing = (line: RecordRow) => {
    reset(valuesOf(line));
    setEditing({ kind: 'line', line });
  };

  const showServerProblem = (error: unknown) => {
    if (error instanceof GatewayError) {
      const named = Object.entries(error.fields).filter(([field]) => inputs.some((c) => c.name === field));
      named.forEach(([field, message], index) =>
        setError(field, { type: 'server', message }, { shouldFocus: index === 0 }),
      );
    }
    noticeError(error);
  };

  const save = handleSubmit(async (values) => {
    if (editing === null) return;
    if (!(await confirm(CONFIRM_SAVE))) {
      noticeDeclined('Submitting Details');
      return;
    }
    const body = toPayload(inputs, values);
    try {
      if (editing.kind === 'new') {
        const reply = await create.mutateAsync({ ...body, [child.key]: parentKey });
        noticeSuccess(reply.message || 'Submitted Successfully');
      } else {
        const version = String(editing.line[ROW_VERSION] ?? '');
        const reply = await update.mutateAsync({
          id: keyOf(editing.line),
          body: { ...body, [ROW_VERSION]: version },
        });
        noticeSuccess(reply.message || 'Updated Successfully');
      }
      stopEditing();
    } catch (error) {
      showServerProblem(error);
    }
  });

  const destroy = async (line: RecordRow) => {
    if (!actions.remove) return;
    if (!(await confirm(CONFIRM_DELETE))) {
      noticeDeclined('Submitting Details');
      return;
    }
    try {
      const reply = await remove.mutateAsync({ id: keyOf(line), version: String(line[ROW_VERSION] ?? '') });
      noticeSuccess(reply.message || 'Deleted Successfully');
      if (editing?.kind === 'line' && keyOf(editing.line) === keyOf(line)) stopEditing();
    } catch (error) {
      noticeError(error);
    }
  };

  /** A cell of the list of lines, in the console's formats (look-ups by name). */
  const cellText = (column: (typeof columns)[number], line: RecordRow) =>
    formatCell(column, line[column.name], {
      primaryKey: meta.primary_key,
      names: column.lookup ? lines.data?.names.get(column.name) : undefined,
    });

  return {
    title: child.title,
    lines: lines.data?.rows,
    loading: lines.isPending && active,
    loadError: lines.isError ? lines.error : null,
    columns,
    cellText,
    keyOf,
    actions,
    readOnly: !actions.add && !actions.edit && !actions.remove,
    editing,
    startAdding,
    startEditing,
    cancel,
    form,
    inputs,
    choices,
    lookups,
    save,
    destroy,
    busy: create.isPending || update.isPending || remove.isPending,
    saving: create.isPending || update.isPending,
  };
}

export type ChildLinesController = ReturnType<typeof useChildLinesEditor>;
