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
import { useTranslation } from '../../lib/i18n';
import { CardGrid } from './card-grid';
import { DemoCard } from './demo-card';
import { inRupees } from './money-text';
import { executed, findItems, itemOf, SOR_ITEMS, type SorItem } from './sor-sample';

const DETAIL = '/e-commerce/products-detail';

/** A quantity with its unit (`unit` comes translated). */
function quantityText(quantity: number, unit: string): string {
  return `${groupIndian(quantity, Number.isInteger(quantity) ? 0 : 2)} ${unit}`;
}

export function ProductsViewPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const items = findItems(SOR_ITEMS, search);
  return (
    <Stack gap="md">
      <TextInput
        label={t('Find an item')}
        placeholder={t('Code or description')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        w={{ base: '100%', xs: 320 }}
      />
      {items.length === 0 ? <Text c="dimmed">{t('No item matches.')}</Text> : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {items.map((item) => (
          <ItemCard key={item.code} item={item} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function ItemCard({ item }: { item: SorItem }) {
  const { t } = useTranslation();
  const done = executed(item);
  const unit = t(item.unit);
  return (
    <Card withBorder padding="md" data-testid="sor-item">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Badge variant="light">{t('Item {{code}}', { code: item.code })}</Badge>
          <Text fw={700}>
            {inRupees(item.rate)} / {unit}
          </Text>
        </Group>
        <Anchor component={Link} to={`${DETAIL}?item=${item.code}`} fw={600}>
          {t(item.description)}
        </Anchor>
        <Progress
          value={Math.min(100, done.percent)}
          aria-label={t('{{percent}} % of the BOQ certified', { percent: done.percent })}
        />
        <Text size="xs" c="dimmed">
          {t('{{done}} of {{boq}} certified ({{percent}} %)', {
            done: quantityText(done.quantity, unit),
            boq: quantityText(item.boq, unit),
            percent: done.percent,
          })}
        </Text>
      </Stack>
    </Card>
  );
}

export function ProductDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const item = itemOf(params.get('item'));
  const done = executed(item);
  const unit = t(item.unit);
  const value = (done.quantity * Number(item.rate)).toFixed(2);
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Anchor component={Link} to="/e-commerce/products-view" size="sm">
          {t('← Every item')}
        </Anchor>
      </Group>
      <Title order={3} size="h3">
        {item.code} · {t(item.description)}
      </Title>
      <CardGrid>
        <DemoCard title={t('The item')} note={t('As the BOQ and the bills record it.')}>
          <Table variant="vertical" withTableBorder layout="fixed" data-testid="sor-detail">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w="45%">{t('Rate')}</Table.Th>
                <Table.Td>{t('₹ {{rate}} per {{unit}}', { rate: groupIndian(item.rate), unit })}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('BOQ quantity')}</Table.Th>
                <Table.Td>{quantityText(item.boq, unit)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('Certified so far')}</Table.Th>
                <Table.Td>
                  {quantityText(done.quantity, unit)} ({done.percent} %)
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('Value certified')}</Table.Th>
                <Table.Td>{inRupees(value)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Progress
            value={Math.min(100, done.percent)}
            size="lg"
            aria-label={t('Share of the BOQ certified')}
          />
        </DemoCard>
        <DemoCard title={t('Certified per bill')} note={t('The dashboards’ bar chart.')}>
          {item.bills.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('Not billed yet.')}
            </Text>
          ) : (
            <BarChart
              h={220}
              data={item.bills.map((bill) => ({ ipc: bill.ipc, quantity: bill.quantity }))}
              dataKey="ipc"
              series={[{ name: 'quantity', label: t('Quantity ({{unit}})', { unit }), color: 'blue.6' }]}
              valueFormatter={(v) => quantityText(v, unit)}
              tickLine="y"
              maxBarWidth={48}
            />
          )}
        </DemoCard>
      </CardGrid>
    </Stack>
  );
}
