/**
 * /e-commerce/products-view and /e-commerce/products-detail: schedule-of-rates items as a catalogue (cards with the
 * rate and the share of the BOQ certified, searchable) and one item in detail (its figures, the quantity certified per
 * bill as a chart, and the bills). Sample items of package C1-V01.
 */
import '@mantine/charts/styles.css';

import { BarChart } from '@mantine/charts';
import {
  Anchor,
  Badge,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { groupIndian } from '../../lib/format';
import { CardGrid } from './card-grid';
import { DemoCard } from './demo-card';
import { executed, findItems, itemOf, SOR_ITEMS, type SorItem } from './sor-sample';

const DETAIL = '/e-commerce/products-detail';

function quantityText(quantity: number, unit: string): string {
  return `${groupIndian(quantity, Number.isInteger(quantity) ? 0 : 2)} ${unit}`;
}

export function ProductsViewPage() {
  const [search, setSearch] = useState('');
  const items = findItems(SOR_ITEMS, search);
  return (
    <Stack gap="md">
      <TextInput
        label="Find an item"
        placeholder="Code or description"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        w={{ base: '100%', xs: 320 }}
      />
      {items.length === 0 ? <Text c="dimmed">No item matches.</Text> : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {items.map((item) => (
          <ItemCard key={item.code} item={item} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function ItemCard({ item }: { item: SorItem }) {
  const done = executed(item);
  return (
    <Card withBorder padding="md" data-testid="sor-item">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Badge variant="light">Item {item.code}</Badge>
          <Text fw={700}>
            ₹ {groupIndian(item.rate)} / {item.unit}
          </Text>
        </Group>
        <Anchor component={Link} to={`${DETAIL}?item=${item.code}`} fw={600}>
          {item.description}
        </Anchor>
        <Progress value={Math.min(100, done.percent)} aria-label={`${done.percent} % of the BOQ certified`} />
        <Text size="xs" c="dimmed">
          {quantityText(done.quantity, item.unit)} of {quantityText(item.boq, item.unit)} certified (
          {done.percent} %)
        </Text>
      </Stack>
    </Card>
  );
}

export function ProductDetailPage() {
  const [params] = useSearchParams();
  const item = itemOf(params.get('item'));
  const done = executed(item);
  const value = groupIndian((done.quantity * Number(item.rate)).toFixed(2));
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Anchor component={Link} to="/e-commerce/products-view" size="sm">
          ← Every item
        </Anchor>
      </Group>
      <Title order={3} size="h3">
        {item.code} · {item.description}
      </Title>
      <CardGrid>
        <DemoCard title="The item" note="As the BOQ and the bills record it.">
          <Table variant="vertical" withTableBorder layout="fixed" data-testid="sor-detail">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w="45%">Rate</Table.Th>
                <Table.Td>
                  ₹ {groupIndian(item.rate)} per {item.unit}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>BOQ quantity</Table.Th>
                <Table.Td>{quantityText(item.boq, item.unit)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Certified so far</Table.Th>
                <Table.Td>
                  {quantityText(done.quantity, item.unit)} ({done.percent} %)
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Value certified</Table.Th>
                <Table.Td>₹ {value}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Progress value={Math.min(100, done.percent)} size="lg" aria-label="Share of the BOQ certified" />
        </DemoCard>
        <DemoCard title="Certified per bill" note="The dashboards’ bar chart.">
          {item.bills.length === 0 ? (
            <Text c="dimmed" size="sm">
              Not billed yet.
            </Text>
          ) : (
            <BarChart
              h={220}
              data={item.bills.map((bill) => ({ ipc: bill.ipc, quantity: bill.quantity }))}
              dataKey="ipc"
              series={[{ name: 'quantity', label: `Quantity (${item.unit})`, color: 'blue.6' }]}
              valueFormatter={(v) => quantityText(v, item.unit)}
              tickLine="y"
              maxBarWidth={48}
            />
          )}
        </DemoCard>
      </CardGrid>
    </Stack>
  );
}
