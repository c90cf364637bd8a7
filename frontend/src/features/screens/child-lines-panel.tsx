/**
 * One child register's tab in the parent's form, drawn from its controller (`useChildLinesEditor`): the record's
 * lines (a table; on a phone a list of blocks), "Add a line", and per line Edit and Delete when the user may; the
 * line form above the lines while one is being added or changed.
 */
import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';

import type { StateDef } from '../../api/schema';
import type { RecordRow } from '../../api/screens';
import { useTranslation } from '../../lib/i18n';
import { useMobileView } from '../../lib/use-mobile-view';
import { errorMessage } from '../notices';
import type { ChildRegister } from './child-lines';
import { FieldGrid } from './field-grid';
import { type ChildLinesController, useChildLinesEditor } from './use-child-lines';

export interface ChildLinesPanelProps {
  child: ChildRegister;
  parentEntry: string;
  parentKey: string;
  parentState: StateDef | undefined;
  active: boolean;
  /** The lines are this user's to change (the register's editors groups). */
  theirs: boolean;
  /** Told when the line form gets or loses unsaved changes. */
  onUnsaved?: (unsaved: boolean) => void;
}

export function ChildLinesPanel({
  child,
  parentEntry,
  parentKey,
  parentState,
  active,
  theirs,
  onUnsaved,
}: ChildLinesPanelProps) {
  const { t } = useTranslation();
  const lines = useChildLinesEditor(child, {
    parentEntry,
    parentKey,
    parentState,
    active,
    theirs,
    onUnsaved,
  });
  const phone = useMobileView();
  if (lines.loading) {
    return (
      <Center h={120}>
        <Loader aria-label={t('Loading {{title}}', { title: lines.title })} />
      </Center>
    );
  }
  if (lines.loadError) {
    return (
      <Alert color="red" title={t('{{title}} could not be loaded', { title: lines.title })} role="alert">
        {errorMessage(lines.loadError)}
      </Alert>
    );
  }
  const rows = lines.lines ?? [];
  return (
    <Stack gap="sm" data-testid="child-lines" data-entry={child.entry}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" data-testid="child-line-count">
          {lines.readOnly
            ? rows.length === 1
              ? t('1 line · read only')
              : t('{{count}} lines · read only', { count: rows.length })
            : rows.length === 1
              ? t('1 line')
              : t('{{count}} lines', { count: rows.length })}
        </Text>
        {lines.actions.add && lines.editing === null ? (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={lines.startAdding}>
            {t('Add a line')}
          </Button>
        ) : null}
      </Group>
      {lines.editing ? <LineForm lines={lines} /> : null}
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed" py="sm">
          {t('No lines yet.')}
        </Text>
      ) : phone || lines.columns.length > WIDEST_TABLE ? (
        <LineBlocks lines={lines} rows={rows} columns={phone ? 2 : 4} />
      ) : (
        <LineTable lines={lines} rows={rows} />
      )}
    </Stack>
  );
}

function LineButtons({
  lines,
  line,
  index,
}: {
  lines: ChildLinesController;
  line: RecordRow;
  index: number;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {lines.actions.edit ? (
        <ActionIcon
          variant="subtle"
          aria-label={t('Edit line {{number}}', { number: index + 1 })}
          onClick={() => lines.startEditing(line)}
          disabled={lines.busy || lines.editing !== null}
        >
          <IconPencil size={16} />
        </ActionIcon>
      ) : null}
      {lines.actions.remove ? (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('Delete line {{number}}', { number: index + 1 })}
          onClick={() => void lines.destroy(line)}
          disabled={lines.busy}
        >
          <IconTrash size={16} />
        </ActionIcon>
      ) : null}
    </Group>
  );
}

function LineTable({ lines, rows }: { lines: ChildLinesController; rows: RecordRow[] }) {
  const { t } = useTranslation();
  const withButtons = lines.actions.edit || lines.actions.remove;
  // Each column keeps room to be read (a BOQ item's label is not squeezed to a word a line): past the dialog's
  // width the table scrolls sideways instead.
  const minWidth = lines.columns.reduce((sum, column) => sum + cellWidth(column), withButtons ? 90 : 0);
  return (
    <Table.ScrollContainer minWidth={Math.max(480, minWidth)}>
      <Table striped highlightOnHover withTableBorder aria-label={lines.title}>
        <Table.Thead>
          <Table.Tr>
            {lines.columns.map((column) => (
              <Table.Th
                key={column.name}
                ta={isRightAligned(column) ? 'right' : undefined}
                style={{ minWidth: cellWidth(column) }}
              >
                {column.label}
              </Table.Th>
            ))}
            {withButtons ? (
              <Table.Th w={90}>
                <VisuallyHidden>{t('Actions')}</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((line, index) => (
            <Table.Tr
              key={lines.keyOf(line)}
              // The line being changed stands out while its form is open.
              bg={isEdited(lines, line) ? 'var(--mantine-primary-color-light)' : undefined}
            >
              {lines.columns.map((column) => (
                <Table.Td
                  key={column.name}
                  ta={isRightAligned(column) ? 'right' : undefined}
                  style={
                    isRightAligned(column) || column.type === 'date' ? { whiteSpace: 'nowrap' } : undefined
                  }
                >
                  {lines.cellText(column, line)}
                </Table.Td>
              ))}
              {withButtons ? (
                <Table.Td>
                  <LineButtons lines={lines} line={line} index={index} />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function isEdited(lines: ChildLinesController, line: RecordRow): boolean {
  return lines.editing?.kind === 'line' && lines.keyOf(lines.editing.line) === lines.keyOf(line);
}

/** The least width a line column keeps, in pixels: a name or text reads in lines of a few words, a figure whole. */
function cellWidth(column: { type: string; lookup?: unknown }): number {
  if (column.lookup || column.type === 'text' || column.type === 'varchar') return 220;
  if (column.type === 'date') return 110;
  return 100;
}

/** Figures align right; a look-up's key is a name, not a figure. */
function isRightAligned(column: { type: string; lookup?: unknown }): boolean {
  return (
    !column.lookup && ['smallint', 'integer', 'bigint', 'numeric', 'real', 'double'].includes(column.type)
  );
}

/**
 * The most columns drawn as a table in the record's dialog; a wider register (a survey's overall impact: 14) is
 * drawn in blocks, which a table of that many columns would cut to a row nobody can read.
 */
const WIDEST_TABLE = 8;

/** On a phone, or for a wide register: one block per line, each value under its label, `columns` abreast. */
function LineBlocks({
  lines,
  rows,
  columns,
}: {
  lines: ChildLinesController;
  rows: RecordRow[];
  columns: number;
}) {
  return (
    <Stack gap="xs" role="list" aria-label={lines.title}>
      {rows.map((line, index) => (
        <Paper
          key={lines.keyOf(line)}
          withBorder
          p="xs"
          role="listitem"
          bg={isEdited(lines, line) ? 'var(--mantine-primary-color-light)' : undefined}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            {/* A description list: each value is read with its label (term and definition). */}
            <SimpleGrid
              component="dl"
              cols={columns}
              spacing={4}
              verticalSpacing={2}
              style={{ flex: 1, minWidth: 0, margin: 0 }}
            >
              {lines.columns.map((column) => (
                <div key={column.name} style={{ minWidth: 0 }}>
                  <Text component="dt" size="xs" c="dimmed">
                    {column.label}
                  </Text>
                  <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                    {lines.cellText(column, line) || '—'}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
            <LineButtons lines={lines} line={line} index={index} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** The form of the line being added or changed. */
function LineForm({ lines }: { lines: ChildLinesController }) {
  const { t } = useTranslation();
  const { control } = lines.form;
  const adding = lines.editing?.kind === 'new';
  return (
    <Paper withBorder p="sm" bg="var(--mantine-color-default-hover)">
      <form
        onSubmit={(event) => void lines.save(event)}
        noValidate
        aria-label={t('{{title}} line form', { title: lines.title })}
      >
        <Stack gap="sm">
          <Text fw={600} size="sm">
            {adding ? t('New line') : t('Change the line')}
          </Text>
          <FieldGrid
            control={control}
            columns={lines.inputs}
            choices={lines.choices}
            lookups={lines.lookups}
            busy={lines.busy}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={lines.cancel} disabled={lines.busy}>
              {t('Cancel')}
            </Button>
            <Button type="submit" loading={lines.saving}>
              {adding ? t('Save line') : t('Update line')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
