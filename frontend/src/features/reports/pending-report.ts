/**
 * The pending list report's figures, from the rows the gateway sends: who has how much waiting (and how much of it
 * overdue, and the longest wait), the rows a filter keeps, and those rows as a table file. Pure.
 */
import type { PendingReportRow } from '../../api/schema';
import { translate } from '../../lib/i18n';
import type { TableFile, TableRow } from '../../lib/table-file';

export interface PersonLoad {
  id: number;
  name: string;
  count: number;
  overdue: number;
  longestWait: number | null;
}

export interface PendingFilter {
  /** A user id, or null for everyone. */
  person: number | null;
  /** A register's title, or null for every register. */
  register: string | null;
  overdueOnly: boolean;
}

export const NO_FILTER: PendingFilter = { person: null, register: null, overdueOnly: false };

export function personName(row: Pick<PendingReportRow, 'waiting_on' | 'waiting_on_name'>): string {
  return row.waiting_on_name ?? translate('User {{id}}', { id: row.waiting_on });
}

/** Each person with something waiting on them: most overdue first, then most waiting, then by name. */
export function peopleLoad(rows: readonly PendingReportRow[]): PersonLoad[] {
  const people = new Map<number, PersonLoad>();
  for (const row of rows) {
    const person = people.get(row.waiting_on) ?? {
      id: row.waiting_on,
      name: personName(row),
      count: 0,
      overdue: 0,
      longestWait: null,
    };
    person.count += 1;
    if (row.document.overdue) person.overdue += 1;
    const days = row.document.days_waiting;
    if (days !== null && days !== undefined) person.longestWait = Math.max(person.longestWait ?? 0, days);
    people.set(row.waiting_on, person);
  }
  return [...people.values()].sort(
    (a, b) => b.overdue - a.overdue || b.count - a.count || a.name.localeCompare(b.name),
  );
}

/** The registers that have rows, by title. */
export function registersOf(rows: readonly PendingReportRow[]): string[] {
  return [...new Set(rows.map((row) => row.register))].sort((a, b) => a.localeCompare(b));
}

/** The rows the filter keeps: overdue first, then the longest waiting, then by register and number. */
export function filterRows(rows: readonly PendingReportRow[], filter: PendingFilter): PendingReportRow[] {
  return rows
    .filter(
      (row) =>
        (filter.person === null || row.waiting_on === filter.person) &&
        (filter.register === null || row.register === filter.register) &&
        (!filter.overdueOnly || row.document.overdue === true),
    )
    .sort(
      (a, b) =>
        Number(b.document.overdue ?? false) - Number(a.document.overdue ?? false) ||
        (b.document.days_waiting ?? -1) - (a.document.days_waiting ?? -1) ||
        a.register.localeCompare(b.register) ||
        (a.document.c_doc_no ?? '').localeCompare(b.document.c_doc_no ?? ''),
    );
}

/** The sheet's headers in English (the file has them in the user's language). */
export const REPORT_HEADERS = [
  'Waiting on',
  'Register',
  'Number',
  'Title',
  'Due',
  'Overdue',
  'Days waiting',
] as const;

/** The rows as the report's sheet: due dates as dates. */
export function reportTable(rows: readonly PendingReportRow[]): TableFile {
  const body: TableRow[] = rows.map((row) => [
    personName(row),
    row.register,
    row.document.c_doc_no ?? '',
    row.document.title ?? '',
    row.document.due ? new Date(`${row.document.due}T00:00:00`) : null,
    row.document.overdue ? translate('Yes') : translate('No'),
    row.document.days_waiting ?? null,
  ]);
  return {
    sheet: translate('Pending list'),
    headers: REPORT_HEADERS.map((header) => translate(header)),
    rows: body,
    widths: [24, 28, 22, 48, 12, 9, 12],
  };
}
