import { Paper, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { selectAll, useReminders } from '../../api/console';
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

/** The dashboard (`/` and `/dashboard/analytics`): real counts from the database; a fuller one comes later. */
export function DashboardPage() {
  const packages = useQuery({
    queryKey: ['dashboard', 'packages'],
    queryFn: ({ signal }) => selectAll<{ id: number }>('package', 'id', '', signal),
  });
  const stations = useQuery({
    queryKey: ['dashboard', 'stations'],
    queryFn: ({ signal }) => selectAll<{ id: number }>('station', 'id', '', signal),
  });
  const reminders = useReminders();
  const open = reminders.data?.filter((r) => r.n_sent_status === 0).length;
  return (
    <>
      <Title order={2} mb="md">
        Dashboard
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Stat label="Packages" value={packages.data?.length} testId="count-packages" />
        <Stat label="Stations" value={stations.data?.length} testId="count-stations" />
        <Stat label="Open reminders" value={open} testId="count-open-reminders" />
      </SimpleGrid>
    </>
  );
}
