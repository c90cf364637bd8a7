/**
 * The Set Reminder modal, headless (docs/console.md §2, §4): the user's alerts, the add/update form in create or
 * update mode, the recipients picked one at a time, the confirmations, and after a save or delete the form reset
 * and the lists reloaded. The views only draw what this gives.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';

import { GatewayError } from '../../api/client';
import { type ReminderAlert, type UserListEntry, useReminders, useUserList } from '../../api/console';
import { useReminderChanges } from '../../api/reminders';
import { translate } from '../../lib/i18n';
import { useSession } from '../../lib/use-session';
import {
  CONFIRM_DELETE,
  CONFIRM_SAVE,
  confirm,
  noticeDeclined,
  noticeError,
  noticeSuccess,
} from '../notices';
import {
  blankReminder,
  reminderFromAlert,
  reminderPayload,
  type ReminderValues,
  reminderSchema,
} from './reminder-schema';

export type ReminderTab = 'list' | 'add';

const currentPage = () => window.location.pathname + window.location.search;

export function useReminderForm(opened: boolean) {
  const session = useSession();
  const reminders = useReminders();
  const users = useUserList();
  const { create, update, remove } = useReminderChanges();
  const [tab, setTab] = useState<ReminderTab>('list');
  const [editing, setEditing] = useState<ReminderAlert | null>(null);
  const [recipients, setRecipients] = useState<UserListEntry[]>([]);
  const [pick, setPick] = useState<string | null>(null);
  const form = useForm<ReminderValues>({
    resolver: zodResolver(reminderSchema),
    defaultValues: blankReminder(currentPage()),
  });

  // docs/console.md §5: the URL is the current page's, and the header (with this modal) outlives page changes.
  const { setValue } = form;
  useEffect(() => {
    if (opened && !editing) setValue('c_url', currentPage());
  }, [opened, editing, setValue]);

  /** The gateway's message for a field of the last failed save (in the user's language when the file has it). */
  const serverError = (field: string): string | undefined => {
    const message = [create.error, update.error].find((e) => e instanceof GatewayError)?.fields[field];
    return message === undefined ? undefined : translate(message);
  };

  const reset = () => {
    setEditing(null);
    setRecipients([]);
    setPick(null);
    form.reset(blankReminder(currentPage()));
  };

  const startEdit = (alert: ReminderAlert) => {
    setEditing(alert);
    setRecipients([]);
    form.reset(reminderFromAlert(alert));
    setTab('add');
  };

  const save = form.handleSubmit(async (values) => {
    if (!(await confirm(CONFIRM_SAVE))) return noticeDeclined('Submitting Details');
    const payload = reminderPayload(values, session?.id ?? 0, recipients);
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, payload });
        noticeSuccess('Updated Successfully');
      } else {
        await create.mutateAsync(payload);
        noticeSuccess('Submitted Successfully');
      }
      reset();
      setTab('list');
    } catch (error) {
      noticeError(error);
    }
  });

  const deleteEditing = async () => {
    if (!editing) return;
    if (!(await confirm(CONFIRM_DELETE))) return noticeDeclined('Submitting Details');
    try {
      await remove.mutateAsync(editing.id);
      noticeSuccess('Deleted Successfully');
      reset();
      setTab('list');
    } catch (error) {
      noticeError(error);
    }
  };

  /** docs/console.md §5: recipients are chosen one at a time; duplicates are not prevented. */
  const addRecipient = () => {
    const user = users.data?.find((u) => String(u.id) === pick);
    if (user) setRecipients((list) => [...list, user]);
    setPick(null);
  };
  const removeRecipient = (index: number) => setRecipients((list) => list.filter((_, i) => i !== index));

  return {
    userId: session?.id ?? null,
    alerts: reminders.data ?? [],
    people: (users.data ?? []).map((u) => ({ value: String(u.id), label: `${u.name} (${u.email})` })),
    tab,
    setTab,
    editing,
    startEdit,
    reset,
    form,
    serverError,
    save,
    saving: create.isPending || update.isPending,
    deleteEditing,
    deleting: remove.isPending,
    pick,
    setPick,
    recipients,
    addRecipient,
    removeRecipient,
  };
}

export type ReminderForm = ReturnType<typeof useReminderForm>;
