/**
 * The template's to-do list (docs/console.md §3, §4, §5, §9) as pure rules the controller and the tests share: a new
 * to-do needs a title and is Important unless said otherwise; ticking makes it Completed with the time, unticking
 * makes it Important again; the list shows Critical first, then Important, then Completed; and what is kept in the
 * browser is read back defensively.
 */
import { translate } from '../../lib/i18n';

export const TODO_TYPES = ['Critical', 'Important', 'Completed'] as const;
export type TodoType = (typeof TODO_TYPES)[number];

export interface Todo {
  id: string;
  type: TodoType;
  title: string;
  description: string;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601; set while Completed. */
  completedAt: string | null;
}

/** What the "Add a to-do" form gives. */
export interface TodoDraft {
  title: string;
  description?: string;
  /** docs/console.md §9: Important unless said otherwise. */
  type?: Exclude<TodoType, 'Completed'>;
}

export const DEFAULT_TODO_TYPE: Exclude<TodoType, 'Completed'> = 'Important';
export const TITLE_MAX = 120;
export const DESCRIPTION_MAX = 300;

/** Why a draft cannot be added, or null when it can. */
export function todoProblem(draft: TodoDraft): string | null {
  const title = draft.title.trim();
  if (title === '') return translate('A to-do needs a title');
  if (title.length > TITLE_MAX) return translate('At most {{max}} characters', { max: TITLE_MAX });
  if ((draft.description ?? '').trim().length > DESCRIPTION_MAX)
    return translate('At most {{max}} characters', { max: DESCRIPTION_MAX });
  return null;
}

/** The list with the draft added at `now` under `id`; unchanged when the draft has a problem. */
export function addTodo(list: readonly Todo[], draft: TodoDraft, now: Date, id: string): Todo[] {
  if (todoProblem(draft) !== null) return [...list];
  const todo: Todo = {
    id,
    type: draft.type ?? DEFAULT_TODO_TYPE,
    title: draft.title.trim(),
    description: (draft.description ?? '').trim(),
    createdAt: now.toISOString(),
    completedAt: null,
  };
  return [...list, todo];
}

/** Ticked: Completed, with the time it was done (a to-do already completed keeps its time). */
export function tickTodo(list: readonly Todo[], id: string, now: Date): Todo[] {
  return list.map((todo) =>
    todo.id === id && todo.type !== 'Completed'
      ? { ...todo, type: 'Completed', completedAt: now.toISOString() }
      : todo,
  );
}

/** Unticked: Important, no longer completed. */
export function untickTodo(list: readonly Todo[], id: string): Todo[] {
  return list.map((todo) =>
    todo.id === id && todo.type === 'Completed' ? { ...todo, type: 'Important', completedAt: null } : todo,
  );
}

export function deleteTodo(list: readonly Todo[], id: string): Todo[] {
  return list.filter((todo) => todo.id !== id);
}

const RANK: Record<TodoType, number> = { Critical: 0, Important: 1, Completed: 2 };

/**
 * The order of the list: Critical, then Important (each oldest first: what has waited longest), then Completed
 * (most recently done first).
 */
export function sortTodos(list: readonly Todo[]): Todo[] {
  return [...list].sort((a, b) => {
    const byType = RANK[a.type] - RANK[b.type];
    if (byType !== 0) return byType;
    if (a.type === 'Completed') return (b.completedAt ?? '').localeCompare(a.completedAt ?? '');
    return a.createdAt.localeCompare(b.createdAt);
  });
}

/** How many are still open (not Completed). */
export function openCount(list: readonly Todo[]): number {
  return list.filter((todo) => todo.type !== 'Completed').length;
}

/** The badge colour of a type (docs/console.md §9's task-bar colours: critical red, urgent teal, complete green). */
export const TODO_COLOURS: Record<TodoType, string> = {
  Critical: 'red',
  Important: 'teal',
  Completed: 'green',
};

function isTodo(value: unknown): value is Todo {
  const todo = value as Partial<Todo> | null;
  return (
    typeof todo === 'object' &&
    todo !== null &&
    typeof todo.id === 'string' &&
    TODO_TYPES.includes(todo.type as TodoType) &&
    typeof todo.title === 'string' &&
    typeof todo.description === 'string' &&
    typeof todo.createdAt === 'string' &&
    (todo.completedAt === null || typeof todo.completedAt === 'string')
  );
}

/** The list kept in the browser; anything unreadable is dropped rather than breaking the widget. */
export function restoreTodos(text: string | null): Todo[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter(isTodo) : [];
  } catch {
    return [];
  }
}

/** The browser-storage key of a user's list: each person who signs in on this browser has their own. */
export function todoStorageKey(userId: number): string {
  return `component-gallery.todos.${userId}`;
}
