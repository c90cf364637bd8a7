/**
 * How a record's history reads (`GET /api/data/{entry}/{id}/history`): each step's heading ("Created",
 * "Changed", or the transition's label), and each field change as "Label: before → after" with values in the
 * console's formats (dates DD MMM, YYYY, amounts grouped, flags Yes/No; empty as —). The gateway has already put
 * look-ups' display names in place of their keys. The gateway words its labels in English (the registry's): they
 * are shown in the user's language, a column's label as the screen's (translated) description gives it.
 */
import type { ColumnDef, FieldChange, HistoryEntry, ScreenMeta } from '../../api/schema';
import { registryLabel, translate } from '../../lib/i18n';
import { formatCell } from './cell-format';

export const EMPTY_VALUE = '—';

/** The heading of a step of the history; a change to one of the record's lines names its register. */
export function historyHeading(entry: Pick<HistoryEntry, 'action' | 'transition' | 'line'>): string {
  if (entry.line) {
    const line = translate(entry.line);
    switch (entry.action) {
      case 'create':
        return translate('{{line}}: line added', { line });
      case 'delete':
        return translate('{{line}}: line removed', { line });
      default:
        return translate('{{line}}: line changed', { line });
    }
  }
  switch (entry.action) {
    case 'create':
      return translate('Created');
    case 'update':
      return translate('Changed');
    case 'delete':
      return translate('Deleted');
    case 'transition':
      return entry.transition ? translate(entry.transition) : translate('Transition');
    case 'file-upload':
      return translate('File added');
    case 'file-delete':
      return translate('File removed');
    case 'file-restore':
      return translate('File restored');
    default: {
      // Other recorded actions (`file-upload`) in words.
      const words = entry.action.replace(/[-_]+/g, ' ').trim();
      return words ? translate(words.charAt(0).toUpperCase() + words.slice(1)) : translate('Changed');
    }
  }
}

/** A value of a change as text: the column's format when the screen describes it, — when empty. */
export function changeValue(value: unknown, column: ColumnDef | undefined, primaryKey: string): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  // A look-up column's value is its display name already, which `formatCell` shows as it is (no names given).
  const text = column
    ? formatCell(column, value, { primaryKey })
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);
  return text === '' ? EMPTY_VALUE : text;
}

/**
 * A field change as one line: "Label: before → after", the gateway's label in the user's language (as the register
 * `entry` words it, when given).
 */
export function changeText(
  change: FieldChange,
  meta: Pick<ScreenMeta, 'columns' | 'primary_key'> & Partial<Pick<ScreenMeta, 'entry'>>,
): string {
  const column = meta.columns.find((c) => c.name === change.field);
  const before = changeValue(change.before, column, meta.primary_key);
  const after = changeValue(change.after, column, meta.primary_key);
  const label = meta.entry ? registryLabel(meta.entry, change.field, change.label) : translate(change.label);
  return `${label}: ${before} → ${after}`;
}

/**
 * The changes a step shows: a transition's move of the state column is its from → to already, and a new record's
 * state is shown by its heading, so neither is repeated as a change; nor is the key a new record was given.
 */
export function shownChanges(
  entry: Pick<HistoryEntry, 'action' | 'changes'>,
  { stateColumn, primaryKey }: { stateColumn?: string; primaryKey?: string },
): FieldChange[] {
  const badged = entry.action === 'transition' || entry.action === 'create';
  return entry.changes.filter(
    (change) =>
      !(badged && stateColumn !== undefined && change.field === stateColumn) &&
      !(entry.action === 'create' && change.field === primaryKey),
  );
}

/** The state a new record started in (its state column's value in the creating step), if the step records one. */
export function createdState(
  entry: Pick<HistoryEntry, 'action' | 'changes'>,
  stateColumn: string | undefined,
): string | null {
  if (entry.action !== 'create' || stateColumn === undefined) return null;
  const after = entry.changes.find((change) => change.field === stateColumn)?.after;
  return typeof after === 'string' && after !== '' ? after : null;
}
