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
import { useTranslation } from '../../lib/i18n';
import { TODO_COLOURS, type Todo } from './todo-rules';
import { useTodoList } from './use-todo-list';

export function TodoWidget() {
  const { t } = useTranslation();
  const todo = useTodoList();
  const { errors } = todo.form.formState;
  const titleField = todo.form.register('title');
  const descriptionField = todo.form.register('description');
  return (
    <Stack gap="sm" data-testid="todo-widget">
      <form onSubmit={(event) => void todo.add(event)} noValidate aria-label={t('Add a to-do')}>
        <Stack gap="xs">
          <TextInput
            label={t('Title')}
            required
            placeholder={t('e.g. Witness the pile load test at C1-S04')}
            {...titleField}
            error={errors.title?.message}
          />
          <TextInput
            label={t('Description')}
            placeholder={t('Optional')}
            {...descriptionField}
            error={errors.description?.message}
          />
          <Group justify="space-between" align="end" gap="xs">
            <Controller
              control={todo.form.control}
              name="type"
              render={({ field }) => (
                <SegmentedControl
                  aria-label={t('Type')}
                  size="xs"
                  data={[
                    { value: 'Important', label: t('Important') },
                    { value: 'Critical', label: t('Critical') },
                  ]}
                  value={field.value}
                  onChange={(value) => field.onChange(value === 'Critical' ? 'Critical' : 'Important')}
                />
              )}
            />
            <Button type="submit" size="xs">
              {t('Add to-do')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {todo.open === 1 ? t('1 to-do open') : t('{{open}} to-dos open', { open: todo.open })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('Kept in this browser for you only')}
        </Text>
      </Group>
      {todo.todos.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('Nothing to do yet: add the first to-do above.')}
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
  const { t } = useTranslation();
  const done = todo.type === 'Completed';
  return (
    <Paper component="li" withBorder p="xs" data-testid="todo-item" data-type={todo.type}>
      <Group gap="sm" wrap="nowrap" align="start">
        <Checkbox
          mt={2}
          checked={done}
          onChange={(event) => onDone(event.currentTarget.checked)}
          aria-label={t('Done: {{title}}', { title: todo.title })}
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
              {t(todo.type)}
            </Badge>
          </Group>
          {todo.description ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {todo.description}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed" data-testid="todo-time">
            {done && todo.completedAt
              ? t('Completed {{at}}', { at: formatIndianDateTime(todo.completedAt) })
              : t('Added {{at}}', { at: formatIndianDateTime(todo.createdAt) })}
          </Text>
        </Stack>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('Delete {{title}}', { title: todo.title })}
          onClick={onDelete}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
