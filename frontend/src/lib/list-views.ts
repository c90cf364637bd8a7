/**
 * The one-click views of a workflow register's list (every register with a workflow has them): the records waiting
 * on me, those I raised, and those overdue (the due date of the step each waits in has passed), each a condition in
 * the filter language (schema-registry/README.md) the list's pages and exports carry. Which view a person last
 * chose is kept per person and screen in the browser.
 */
import type { ColumnDef, WorkflowDef } from '../api/schema';

export type ListView = 'all' | 'mine' | 'raised' | 'overdue';

export const LIST_VIEWS: { value: ListView; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'mine', label: 'Waiting on me' },
  { value: 'raised', label: 'Raised by me' },
  { value: 'overdue', label: 'Overdue' },
];

/** A text literal of the filter language. */
function quoted(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** The views a register offers: none without a workflow; "Waiting on me" needs a ball-in-court, "Raised by me" a creator. */
export function viewsOf(workflow: WorkflowDef | null | undefined, columns: readonly ColumnDef[]): ListView[] {
  if (!workflow) return [];
  const views: ListView[] = ['all'];
  if (workflow.ball_in_court) views.push('mine');
  if (columns.some((column) => column.stamp === 'creator')) views.push('raised');
  if (workflow.due || workflow.states.some((state) => state.due)) views.push('overdue');
  return views.length > 1 ? views : [];
}

/** The condition of `view` for user `me` on `today` (`YYYY-MM-DD`); undefined for "All". */
export function viewFilter(
  view: ListView,
  workflow: WorkflowDef,
  columns: readonly ColumnDef[],
  me: number,
  today: string,
): string | undefined {
  const open = workflow.states.filter((state) => state.category !== 'closed');
  const inOpen = `${workflow.state_column} IN (${open.map((state) => quoted(state.name)).join(', ')})`;
  switch (view) {
    case 'all':
      return undefined;
    case 'mine':
      return workflow.ball_in_court && open.length > 0
        ? `${workflow.ball_in_court} = ${me} AND ${inOpen}`
        : undefined;
    case 'raised': {
      const creator = columns.find((column) => column.stamp === 'creator')?.name;
      return creator ? `${creator} = ${me}` : undefined;
    }
    case 'overdue': {
      // Each open state by its own due date (the state's, else the workflow's).
      const parts = open.flatMap((state) => {
        const due = state.due ?? workflow.due;
        return due
          ? [`(${workflow.state_column} = ${quoted(state.name)} AND ${due} < ${quoted(today)})`]
          : [];
      });
      return parts.length > 0
        ? `(${parts.join(' OR ')})`
        : `${workflow.state_column} IS NULL AND ${workflow.state_column} IS NOT NULL`;
    }
  }
}

function storageKey(user: number, route: string): string {
  return `pmis.list-view.${user}.${route}`;
}

/** The view a person last chose on a screen ("all" when none, or when it is no longer offered). */
/** Where views are kept: the browser's local storage (a test gives its own). */
type ViewStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStore(): ViewStore | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

export function loadView(
  user: number,
  route: string,
  offered: readonly ListView[],
  store: ViewStore | undefined = browserStore(),
): ListView {
  try {
    const saved = (store?.getItem(storageKey(user, route)) ?? null) as ListView | null;
    return saved && offered.includes(saved) ? saved : 'all';
  } catch {
    return 'all';
  }
}

export function saveView(
  user: number,
  route: string,
  view: ListView,
  store: ViewStore | undefined = browserStore(),
): void {
  try {
    if (view === 'all') store?.removeItem(storageKey(user, route));
    else store?.setItem(storageKey(user, route), view);
  } catch {
    // A browser that keeps nothing just starts at "All" next time.
  }
}
