/**
 * /graphs/chartjs, /graphs/morris and /graphs/highchart-table: bar, radar and donut charts as the dashboards draw
 * them (@mantine/charts on recharts), and a table with the chart drawn from the same rows. Sample series; the IPC
 * figures are the orders page's sample certificates.
 */
import '@mantine/charts/styles.css';

import { AreaChart, BarChart, DonutChart, RadarChart } from '@mantine/charts';
import { Group, Stack, Table, Text } from '@mantine/core';

import { formatDocumentDate, groupIndian } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { CardGrid } from './card-grid';
import { DemoCard } from './demo-card';
import { SAMPLE_IPCS } from './ipc-sample';
import { netOf } from './ipc-totals';
import { NCRS_BY_CATEGORY, NCRS_BY_DISCIPLINE, NCRS_BY_MONTH, RFIS_BY_PACKAGE } from './sample-series';

const RFI_SERIES = [
  { name: 'Open', color: 'orange.6' },
  { name: 'Closed', color: 'teal.6' },
  { name: 'Rejected', color: 'red.6' },
];

export function ChartJsPage() {
  const { t } = useTranslation();
  const rfiSeries = RFI_SERIES.map((series) => ({ ...series, label: t(series.name) }));
  const disciplines = NCRS_BY_DISCIPLINE.map((row) => ({ ...row, discipline: t(row.discipline) }));
  return (
    <CardGrid>
      <DemoCard title={t('RFIs by state per package')} note={t('Grouped bars: one bar per state.')}>
        <BarChart
          h={280}
          data={RFIS_BY_PACKAGE}
          dataKey="package"
          series={rfiSeries}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          yAxisProps={{ allowDecimals: false }}
          tickLine="y"
        />
      </DemoCard>
      <DemoCard
        title={t('The same, stacked')}
        note={t('Stacked bars: the whole is every RFI of the package.')}
      >
        <BarChart
          h={280}
          data={RFIS_BY_PACKAGE}
          dataKey="package"
          series={rfiSeries}
          type="stacked"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          tickLine="y"
        />
      </DemoCard>
      <DemoCard title={t('NCRs by discipline')} note={t('A radar: raised against closed per discipline.')}>
        <RadarChart
          h={300}
          data={disciplines}
          dataKey="discipline"
          series={[
            { name: 'raised', label: t('raised'), color: 'orange.6', opacity: 0.2 },
            { name: 'closed', label: t('closed'), color: 'teal.6', opacity: 0.2 },
          ]}
          withLegend
          withPolarRadiusAxis
        />
      </DemoCard>
      <DemoCard
        title={t('Horizontal bars')}
        note={t('Long names read better across: open RFIs per package.')}
      >
        <BarChart
          h={280}
          data={RFIS_BY_PACKAGE}
          dataKey="package"
          series={[{ name: 'Open', label: t('Open'), color: 'orange.6' }]}
          orientation="vertical"
          yAxisProps={{ width: 80 }}
          gridAxis="y"
        />
      </DemoCard>
    </CardGrid>
  );
}

export function MorrisPage() {
  const { t } = useTranslation();
  const total = NCRS_BY_CATEGORY.reduce((sum, slice) => sum + slice.value, 0);
  const slices = NCRS_BY_CATEGORY.map((slice) => ({ ...slice, name: t(slice.name) }));
  return (
    <CardGrid>
      <DemoCard
        title={t('Open NCRs by category')}
        note={t('A donut with its total inside and each slice named with its figure.')}
      >
        <Stack align="center" gap="xs">
          <DonutChart
            size={200}
            thickness={30}
            data={slices}
            chartLabel={t('{{total}} open', { total })}
            tooltipDataSource="segment"
          />
          <Group gap="sm" justify="center">
            {slices.map((slice) => (
              <Text key={slice.name} size="xs">
                {slice.name}: {slice.value}
              </Text>
            ))}
          </Group>
        </Stack>
      </DemoCard>
      <DemoCard title={t('NCRs raised and closed')} note={t('Stacked areas over the last eight months.')}>
        <AreaChart
          h={260}
          data={NCRS_BY_MONTH}
          dataKey="month"
          type="stacked"
          series={[
            { name: 'raised', label: t('Raised'), color: 'orange.6' },
            { name: 'closed', label: t('Closed'), color: 'teal.6' },
          ]}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          tickLine="y"
        />
      </DemoCard>
      <DemoCard title={t('NCRs raised per month')} note={t('A plain bar chart.')}>
        <BarChart
          h={240}
          data={NCRS_BY_MONTH}
          dataKey="month"
          series={[{ name: 'raised', label: t('Raised'), color: 'blue.6' }]}
          yAxisProps={{ allowDecimals: false }}
          tickLine="y"
        />
      </DemoCard>
    </CardGrid>
  );
}

/** The C1-V01 certificates, oldest first, with their net amount. */
const C1_IPCS = SAMPLE_IPCS.filter((ipc) => ipc.package === 'C1-V01').map((ipc) => ({
  ...ipc,
  /** The number within the package ("IPC-009"). */
  short: ipc.number.replace('C1-V01-', ''),
  net: netOf(ipc.gross, ipc.deductions),
}));

/** Rupees to crores, for the chart's axis (₹ 1 crore = 1,00,00,000). */
function crores(rupees: string): number {
  return Math.round(Number(rupees) / 1e5) / 100;
}

export function HighchartTablePage() {
  const { t } = useTranslation();
  const data = C1_IPCS.map((ipc) => ({
    month: formatDocumentDate(ipc.period).slice(3),
    gross: crores(ipc.gross),
    net: crores(ipc.net),
  }));
  return (
    <CardGrid>
      <DemoCard title={t('IPCs of C1-V01')} note={t('The rows the chart is drawn from.')}>
        <Table.ScrollContainer minWidth={420}>
          <Table striped data-testid="chart-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('IPC')}</Table.Th>
                <Table.Th>{t('Month')}</Table.Th>
                <Table.Th ta="right">{t('Work done (₹)')}</Table.Th>
                <Table.Th ta="right">{t('Net payable (₹)')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {C1_IPCS.map((ipc) => (
                <Table.Tr key={ipc.number}>
                  <Table.Td>{ipc.short}</Table.Td>
                  <Table.Td>{formatDocumentDate(ipc.period).slice(3)}</Table.Td>
                  <Table.Td ta="right">{groupIndian(ipc.gross)}</Table.Td>
                  <Table.Td ta="right">{groupIndian(ipc.net)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </DemoCard>
      <DemoCard title={t('The same rows as bars')} note={t('In crores of rupees (₹ 1 crore = 1,00,00,000).')}>
        <BarChart
          h={280}
          data={data}
          dataKey="month"
          series={[
            { name: 'gross', label: t('Work done'), color: 'blue.6' },
            { name: 'net', label: t('Net payable'), color: 'teal.6' },
          ]}
          valueFormatter={(value) => t('₹{{amount}} Cr', { amount: groupIndian(value) })}
          yAxisProps={{ width: 84 }}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          tickLine="y"
        />
      </DemoCard>
    </CardGrid>
  );
}
