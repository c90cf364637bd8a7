/**
 * The gallery's building block: one example in a bordered card, titled, with an optional line on where the console
 * uses it. Cards never grow wider than their column, so a page stays within a phone's width.
 */
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DemoCardProps {
  title: string;
  /** Where the console uses what the card shows. */
  note?: ReactNode;
  children: ReactNode;
  testId?: string;
}

export function DemoCard({ title, note, children, testId }: DemoCardProps) {
  return (
    <Paper withBorder p="md" miw={0} h="100%" data-testid={testId}>
      <Stack gap="sm" miw={0}>
        <Stack gap={2}>
          <Title order={3} size="h4">
            {title}
          </Title>
          {note ? (
            <Text size="sm" c="dimmed">
              {note}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
