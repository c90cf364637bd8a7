/**
 * A list row on a phone: one card per record with the screen's phone columns (`phone_columns` of the screen; the
 * registry names them, else the first three list columns): the first in bold with the state badge beside it, the
 * others as "Label: value" lines, in the console's formats (look-ups by the names their page came with, the due
 * date of the step marked overdue). Drawn by the grid as a full-width row, so it never scrolls sideways.
 */
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { CustomCellRendererProps } from 'ag-grid-react';

import type { ColumnDef, ScreenMeta } from '../../api/schema';
import { todayInIndia } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import type { PageNames } from '../../lib/page-names';
import { formatCell } from './cell-format';
import { StateBadge } from './state-badge';
import { dueColumn, isOverdue, stateOf } from './workflow';

type Row = Record<string, unknown>;

export interface PhoneCardParams {
  meta: ScreenMeta;
  /** The phone columns, as the screen describes them. */
  columns: readonly ColumnDef[];
  names: PageNames;
}

/** The height of a card of `lines` lines (the grid's rows are of one height). */
export function phoneCardHeight(lines: number): number {
  return 20 + 22 * Math.max(1, lines);
}

export function PhoneCard(props: CustomCellRendererProps<Row> & PhoneCardParams) {
  const { data, meta, columns, names } = props;
  const { t } = useTranslation();
  if (!data) return null;
  const workflow = meta.workflow ?? undefined;
  const stateColumn = workflow?.state_column;
  const state = workflow ? stateOf(workflow, data[workflow.state_column]) : undefined;
  const overdue = workflow !== undefined && isOverdue(workflow, data, todayInIndia());
  const stepDue = workflow ? dueColumn(workflow, state) : undefined;
  const text = (column: ColumnDef) =>
    formatCell(column, data[column.name], {
      primaryKey: meta.primary_key,
      names: column.lookup ? names.of(column.name) : undefined,
    });
  const [first, ...rest] = columns.filter((column) => column.name !== stateColumn);
  return (
    // The card is the row's one cell: a grid row holds cells (WCAG 1.3.1; axe aria-required-children).
    <Stack
      gap={2}
      px="sm"
      py={8}
      h="100%"
      data-testid="phone-card"
      role="gridcell"
      style={{ overflow: 'hidden' }}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={700} size="sm" truncate>
          {first ? text(first) : ''}
        </Text>
        <Group gap={4} wrap="nowrap">
          {workflow && state ? <StateBadge state={state} name={String(data[workflow.state_column])} /> : null}
          {overdue ? (
            <Badge color="red" variant="filled" size="xs" tt="none">
              {t('Overdue')}
            </Badge>
          ) : null}
        </Group>
      </Group>
      {rest.map((column) => (
        <Text key={column.name} size="xs" truncate c={overdue && column.name === stepDue ? 'red' : undefined}>
          <Text span c="dimmed" inherit>
            {column.label}:
          </Text>{' '}
          {text(column) || '—'}
        </Text>
      ))}
    </Stack>
  );
}
