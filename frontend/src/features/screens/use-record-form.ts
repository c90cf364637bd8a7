/**
 * The record form of a data screen, headless: its sections and choices from the metadata, the record (with its row
 * version) for editing, the gateway's rules before sending (every field's and the screen's rules over several
 * fields, all at once, before the confirmation), the confirmations of docs/console.md §5 and notices of §8, every
 * 422 message of the gateway under its input, on a 409 for a stale version an offer to reload the record, what the
 * user may do here (`actions` of the screen: a viewer gets the record read-only), and a question before a changed
 * form is closed. For a register with a workflow also: the record's state, the fields its state leaves editable
 * (the others, like the server-given number, are shown read-only), and the transitions the user may perform on it.
 * The view (`RecordForm`) only draws what it gets.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';

import { useMe } from '../../api/auth';
import { GatewayError } from '../../api/client';
import type { ColumnDef, ScreenMeta, TransitionDef } from '../../api/schema';
import {
  type RecordRow,
  screenKeys,
  useRecord,
  useRecordChanges,
  useRecordCopy,
  useRecordHistory,
} from '../../api/screens';
import { todayInIndia } from '../../lib/format';
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
import { type FormValues, formSections, toPayload } from './form-schema';
import { failedGuard } from './step-guards';
import { useFieldSetup, VALIDATION_MODES } from './use-field-setup';
import { type FollowedValues, followedColumns, PACKAGE_ENTRY } from './lookup-sources';
import { useFollowedValues } from './use-followed-values';
import { useOnlyChoices } from './use-only-choices';
import { followUpValues } from './follow-ups';
import { fieldNotes, latestStep } from './step-notes';
import {
  creatableNames,
  creatorColumn,
  editableByParty,
  editableNames,
  isOverdue,
  mayEditLines,
  performerOf,
  stateOf,
  transitionsOpenTo,
} from './workflow';

/** The gateway's code for an update over a changed row version. */
export const STALE_VERSION = 'PMIS-R409V';

export interface RecordFormEvents {
  onClose: () => void;
  /** A new record was saved: shown next (its number, state and transitions) instead of closing the form. */
  onCreated?: (key: string) => void;
  /** A new record is started from this one (a letter's Reply), with these starting values. */
  onFollowUp?: (starting: Readonly<Record<string, string>>) => void;
}

const NO_TRANSITIONS: TransitionDef[] = [];

export function useRecordForm(
  meta: ScreenMeta,
  recordKey: string | null,
  { onClose, onCreated, onFollowUp }: RecordFormEvents,
  /** A new record's values over its defaults (a reply's, from the letter answered). */
  starting?: Readonly<Record<string, string>>,
) {
  const editing = recordKey !== null;
  const queryClient = useQueryClient();
  const workflow = meta.workflow ?? undefined;
  const record = useRecord(meta.entry, recordKey);
  const me = useMe();
  const { create, update, remove } = useRecordChanges(meta.entry);
  const [stale, setStale] = useState<string | null>(null);

  // A new record starts in the workflow's initial state; a stored one is in the state it holds.
  const stateName = editing ? record.data?.[workflow?.state_column ?? ''] : workflow?.initial;
  const state = workflow ? stateOf(workflow, stateName) : undefined;
  const sections = useMemo(
    () => formSections(meta, { existing: editing, state: stateName }),
    [meta, editing, stateName],
  );
  const shown = useMemo(() => sections.flatMap((s) => s.columns), [sections]);
  const inputs = useMemo(() => shown.filter((column) => column.read_only !== true), [shown]);
  const performer = me.data ? performerOf(me.data) : undefined;
  const creator = creatorColumn(meta.columns);
  // What the state leaves editable, of it what is this user's to change (the raiser's description, the
  // responder's answer).
  const fixed = meta.fixed;
  const editable = useMemo(
    () =>
      withoutFixed(
        editableByParty(
          workflow,
          meta.sections,
          // A new record what its initial state lets one fill; a stored one what its state leaves editable.
          editing ? editableNames(workflow, stateName, inputs) : creatableNames(workflow, inputs),
          editing ? (record.data ?? null) : null,
          performer,
          creator,
        ),
        fixed,
      ),
    [workflow, meta.sections, stateName, inputs, editing, record.data, performer, creator, fixed],
  );
  const editableInputs = useMemo(() => inputs.filter((c) => editable.has(c.name)), [inputs, editable]);
  // People are picked for this record (its package and creator), or for a new one of the package chosen so far;
  // look-ups with `same` offer the rows agreeing with the form's values.
  const packageColumn = meta.columns.find((column) => column.lookup?.entry === PACKAGE_ENTRY)?.name;
  const [followed, setFollowed] = useState<FollowedValues>({});
  const followNames = useMemo(
    () => [...new Set([...followedColumns(shown), ...(packageColumn && !editing ? [packageColumn] : [])])],
    [shown, packageColumn, editing],
  );
  const pickPackage = packageColumn && !editing ? (followed[packageColumn] ?? '') : '';
  const people = useMemo(
    () =>
      workflow?.people
        ? {
            entry: meta.entry,
            rules: workflow.people,
            record: editing ? recordKey : null,
            package: pickPackage,
          }
        : null,
    [workflow, meta.entry, editing, recordKey, pickPackage],
  );
  // Look-ups and choices of every field shown; only the editable ones are checked.
  const { lookups, choices, schema, blank, valuesOf } = useFieldSetup(
    meta,
    shown,
    editableInputs,
    people,
    followed,
  );
  const startWith = useMemo(() => (starting ? { ...blank, ...starting } : blank), [blank, starting]);
  const form = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: startWith,
    ...VALIDATION_MODES,
  });
  useFollowedValues(form, followNames, setFollowed);
  useOnlyChoices(form, editableInputs, lookups, !editing);
  const { reset, setError, handleSubmit } = form;
  // A new record needs `create`; changing one `update` and a state that leaves something editable; otherwise the
  // record is shown read-only.
  const canSave = (editing ? meta.actions.update : meta.actions.create) && editable.size > 0;
  // Only a record still in a draft state can be deleted (the gateway refuses the others).
  const canDelete =
    editing &&
    meta.actions.delete &&
    (workflow === undefined || state === undefined || state.category === 'draft');
  // A line form left half-filled in a child tab counts as a change too: closing asks first.
  const [unsavedLines, setUnsavedLines] = useState<ReadonlySet<string>>(new Set());
  const linesChanged = (child: string, changed: boolean) =>
    setUnsavedLines((now) => {
      if (now.has(child) === changed) return now;
      const next = new Set(now);
      if (changed) next.add(child);
      else next.delete(child);
      return next;
    });
  const close = useDiscardGuard(form.formState.isDirty || unsavedLines.size > 0, onClose);

  useEffect(() => {
    // A new record starts from its defaults (worked out once the user is known), without losing what was typed.
    if (recordKey === null) reset(startWith, { keepDirtyValues: true });
    // A record read again (its totals changed with its lines, a transition moved it) keeps what the user typed.
    else if (record.data) reset(valuesOf(record.data), { keepDirtyValues: true });
  }, [recordKey, record.data, valuesOf, startWith, reset]);

  const version = record.data ? String(record.data[ROW_VERSION] ?? '') : '';
  // Writes name the record by its key once it is read (it may have been opened by an opaque `r.…` reference).
  const key = record.data ? String(record.data[meta.primary_key] ?? recordKey) : recordKey;

  const transitions = useMemo(
    () =>
      workflow && record.data && me.data
        ? transitionsOpenTo(workflow, record.data, performerOf(me.data), meta.columns)
        : NO_TRANSITIONS,
    [workflow, record.data, me.data, meta.columns],
  );

  const isReadOnly = (column: ColumnDef) => !canSave || !editable.has(column.name);

  // What the next steps will ask for, and due dates already past: said under the fields, never refused here.
  const watched = form.watch();
  const notes = useMemo(
    () =>
      fieldNotes({
        workflow,
        transitions: editing ? transitions : [],
        record: record.data ?? null,
        values: watched,
        editable,
        today: todayInIndia(),
      }),
    [workflow, transitions, editing, record.data, watched, editable],
  );
  const history = useRecordHistory(meta.entry, key ?? '', editing && key !== null && workflow !== undefined);
  const lastStep = useMemo(() => latestStep(history.data), [history.data]);
  /**
   * Why a transition cannot be done yet, from its guards over the record as stored (`guards` of the screen): the
   * message of the first one that is false; null when none is (an unknown one is the gateway's to judge).
   */
  const blockedBy = (transition: TransitionDef): string | null =>
    record.data
      ? (failedGuard(meta.guards ?? [], transition, meta.columns, record.data)?.message ?? null)
      : null;

  /** Whether the lines of the child register `child` are this user's to change (the register's editors). */
  const linesAreMine = (child: string) =>
    mayEditLines(workflow, child, record.data ?? null, performer, creator);

  /**
   * After a transition (`after`: the record as it now is): a user who sees the register only for what waits on
   * them cannot read a record sent on to someone else, so its form closes; anyone else stays on the record.
   */
  const transitioned = (after: RecordRow) => {
    const ball = workflow?.ball_in_court;
    const stillMine = ball && me.data ? String(after[ball] ?? '') === String(me.data.user.id) : false;
    if (meta.waiting_only === true && !stillMine) onClose();
  };

  const showServerProblem = (error: unknown) => {
    if (error instanceof GatewayError) {
      if (error.status === 409 && error.code === STALE_VERSION) {
        setStale(error.message);
        return;
      }
      // Every field the gateway names gets its message; the first one is focused.
      const named = Object.entries(error.fields).filter(([field]) => shown.some((c) => c.name === field));
      named.forEach(([field, message], index) =>
        setError(field, { type: 'server', message }, { shouldFocus: index === 0 }),
      );
    }
    noticeError(error);
  };

  /**
   * Saves the form; a saved record stays open (as a new one does), so the next step is at hand. With `then`, the
   * step's own form opens once the changes are saved ("Save and submit").
   */
  const saveThen = (then?: () => void) =>
    handleSubmit(async (values) => {
      if (!canSave) return;
      if (!(await confirm(CONFIRM_SAVE))) {
        noticeDeclined('Submitting Details');
        return;
      }
      await write(values, then);
    });

  const write = async (values: FormValues, then?: () => void) => {
    // Only what the record's state lets change is sent.
    // A new record takes what the route fixes (shown, not editable).
    const body = { ...toPayload(editableInputs, values), ...(editing ? {} : fixed) };
    try {
      if (editing && key !== null) {
        const reply = await update.mutateAsync({ id: key, body: { ...body, [ROW_VERSION]: version } });
        noticeSuccess(reply.message || 'Updated Successfully');
        // A register with a workflow keeps the record open (its next step is at hand), shown as saved; a master's
        // form closes, as after Save.
        if (workflow === undefined) onClose();
        else {
          // The record as stored now (its new row version with it), so the next write names the right version.
          queryClient.setQueryData(screenKeys.record(meta.entry, recordKey ?? ''), reply.data);
          reset(valuesOf(reply.data));
          then?.();
        }
      } else {
        const reply = await create.mutateAsync(body);
        noticeSuccess(reply.message || 'Submitted Successfully');
        const created = reply.id ?? reply.data[meta.primary_key];
        if (onCreated && created !== null && created !== undefined) {
          // Shown as saved, without asking about the changes just saved.
          reset(values);
          onCreated(String(created));
        } else onClose();
      }
    } catch (error) {
      showServerProblem(error);
    }
  };

  const save = saveThen();

  const destroy = async () => {
    if (key === null || !canDelete) return;
    if (!(await confirm(CONFIRM_DELETE))) {
      noticeDeclined('Submitting Details');
      return;
    }
    try {
      const reply = await remove.mutateAsync({ id: key, version });
      noticeSuccess(reply.message || 'Deleted Successfully');
      onClose();
    } catch (error) {
      showServerProblem(error);
    }
  };

  // A register that copies records ("copy yesterday's report") offers it to those who may create one.
  const copier = useRecordCopy(meta.entry);
  const canCopy = editing && meta.copy != null && meta.actions.create && record.data !== undefined;
  const copy = async () => {
    if (!canCopy || key === null) return;
    if (!(await confirm(CONFIRM_SAVE))) {
      noticeDeclined('Submitting Details');
      return;
    }
    try {
      const reply = await copier.mutateAsync(key);
      noticeSuccess(reply.message || 'Submitted Successfully');
      const created = reply.id ?? reply.data[meta.primary_key];
      if (onCreated && created !== null && created !== undefined) onCreated(String(created));
      else onClose();
    } catch (error) {
      noticeError(error);
    }
  };

  const reload = async () => {
    setStale(null);
    const fresh = await record.refetch();
    if (fresh.data) reset(valuesOf(fresh.data));
  };

  return {
    form,
    sections,
    choices,
    lookups,
    editing,
    canSave,
    canDelete,
    /** Saves the changes, then opens the step's form (`then`). */
    saveThen,
    /** The register's copy (its button's label), when the user may copy this record. */
    copyLabel: canCopy ? (meta.copy?.label ?? null) : null,
    /** The new records this one starts (Reply, Forward), when the user may create them. */
    followUps:
      editing && meta.actions.create && record.data && onFollowUp
        ? (meta.follow_ups ?? []).map((followUp) => {
            const stored = record.data;
            return { label: followUp.label, start: () => onFollowUp(followUpValues(followUp, stored ?? {})) };
          })
        : [],
    copy,
    copying: copier.isPending,
    /** A word under fields: what the next steps open to the user will need, a due date already past. */
    notes,
    /** The record's last step, when it came with a comment (a return, a refusal): who, when, why. */
    lastStep,
    isReadOnly,
    blockedBy,
    linesAreMine,
    /** A child tab's line form has unsaved changes (or no longer has). */
    linesChanged,
    /** The record's workflow state (a new record's: the initial one); undefined without a workflow. */
    state,
    /** The record's due date has passed while it is not closed. */
    overdue:
      workflow !== undefined && record.data !== undefined && isOverdue(workflow, record.data, todayInIndia()),
    /** The record as stored (null for a new record or until it is read). */
    record: record.data ?? null,
    /** The record's key for writes and its history (its primary key once read). */
    recordKey: key,
    /** The transitions out of the record's state that the user may perform. */
    transitions,
    transitioned,
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

export type RecordFormController = ReturnType<typeof useRecordForm>;

/** What the route fixes (`fixed`) is never the user's to change: a new record takes it, a stored one keeps it. */
function withoutFixed(editable: ReadonlySet<string>, fixed: Readonly<Record<string, string>> | undefined) {
  const names = Object.keys(fixed ?? {});
  if (!names.some((name) => editable.has(name))) return editable;
  return new Set([...editable].filter((name) => !names.includes(name)));
}
