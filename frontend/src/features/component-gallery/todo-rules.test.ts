import { describe, expect, it } from 'vitest';

import {
  addTodo,
  deleteTodo,
  openCount,
  restoreTodos,
  sortTodos,
  tickTodo,
  type Todo,
  todoProblem,
  todoStorageKey,
  untickTodo,
} from './todo-rules';

const MORNING = new Date('2026-11-24T04:30:00Z');
const NOON = new Date('2026-11-24T06:30:00Z');
const EVENING = new Date('2026-11-24T12:30:00Z');

function todo(id: string, type: Todo['type'], createdAt: string, completedAt: string | null = null): Todo {
  return { id, type, title: `To-do ${id}`, description: '', createdAt, completedAt };
}

describe('adding a to-do', () => {
  it('needs a title (required); the type defaults to Important', () => {
    expect(todoProblem({ title: '   ' })).toBe('A to-do needs a title');
    expect(addTodo([], { title: '' }, MORNING, 'a')).toEqual([]);
    const [added] = addTodo(
      [],
      { title: '  Check pier P12 shuttering ', description: ' before the pour ' },
      MORNING,
      'a',
    );
    expect(added).toEqual({
      id: 'a',
      type: 'Important',
      title: 'Check pier P12 shuttering',
      description: 'before the pour',
      createdAt: MORNING.toISOString(),
      completedAt: null,
    });
  });

  it('keeps a type given and the to-dos already there', () => {
    const list = addTodo(
      [todo('a', 'Important', '1')],
      { title: 'NCR-0007 closure', type: 'Critical' },
      NOON,
      'b',
    );
    expect(list.map((t) => [t.id, t.type])).toEqual([
      ['a', 'Important'],
      ['b', 'Critical'],
    ]);
  });

  it('refuses a title or description over its limit', () => {
    expect(todoProblem({ title: 'x'.repeat(121) })).toBe('At most 120 characters');
    expect(todoProblem({ title: 'ok', description: 'x'.repeat(301) })).toBe('At most 300 characters');
  });
});

describe('ticking and unticking', () => {
  it('ticking sets Completed with a completion time', () => {
    const [ticked] = tickTodo([todo('a', 'Critical', MORNING.toISOString())], 'a', EVENING);
    expect(ticked?.type).toBe('Completed');
    expect(ticked?.completedAt).toBe(EVENING.toISOString());
  });

  it('ticking a completed one keeps its time; other to-dos are untouched', () => {
    const list = [todo('a', 'Completed', '1', NOON.toISOString()), todo('b', 'Important', '2')];
    expect(tickTodo(list, 'a', EVENING)).toEqual(list);
  });

  it('unticking sets Important and clears the time', () => {
    const [unticked] = untickTodo([todo('a', 'Completed', '1', NOON.toISOString())], 'a');
    expect(unticked?.type).toBe('Important');
    expect(unticked?.completedAt).toBeNull();
    // A to-do that was Critical before it was done comes back Important (docs/console.md §4).
    const back = untickTodo(tickTodo([todo('c', 'Critical', '1')], 'c', NOON), 'c');
    expect(back[0]?.type).toBe('Important');
  });

  it('unticking an open one changes nothing', () => {
    const list = [todo('a', 'Critical', '1')];
    expect(untickTodo(list, 'a')).toEqual(list);
  });
});

describe('deleting and sorting', () => {
  it('deletes by id', () => {
    expect(
      deleteTodo([todo('a', 'Important', '1'), todo('b', 'Important', '2')], 'a').map((t) => t.id),
    ).toEqual(['b']);
  });

  it('shows Critical, then Important oldest first, then Completed latest first', () => {
    const list = [
      todo('done-early', 'Completed', '1', MORNING.toISOString()),
      todo('important-new', 'Important', NOON.toISOString()),
      todo('critical', 'Critical', EVENING.toISOString()),
      todo('done-late', 'Completed', '2', EVENING.toISOString()),
      todo('important-old', 'Important', MORNING.toISOString()),
    ];
    expect(sortTodos(list).map((t) => t.id)).toEqual([
      'critical',
      'important-old',
      'important-new',
      'done-late',
      'done-early',
    ]);
    expect(openCount(list)).toBe(3);
  });
});

describe('the list kept in the browser', () => {
  it('is kept per user', () => {
    expect(todoStorageKey(7)).not.toBe(todoStorageKey(8));
    expect(todoStorageKey(7)).toContain('7');
  });

  it('reads back what was kept and drops what it cannot read', () => {
    const kept = [todo('a', 'Important', '1')];
    expect(restoreTodos(JSON.stringify(kept))).toEqual(kept);
    expect(restoreTodos(JSON.stringify([...kept, { id: 'b', type: 'Urgent' }, null]))).toEqual(kept);
    expect(restoreTodos('not json')).toEqual([]);
    expect(restoreTodos(null)).toEqual([]);
    expect(restoreTodos('{"id":"a"}')).toEqual([]);
  });
});
