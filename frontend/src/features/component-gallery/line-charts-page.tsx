/**
 * /graphs/flot and /graphs/dygraphs: line and area charts as the dashboards draw them (@mantine/charts on recharts):
 * a package's planned and actual S-curve, and a long daily series narrowed with a brush (recharts' Brush, which the
 * Mantine wrapper does not offer). Sample series.
 */
import '@mantine/charts/styles.css';

import { AreaChart, LineChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import {
  Brush,
  CartesianGrid,
  Line,
  LineChart as RechartsLineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

import { formatDocumentDate, groupIndian } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { CardGrid } from './card-grid';
import { DemoCard } from './demo-card';
import { dailyPours, NCRS_BY_MONTH, sCurve } from './sample-series';

const CURVE = sCurve(20, 20 - 4);
const POURS = dailyPours('2026-05-01', 200);

export function FlotPage() {
  const { t } = useTranslation();
  return (
    <CardGrid>
      <DemoCard
        title={t('Planned and actual progress, C1-V01')}
        note={t('A line chart: cumulative progress by month (%).')}
      >
        <LineChart
          h={280}
          data={CURVE}
          dataKey="month"
          series={[
            { name: 'planned', label: t('Planned'), color: 'gray.6', strokeDasharray: '5 5' },
            { name: 'actual', label: t('Actual'), color: 'blue.6' },
          ]}
          curveType="monotone"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          yAxisProps={{ domain: [0, 100] }}
          valueFormatter={(value) => `${value} %`}
          connectNulls={false}
          tickLine="y"
        />
      </DemoCard>
      <DemoCard
        title={t('NCRs raised and closed')}
        note={t('An area chart: two series over the last eight months.')}
      >
        <AreaChart
          h={280}
          data={NCRS_BY_MONTH}
          dataKey="month"
          series={[
            { name: 'raised', label: t('Raised'), color: 'orange.6' },
            { name: 'closed', label: t('Closed'), color: 'teal.6' },
          ]}
          curveType="monotone"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          yAxisProps={{ allowDecimals: false }}
          tickLine="y"
        />
      </DemoCard>
    </CardGrid>
  );
}

export function DygraphsPage() {
  const { t } = useTranslation();
  return (
    <DemoCard
      title={t('Concrete poured per day, C1-V01')}
      note={t('Drag the ends of the brush under the chart to look at a few weeks; Sundays are quiet.')}
    >
      <div style={{ width: '100%', height: 340 }} data-testid="brush-chart">
        <ResponsiveContainer>
          <RechartsLineChart data={POURS} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--mantine-color-gray-3)" />
            <XAxis
              dataKey="day"
              tickFormatter={(day: string) => formatDocumentDate(day).slice(0, 6)}
              minTickGap={24}
            />
            <YAxis width={48} />
            <Tooltip
              labelFormatter={(day) => formatDocumentDate(String(day))}
              formatter={(value) => [`${groupIndian(Number(value), 0)} m³`, t('Poured')]}
            />
            <Line
              type="monotone"
              dataKey="m3"
              stroke="var(--mantine-color-blue-6)"
              dot={false}
              strokeWidth={1.5}
            />
            <Brush
              dataKey="day"
              height={28}
              startIndex={POURS.length - 60}
              tickFormatter={(day: string) => formatDocumentDate(day).slice(0, 6)}
            />
          </RechartsLineChart>
        </ResponsiveContainer>
      </div>
      <Text size="xs" c="dimmed">
        {t('{{days}} days from {{from}} to {{to}}.', {
          days: POURS.length,
          from: formatDocumentDate(POURS[0]?.day),
          to: formatDocumentDate(POURS[POURS.length - 1]?.day),
        })}
      </Text>
    </DemoCard>
  );
}
