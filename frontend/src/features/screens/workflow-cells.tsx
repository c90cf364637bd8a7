/**
 * List cells of a register with a workflow: the state as a coloured badge, and the due date in red with an
 * "Overdue" mark once it has passed while the record is not closed (on the state cell when the list does not show
 * the due date).
 */
import { Badge, Group, Text } from '@mantine/core';
import type { CustomCellRendererProps } from 'ag-grid-react';

import type { WorkflowDef } from '../../api/schema';
import { todayInIndia } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { StateBadge } from './state-badge';
import { dueColumn, isOverdue, stateOf } from './workflow';

type Row = Record<string, unknown>;

export interface WorkflowCellParams {
  workflow: WorkflowDef;
  /** The due dates the list shows (a record whose step's due date is not among them has the mark on its state). */
  listedDues: readonly string[];
}

function OverdueMark() {
  const { t } = useTranslation();
  return (
    <Badge color="red" variant="filled" size="xs" tt="none">
      {t('Overdue')}
    </Badge>
  );
}

export function StateCell(props: CustomCellRendererProps<Row> & WorkflowCellParams) {
  const { workflow, listedDues, value, data } = props;
  if (value === null || value === undefined || value === '') return null;
  const step = dueColumn(workflow, stateOf(workflow, value));
  const overdue =
    (step === undefined || !listedDues.includes(step)) &&
    data !== undefined &&
    isOverdue(workflow, data, todayInIndia());
  return (
    <Group gap={4} wrap="nowrap" h="100%" align="center">
      <StateBadge state={stateOf(workflow, value)} name={String(value)} />
      {overdue ? <OverdueMark /> : null}
    </Group>
  );
}

export function DueCell(props: CustomCellRendererProps<Row> & WorkflowCellParams) {
  const { workflow, valueFormatted, data, colDef } = props;
  const { t } = useTranslation();
  const text = valueFormatted ?? '';
  if (!text) return null;
  // Marked only in the due date of the step the record waits in (a response due, a verification due).
  const step =
    data !== undefined ? dueColumn(workflow, stateOf(workflow, data[workflow.state_column])) : undefined;
  const overdue = data !== undefined && step === colDef?.field && isOverdue(workflow, data, todayInIndia());
  if (!overdue) return <>{text}</>;
  return (
    <Group gap={4} wrap="nowrap" h="100%" align="center" title={t('Overdue: due {{date}}', { date: text })}>
      <Text span c="red" fw={600} size="sm" inherit>
        {text}
      </Text>
      <OverdueMark />
    </Group>
  );
}
