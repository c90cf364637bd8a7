/**
 * The to-do widget (docs/console.md §3–§5, template): add a to-do with a title (Important unless marked Critical),
 * tick it to complete it (with the time), untick it to reopen it as Important, delete it. Drawn from `useTodoList`.
 */
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Controller } from 'react-hook-form';

import { formatIndianDateTime } from '../../lib/format';
import { TODO_COLOURS, type Todo } from './todo-rules';
import { useTodoList } from './use-todo-list';

export function TodoWidget() {
  const todo = useTodoList();
  const { errors } = todo.form.formState;
  return (
    <Stack gap="sm" data-testid="todo-widget">
      <form onSubmit={(event) => void todo.add(event)} noValidate aria-label="Add a to-do">
        <Stack gap="xs">
          <TextInput
            label="Title"
            required
            placeholder="e.g. Witness the pile load test at C1-S04"
            {...todo.form.register('title')}
            error={errors.title?.message}
          />
          <TextInput
            label="Description"
            placeholder="Optional"
            {...todo.form.register('description')}
            error={errors.description?.message}
          />
          <Group justify="space-between" align="end" gap="xs">
            <Controller
              control={todo.form.control}
              name="type"
              render={({ field }) => (
                <SegmentedControl
                  aria-label="Type"
                  size="xs"
                  data={['Important', 'Critical']}
                  value={field.value}
                  onChange={(value) => field.onChange(value === 'Critical' ? 'Critical' : 'Important')}
                />
              )}
            />
            <Button type="submit" size="xs">
              Add to-do
            </Button>
          </Group>
        </Stack>
      </form>
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {todo.open === 1 ? '1 to-do open' : `${todo.open} to-dos open`}
        </Text>
        <Text size="xs" c="dimmed">
          Kept in this browser for you only
        </Text>
      </Group>
      {todo.todos.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing to do yet: add the first to-do above.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {todo.todos.map((item) => (
            <TodoItem
              key={item.id}
              todo={item}
              onDone={(done) => todo.setDone(item.id, done)}
              onDelete={() => todo.remove(item.id)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function TodoItem({
  todo,
  onDone,
  onDelete,
}: {
  todo: Todo;
  onDone: (done: boolean) => void;
  onDelete: () => void;
}) {
  const done = todo.type === 'Completed';
  return (
    <Paper component="li" withBorder p="xs" data-testid="todo-item" data-type={todo.type}>
      <Group gap="sm" wrap="nowrap" align="start">
        <Checkbox
          mt={2}
          checked={done}
          onChange={(event) => onDone(event.currentTarget.checked)}
          aria-label={`Done: ${todo.title}`}
        />
        <Stack gap={2} style={{ flex: 1 }} miw={0}>
          <Group gap="xs" wrap="wrap">
            <Text
              size="sm"
              fw={500}
              td={done ? 'line-through' : undefined}
              style={{ overflowWrap: 'anywhere' }}
            >
              {todo.title}
            </Text>
            <Badge size="xs" color={TODO_COLOURS[todo.type]} variant="light" data-testid="todo-type">
              {todo.type}
            </Badge>
          </Group>
          {todo.description ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {todo.description}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed" data-testid="todo-time">
            {done && todo.completedAt
              ? `Completed ${formatIndianDateTime(todo.completedAt)}`
              : `Added ${formatIndianDateTime(todo.createdAt)}`}
          </Text>
        </Stack>
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${todo.title}`} onClick={onDelete}>
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
