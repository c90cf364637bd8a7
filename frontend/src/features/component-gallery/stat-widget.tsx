/** A widget's figure with its label and a line under it: the small cards on top of the dashboards. */
import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

export interface StatWidgetProps {
  label: string;
  figure: ReactNode;
  note: ReactNode;
  icon: ReactNode;
  colour?: string;
  testId?: string;
}

export function StatWidget({ label, figure, note, icon, colour = 'blue', testId }: StatWidgetProps) {
  return (
    <Paper withBorder p="md" miw={0} data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" align="start">
        <Stack gap={2} miw={0}>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text fw={700} fz={28} lh={1.1}>
            {figure}
          </Text>
          <Text size="xs" c="dimmed">
            {note}
          </Text>
        </Stack>
        <ThemeIcon variant="light" color={colour} size="lg" radius="md">
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}
