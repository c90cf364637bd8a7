import { Paper, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';

import { useEntryCount, useReminders } from '../../api/console';
import { groupIndian } from '../../lib/format';

function Stat({ label, value, testId }: { label: string; value: number | undefined; testId: string }) {
  return (
    <Paper withBorder p="lg">
      <Text c="dimmed" size="sm">
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton h={32} mt={4} />
      ) : (
        <Text fw={700} size="xl" data-testid={testId}>
          {groupIndian(value, 0)}
        </Text>
      )}
    </Paper>
  );
}

/** The analytics dashboard (`/` and `/dashboard/analytics`): real counts from the database; a fuller one comes later. */
export function DashboardPage() {
  const packages = useEntryCount('package');
  const stations = useEntryCount('station');
  const reminders = useReminders();
  const open = reminders.data?.filter((r) => r.n_sent_status === 0).length;
  return (
    <>
      <Title order={2} mb="md">
        Dashboard
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Stat label="Packages" value={packages.data} testId="count-packages" />
        <Stat label="Stations" value={stations.data} testId="count-stations" />
        <Stat label="Open reminders" value={open} testId="count-open-reminders" />
      </SimpleGrid>
    </>
  );
}
