/**
 * /ui/grid: the twelve-column grid the dashboards place their widgets on (a widget's `span`): every column full width
 * on a phone, the spans side by side from a tablet up, and a simple grid of equal cards.
 */
import { Grid, Paper, SimpleGrid, Stack, Text } from '@mantine/core';

import { useTranslation } from '../../lib/i18n';
import { DemoCard } from './demo-card';

/** Sample packages (data). */
const PACKAGES = ['C1-V01', 'C1-UG01', 'C2-V01', 'C2-V02'];

const ROWS: readonly (readonly number[])[] = [
  [12],
  [6, 6],
  [4, 4, 4],
  [8, 4],
  [3, 3, 3, 3],
  [2, 2, 2, 2, 2, 2],
];

function Cell({ label }: { label: string }) {
  return (
    <Paper bg="blue.0" c="blue.9" p="xs" ta="center" withBorder>
      <Text size="sm" fw={600}>
        {label}
      </Text>
    </Paper>
  );
}

export function GridPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <DemoCard
        title={t('Spans of twelve')}
        note={t('Each box spans the columns it says from a tablet up; on a phone each is full width.')}
      >
        <Stack gap="xs" data-testid="grid-demo">
          {ROWS.map((row) => (
            <Grid key={row.join('-')} gutter="xs">
              {row.map((span, index) => (
                <Grid.Col key={index} span={{ base: 12, sm: span }}>
                  <Cell label={t('span {{span}}', { span })} />
                </Grid.Col>
              ))}
            </Grid>
          ))}
        </Stack>
      </DemoCard>
      <DemoCard
        title={t('Equal cards')}
        note={t('One per row on a phone, two on a tablet, four on a wide screen.')}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xs">
          {PACKAGES.map((pkg) => (
            <Cell key={pkg} label={pkg} />
          ))}
        </SimpleGrid>
      </DemoCard>
    </Stack>
  );
}
