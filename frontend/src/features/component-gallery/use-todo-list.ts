/**
 * The to-do widget, headless: the signed-in user's list kept in this browser (a key per user), the "Add a to-do"
 * form (react-hook-form with zod: a title is required, the type defaults to Important), and tick, untick and delete
 * through the pure rules of `todo-rules.ts`. The view only draws what this gives.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocalStorage } from '@mantine/hooks';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { translate } from '../../lib/i18n';
import { useSession } from '../../lib/use-session';
import { localId } from './local-id';
import {
  addTodo,
  DEFAULT_TODO_TYPE,
  deleteTodo,
  DESCRIPTION_MAX,
  openCount,
  restoreTodos,
  sortTodos,
  tickTodo,
  TITLE_MAX,
  type Todo,
  todoStorageKey,
  untickTodo,
} from './todo-rules';

/** The draft's rules; their messages are put in the user's language when a draft is judged. */
const draftSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, { error: () => translate('A to-do needs a title') })
    .max(TITLE_MAX, { error: () => translate('At most {{max}} characters', { max: TITLE_MAX }) }),
  description: z
    .string()
    .trim()
    .max(DESCRIPTION_MAX, { error: () => translate('At most {{max}} characters', { max: DESCRIPTION_MAX }) }),
  type: z.enum(['Critical', 'Important']),
});

export type TodoDraftValues = z.infer<typeof draftSchema>;

const BLANK_DRAFT: TodoDraftValues = { title: '', description: '', type: DEFAULT_TODO_TYPE };

export function useTodoList() {
  const session = useSession();
  const [todos, setTodos] = useLocalStorage<Todo[]>({
    key: todoStorageKey(session?.id ?? 0),
    defaultValue: [],
    serialize: (list) => JSON.stringify(list),
    deserialize: (text) => restoreTodos(text ?? null),
    getInitialValueInEffect: false,
  });
  const form = useForm<TodoDraftValues>({
    resolver: zodResolver(draftSchema),
    defaultValues: BLANK_DRAFT,
  });

  const add = form.handleSubmit((draft) => {
    setTodos((list) => addTodo(list, draft, new Date(), localId()));
    form.reset(BLANK_DRAFT);
  });

  /** Ticks or unticks by the box's new state. */
  const setDone = (id: string, done: boolean) =>
    setTodos((list) => (done ? tickTodo(list, id, new Date()) : untickTodo(list, id)));
  const remove = (id: string) => setTodos((list) => deleteTodo(list, id));

  return { todos: sortTodos(todos), open: openCount(todos), form, add, setDone, remove };
}

export type TodoList = ReturnType<typeof useTodoList>;
