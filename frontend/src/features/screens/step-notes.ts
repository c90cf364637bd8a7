/**
 * What a record form says about its workflow besides the fields' own rules, for any register: which empty fields
 * the next steps open to the user will need ("Needed to Submit to engineer"), a due date already past (a warning,
 * never a refusal: the registry's rules refuse where a register says so), and the record's last step when it came
 * with a comment ("Return for clarification by Arjun Mehta on 24 Nov, 2026: …"), shown at the top of the form while
 * the record is still where that step left it.
 */
import type { HistoryEntry, TransitionDef, WorkflowDef } from '../../api/schema';
import { translate } from '../../lib/i18n';
import type { FieldNote } from './field-input';

type Row = Readonly<Record<string, unknown>>;

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

export interface NoteInputs {
  workflow: WorkflowDef | undefined;
  /** The transitions open to the user now. */
  transitions: readonly TransitionDef[];
  /** The record as stored (null for a new one). */
  record: Row | null;
  /** The form's values now. */
  values: Readonly<Record<string, string>>;
  /** The fields the user may change. */
  editable: ReadonlySet<string>;
  /** `YYYY-MM-DD`. */
  today: string;
}

/** The notes of the form's fields, by column name. */
export function fieldNotes({
  workflow,
  transitions,
  record,
  values,
  editable,
  today,
}: NoteInputs): Map<string, FieldNote> {
  const notes = new Map<string, FieldNote>();
  if (!workflow) return notes;
  // A due date already past, in a field the user is filling in (the record's own due dates, per step or not).
  const dueColumns = new Set([workflow.due, ...workflow.states.map((state) => state.due)].filter(Boolean));
  for (const column of dueColumns) {
    if (!column || !editable.has(column)) continue;
    const value = values[column] ?? '';
    if (/^\d{4}-\d{2}-\d{2}$/.test(value) && value < today && value !== String(record?.[column] ?? '')) {
      notes.set(column, { text: translate('This date has already passed'), tone: 'warning' });
    }
  }
  // What the next steps need and the record does not have yet (filled with the step, or here before it).
  for (const transition of transitions) {
    for (const column of transition.requires ?? []) {
      const filled = !isEmpty(values[column]) || (record !== null && !isEmpty(record[column]));
      if (filled || notes.has(column)) continue;
      notes.set(column, {
        text: translate('Needed to {{step}}', { step: transition.label }),
        tone: 'info',
      });
    }
  }
  return notes;
}

/** A record's last step, as the top of its form tells it. */
export interface LastStep {
  label: string;
  by: string;
  at: string;
  comment: string;
}

/** The latest entry of a record's history when it is a transition with a comment (newest first, as the gateway gives it). */
export function latestStep(history: readonly HistoryEntry[] | undefined): LastStep | null {
  const latest = history?.find((entry) => entry.action === 'transition');
  if (!latest?.comment) return null;
  return {
    // The transition's label as the gateway gives it (English): its reader translates it where it is shown.
    label: latest.transition ?? 'Last step',
    by: latest.by ?? translate('someone'),
    at: latest.at,
    comment: latest.comment,
  };
}
