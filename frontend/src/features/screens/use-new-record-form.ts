/**
 * A new record's form for a screen that sends the record another way than the record form (an upload with its
 * files, an explorer's folder): the register's own sections at the workflow's first state, what this user may
 * fill, the look-ups and choices, and the zod schema of the register's rules, all from the metadata. Drawn with
 * `FieldGrid`; the values become the record's body with `payload`. The one way a record's fields are laid out and
 * checked. A register without a workflow edits a stored record with the same fields, started from its values.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';

import { useMe } from '../../api/auth';
import type { ColumnDef, ScreenMeta } from '../../api/schema';
import { type FormValues, formSections, toPayload } from './form-schema';
import { type FollowedValues, followedColumns } from './lookup-sources';
import { useFieldSetup, VALIDATION_MODES } from './use-field-setup';
import { useFollowedValues } from './use-followed-values';
import { useOnlyChoices } from './use-only-choices';
import { creatableNames, creatorColumn, editableByParty, performerOf } from './workflow';

/**
 * The fields of a new record, without a form: what is shown and what this user may fill at the first state, the
 * look-ups, choices and zod schema, the blank values; for a screen that checks many records at once (a bulk upload's
 * sheet) as the form checks one.
 */
export function useNewRecordFields(meta: ScreenMeta, followed: FollowedValues = {}) {
  const workflow = meta.workflow ?? undefined;
  const me = useMe();
  const sections = useMemo(
    () => formSections(meta, { existing: false, state: workflow?.initial }),
    [meta, workflow],
  );
  const shown = useMemo(() => sections.flatMap((section) => section.columns), [sections]);
  const inputs = useMemo(() => shown.filter((column) => column.read_only !== true), [shown]);
  const performer = me.data ? performerOf(me.data) : undefined;
  const creator = creatorColumn(meta.columns);
  // What the first state lets one fill, of it what is this user's (the register's `[[workflow.editors]]`).
  const editable = useMemo(
    () =>
      editableByParty(workflow, meta.sections, creatableNames(workflow, inputs), null, performer, creator),
    [workflow, meta.sections, inputs, performer, creator],
  );
  const editableInputs = useMemo(
    () => inputs.filter((column) => editable.has(column.name)),
    [inputs, editable],
  );
  const { lookups, choices, schema, blank } = useFieldSetup(meta, shown, editableInputs, null, followed);
  return {
    sections,
    shown,
    /** What this user may fill, in the form's order. */
    editableInputs,
    lookups,
    choices,
    schema,
    blank,
    /** Shown, not editable: what the first state or the user's part leaves to others. */
    isReadOnly: (column: ColumnDef) => !editable.has(column.name),
    /** The fields one may fill, as the record's body: blank is null. */
    payload: (values: FormValues) => toPayload(editableInputs, values),
  };
}

/**
 * `starting`: values the form starts from over the register's defaults (a folder's metadata), read once; an empty
 * one keeps the default.
 */
export function useNewRecordForm(meta: ScreenMeta, starting: Readonly<Record<string, string>>) {
  const [followed, setFollowed] = useState<FollowedValues>({});
  const fields = useNewRecordFields(meta, followed);
  const { shown, schema, blank } = fields;
  const followNames = useMemo(() => followedColumns(shown), [shown]);
  // Only what the caller knows: an empty value leaves the register's default (level ZZ) in place.
  const startingRef = useRef(
    Object.fromEntries(Object.entries(starting).filter(([, value]) => value.trim() !== '')),
  );
  const form = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: { ...blank, ...startingRef.current },
    ...VALIDATION_MODES,
  });
  useFollowedValues(form, followNames, setFollowed);
  useOnlyChoices(form, fields.editableInputs, fields.lookups, true);
  const { reset } = form;
  useEffect(() => {
    // The defaults that need the user (their package) arrive later: kept under what was typed meanwhile.
    reset({ ...blank, ...startingRef.current }, { keepDirtyValues: true });
  }, [blank, reset]);

  const { sections, lookups, choices, isReadOnly, payload } = fields;
  return { form, sections, lookups, choices, isReadOnly, payload };
}
