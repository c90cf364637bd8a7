/**
 * /ui/nestable-lists: a list put in order by hand: the stations of a corridor in their sequence (from the station
 * master), each moved up or down by its buttons or with Alt + arrow keys. The order stays in this page.
 */
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';

import { useTranslation } from '../../lib/i18n';
import { DemoCard } from './demo-card';
import { moveItem } from './list-order';
import { type StationRow, useStations } from './use-stations';

export function NestablePage() {
  const { t } = useTranslation();
  const stations = useStations();
  if (stations.isPending) return <Loader aria-label={t('Loading the stations')} />;
  const corridors = [...new Set((stations.data ?? []).map((s) => s.code.split('-')[0] ?? ''))].filter(
    Boolean,
  );
  return <StationOrder key={corridors.join()} stations={stations.data ?? []} corridors={corridors} />;
}

function StationOrder({ stations, corridors }: { stations: StationRow[]; corridors: string[] }) {
  const { t } = useTranslation();
  const [corridor, setCorridor] = useState(corridors[0] ?? '');
  const original = stations.filter((station) => station.code.startsWith(`${corridor}-`));
  const [orders, setOrders] = useState<Record<string, StationRow[]>>({});
  const list = orders[corridor] ?? original;
  const move = (from: number, to: number) =>
    setOrders((all) => ({ ...all, [corridor]: moveItem(list, from, to) }));
  const onKey = (index: number) => (event: KeyboardEvent) => {
    if (!event.altKey) return;
    if (event.key === 'ArrowUp') move(index, index - 1);
    else if (event.key === 'ArrowDown') move(index, index + 1);
    else return;
    event.preventDefault();
  };
  if (corridors.length === 0) return <Text c="dimmed">{t('No stations in the master yet.')}</Text>;
  return (
    <DemoCard
      title={t('Stations in sequence')}
      note={t('Move a station with its arrows, or focus it and press Alt + ↑ / ↓.')}
    >
      <Group justify="space-between">
        <SegmentedControl
          aria-label={t('Corridor')}
          data={corridors}
          value={corridor}
          onChange={setCorridor}
        />
        <Button
          variant="default"
          size="xs"
          onClick={() => setOrders((all) => ({ ...all, [corridor]: original }))}
          disabled={list === original}
        >
          {t('Back to the master’s order')}
        </Button>
      </Group>
      <Stack gap={6} component="ol" p={0} m={0} style={{ listStyle: 'none' }} data-testid="station-order">
        {list.map((station, index) => (
          <Paper
            key={station.code}
            component="li"
            withBorder
            p="xs"
            tabIndex={0}
            onKeyDown={onKey(index)}
            aria-label={`${index + 1}. ${station.name}`}
          >
            <Group justify="space-between" wrap="nowrap">
              <Group gap="xs" wrap="nowrap" miw={0}>
                <IconGripVertical size={16} color="var(--mantine-color-dimmed)" aria-hidden />
                <Badge variant="light" w={36}>
                  {index + 1}
                </Badge>
                <Text size="sm" truncate>
                  {station.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {station.code}
                </Text>
              </Group>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={t('Move {{name}} up', { name: station.name })}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('Move {{name}} down', { name: station.name })}
                  disabled={index === list.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
    </DemoCard>
  );
}
