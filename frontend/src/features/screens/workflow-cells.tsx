/**
 * List cells of a register with a workflow: the state as a coloured badge, and the due date in red with an
 * "Overdue" mark once it has passed while the record is not closed (on the state cell when the list does not show
 * the due date).
 */
import { Badge, Group, Text } from '@mantine/core';
import type { CustomCellRendererProps } from 'ag-grid-react';

import type { WorkflowDef } from '../../api/schema';
import { todayInIndia } from '../../lib/format';
import { StateBadge } from './state-badge';
import { isOverdue, stateOf } from './workflow';

type Row = Record<string, unknown>;

export interface WorkflowCellParams {
  workflow: WorkflowDef;
  /** Whether the list shows the due date (else the state cell carries the overdue mark). */
  dueListed: boolean;
}

function OverdueMark() {
  return (
    <Badge color="red" variant="filled" size="xs" tt="none">
      Overdue
    </Badge>
  );
}

export function StateCell(props: CustomCellRendererProps<Row> & WorkflowCellParams) {
  const { workflow, dueListed, value, data } = props;
  if (value === null || value === undefined || value === '') return null;
  const overdue = !dueListed && data !== undefined && isOverdue(workflow, data, todayInIndia());
  return (
    <Group gap={4} wrap="nowrap" h="100%" align="center">
      <StateBadge state={stateOf(workflow, value)} name={String(value)} />
      {overdue ? <OverdueMark /> : null}
    </Group>
  );
}

export function DueCell(props: CustomCellRendererProps<Row> & WorkflowCellParams) {
  const { workflow, valueFormatted, data } = props;
  const text = valueFormatted ?? '';
  if (!text) return null;
  const overdue = data !== undefined && isOverdue(workflow, data, todayInIndia());
  if (!overdue) return <>{text}</>;
  return (
    <Group gap={4} wrap="nowrap" h="100%" align="center" title={`Overdue: due ${text}`}>
      <Text span c="red" fw={600} size="sm" inherit>
        {text}
      </Text>
      <OverdueMark />
    </Group>
  );
}
