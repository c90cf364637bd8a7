/**
 * /graphs/chartjs, /graphs/morris and /graphs/highchart-table: bar, radar and donut charts as the dashboards draw
 * them (@mantine/charts on recharts), and a table with the chart drawn from the same rows. Sample series; the IPC
 * figures are the orders page's sample certificates.
 */
import '@mantine/charts/styles.css';

import { AreaChart, BarChart, DonutChart, RadarChart } from '@mantine/charts';
import { Group, Stack, Table, Text } from '@mantine/core';

import { formatDocumentDate, groupIndian } from '../../lib/format';
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
  return (
    <CardGrid>
      <DemoCard title="RFIs by state per package" note="Grouped bars: one bar per state.">
        <BarChart
          h={280}
          data={RFIS_BY_PACKAGE}
          dataKey="package"
          series={RFI_SERIES}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          yAxisProps={{ allowDecimals: false }}
          tickLine="y"
        />
      </DemoCard>
      <DemoCard title="The same, stacked" note="Stacked bars: the whole is every RFI of the package.">
        <BarChart
          h={280}
          data={RFIS_BY_PACKAGE}
          dataKey="package"
          series={RFI_SERIES}
          type="stacked"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          tickLine="y"
        />
      </DemoCard>
      <DemoCard title="NCRs by discipline" note="A radar: raised against closed per discipline.">
        <RadarChart
          h={300}
          data={NCRS_BY_DISCIPLINE}
          dataKey="discipline"
          series={[
            { name: 'raised', color: 'orange.6', opacity: 0.2 },
            { name: 'closed', color: 'teal.6', opacity: 0.2 },
          ]}
          withLegend
          withPolarRadiusAxis
        />
      </DemoCard>
      <DemoCard title="Horizontal bars" note="Long names read better across: open RFIs per package.">
        <BarChart
          h={280}
          data={RFIS_BY_PACKAGE}
          dataKey="package"
          series={[{ name: 'Open', color: 'orange.6' }]}
          orientation="vertical"
          yAxisProps={{ width: 80 }}
          gridAxis="y"
        />
      </DemoCard>
    </CardGrid>
  );
}

export function MorrisPage() {
  const total = NCRS_BY_CATEGORY.reduce((sum, slice) => sum + slice.value, 0);
  return (
    <CardGrid>
      <DemoCard
        title="Open NCRs by category"
        note="A donut with its total inside and each slice named with its figure."
      >
        <Stack align="center" gap="xs">
          <DonutChart
            size={200}
            thickness={30}
            data={NCRS_BY_CATEGORY}
            chartLabel={`${total} open`}
            tooltipDataSource="segment"
          />
          <Group gap="sm" justify="center">
            {NCRS_BY_CATEGORY.map((slice) => (
              <Text key={slice.name} size="xs">
                {slice.name}: {slice.value}
              </Text>
            ))}
          </Group>
        </Stack>
      </DemoCard>
      <DemoCard title="NCRs raised and closed" note="Stacked areas over the last eight months.">
        <AreaChart
          h={260}
          data={NCRS_BY_MONTH}
          dataKey="month"
          type="stacked"
          series={[
            { name: 'raised', label: 'Raised', color: 'orange.6' },
            { name: 'closed', label: 'Closed', color: 'teal.6' },
          ]}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          tickLine="y"
        />
      </DemoCard>
      <DemoCard title="NCRs raised per month" note="A plain bar chart.">
        <BarChart
          h={240}
          data={NCRS_BY_MONTH}
          dataKey="month"
          series={[{ name: 'raised', label: 'Raised', color: 'blue.6' }]}
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
  net: netOf(ipc.gross, ipc.deductions),
}));

/** Rupees to crores, for the chart's axis (₹ 1 crore = 1,00,00,000). */
function crores(rupees: string): number {
  return Math.round(Number(rupees) / 1e5) / 100;
}

export function HighchartTablePage() {
  const data = C1_IPCS.map((ipc) => ({
    month: formatDocumentDate(ipc.period).slice(3),
    gross: crores(ipc.gross),
    net: crores(ipc.net),
  }));
  return (
    <CardGrid>
      <DemoCard title="IPCs of C1-V01" note="The rows the chart is drawn from.">
        <Table.ScrollContainer minWidth={420}>
          <Table striped data-testid="chart-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>IPC</Table.Th>
                <Table.Th>Month</Table.Th>
                <Table.Th ta="right">Work done (₹)</Table.Th>
                <Table.Th ta="right">Net payable (₹)</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {C1_IPCS.map((ipc) => (
                <Table.Tr key={ipc.number}>
                  <Table.Td>{ipc.number.replace('C1-V01-', '')}</Table.Td>
                  <Table.Td>{formatDocumentDate(ipc.period).slice(3)}</Table.Td>
                  <Table.Td ta="right">{groupIndian(ipc.gross)}</Table.Td>
                  <Table.Td ta="right">{groupIndian(ipc.net)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </DemoCard>
      <DemoCard title="The same rows as bars" note="In crores of rupees (₹ 1 crore = 1,00,00,000).">
        <BarChart
          h={280}
          data={data}
          dataKey="month"
          series={[
            { name: 'gross', label: 'Work done', color: 'blue.6' },
            { name: 'net', label: 'Net payable', color: 'teal.6' },
          ]}
          valueFormatter={(value) => `₹${groupIndian(value)} Cr`}
          yAxisProps={{ width: 84 }}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          tickLine="y"
        />
      </DemoCard>
    </CardGrid>
  );
}
