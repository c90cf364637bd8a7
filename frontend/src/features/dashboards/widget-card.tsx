/**
 * One widget of a dashboard in its card: a stat, a bar chart (stacked, horizontal), a line chart, a donut or a
 * table, drawn with Mantine Charts from the pure mapping of `chart-data.ts`. A widget with a link drills through
 * on click (a bar, a slice, a figure, a table row); one with nothing to show says so in its card.
 */
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import {
  Anchor,
  Badge,
  Box,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import type { Widget, WidgetColumn, WidgetRow } from '../../api/dashboard';
import { textOf } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { useMobileView } from '../../lib/use-mobile-view';
import { CategoryTickLabel } from './category-tick';
import { NetworkWidget } from './network-widget';
import {
  type CategoryAxisLayout,
  categoryAxis,
  cssColour,
  donutSlices,
  figureOf,
  formatValue,
  isEmptyWidget,
  lightColour,
  seriesChart,
  seriesFormat,
  statValue,
  wrapLabel,
} from './chart-data';

export interface WidgetCardProps {
  widget: Widget;
  colourBlind: boolean;
  hrefOf: (widget: Widget, row: WidgetRow | undefined) => string | null;
  open: (widget: Widget, row: WidgetRow | undefined) => void;
}

const CHART_HEIGHT = 260;

export function WidgetCard(props: WidgetCardProps) {
  const { widget } = props;
  const phone = useMobileView();
  // On a phone a figure shares its line with its title, so the figures above the charts stay a short list.
  if (phone && widget.kind === 'stat') {
    return (
      <Paper withBorder px="md" py="xs" data-testid={`widget-${widget.id}`} data-kind={widget.kind}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            {widget.title}
          </Text>
          <StatFigure {...props} compact />
        </Group>
      </Paper>
    );
  }
  return (
    <Paper withBorder p="md" h="100%" data-testid={`widget-${widget.id}`} data-kind={widget.kind}>
      <Stack gap="xs" h="100%">
        <Text fw={600} size="sm">
          {widget.title}
        </Text>
        <WidgetBody {...props} />
      </Stack>
    </Paper>
  );
}

function WidgetBody(props: WidgetCardProps) {
  const { t } = useTranslation();
  const { widget } = props;
  if (widget.kind === 'stat') return <StatFigure {...props} />;
  if (isEmptyWidget(widget)) {
    return (
      <Text c="dimmed" size="sm" py="lg" ta="center">
        {t('Nothing to show for these packages yet.')}
      </Text>
    );
  }
  switch (widget.kind) {
    case 'bar':
      return <BarWidget {...props} />;
    case 'line':
      return <LineWidget {...props} />;
    case 'donut':
      return <DonutWidget {...props} />;
    case 'table':
      return <TableWidget {...props} />;
    case 'network':
      return <NetworkWidget widget={props.widget} colourBlind={props.colourBlind} open={props.open} />;
    default:
      return (
        <Text c="dimmed" size="sm">
          {t('This kind of figure cannot be shown by this console.')}
        </Text>
      );
  }
}

function StatFigure({ widget, hrefOf, compact = false }: WidgetCardProps & { compact?: boolean }) {
  const { t } = useTranslation();
  const value = statValue(widget);
  const text = formatValue(value, widget.value?.format ?? 'integer');
  const href = hrefOf(widget, widget.rows[0]);
  const figure = (
    <Text fw={700} fz={compact ? 22 : 32} lh={1.1} data-testid={`stat-${widget.id}`}>
      {text}
    </Text>
  );
  return (
    <Stack gap={2}>
      {href ? (
        <Anchor
          component={Link}
          to={href}
          underline="hover"
          c="inherit"
          aria-label={t('{{title}}: {{figure}}, open the list', { title: widget.title, figure: text })}
        >
          {figure}
        </Anchor>
      ) : (
        figure
      )}
      {!compact && widget.value?.label && widget.value.label !== widget.title ? (
        <Text c="dimmed" size="xs">
          {widget.value.label}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The row index a recharts click names (bars and slices pass their data index second). */
function rowAt(widget: Widget, index: unknown): WidgetRow | undefined {
  return typeof index === 'number' ? widget.rows[index] : undefined;
}

/**
 * The value axis: counts are whole (no 0.75 ticks, written "1" twice); amounts and days get room for their unit
 * ("₹60.00 Cr", "220 days") on one line.
 */
function valueAxis(widget: Widget) {
  const format = seriesFormat(widget);
  if (format === 'integer') return { allowDecimals: false };
  if (format === 'money' || format === 'days') return { width: VALUE_AXIS_WIDE };
  return undefined;
}

/** The value axis's width (recharts' default, or the wide one for amounts and days), and the chart's side margins. */
const VALUE_AXIS = 60;
const VALUE_AXIS_WIDE = 84;
const CHART_MARGINS = 30;
/** The category axis of a horizontal bar chart: its width, and the characters of a line that fit in it. */
const CATEGORY_AXIS_WIDTH = 96;
const CATEGORY_AXIS_CHARACTERS = 15;

/** What recharts hands a custom tick (its position may come as text). */
type TickProps = { x?: number | string; y?: number | string; payload?: { value?: unknown } };

/**
 * The category axis of a bar or line chart `width` pixels wide: every category keeps its label (recharts would
 * otherwise leave out every other one where they crowd), wrapped, or turned when the bands are narrow; a shortened
 * label keeps its full text as a tooltip.
 */
function categoryAxisProps(widget: Widget, labels: string[], width: number) {
  const valueWidth = valueAxis(widget)?.width ?? VALUE_AXIS;
  // Before the card is measured, lay out for a third of a wide screen.
  const plot = (width > 0 ? width : 420) - valueWidth - CHART_MARGINS;
  const layout = categoryAxis(labels, plot);
  return {
    interval: 0,
    height: layout.height,
    tick: ({ x, y, payload }: TickProps) => (
      <CategoryTickLabel x={Number(x ?? 0)} y={Number(y ?? 0)} payload={payload} layout={layout} />
    ),
  };
}

/** The category axis beside a horizontal bar chart's bars: each label wrapped in two lines of its width. */
function sideCategoryAxisProps(labels: string[]) {
  const layout: CategoryAxisLayout = {
    ticks: labels.map((label) => wrapLabel(label, CATEGORY_AXIS_CHARACTERS, 2)),
    angle: 0,
    height: 0,
  };
  return {
    width: CATEGORY_AXIS_WIDTH,
    interval: 0,
    tick: ({ x, y, payload }: TickProps) => (
      <CategoryTickLabel
        x={Number(x ?? 0)}
        y={Number(y ?? 0)}
        payload={payload}
        layout={layout}
        side="left"
      />
    ),
  };
}

/** The x text of each data point, as the chart's category axis receives it. */
function categoryLabels(data: Record<string, string | number | null>[], key: string): string[] {
  return data.map((point) => textOf(point[key]));
}

function BarWidget({ widget, colourBlind, open }: WidgetCardProps) {
  const { ref, width } = useElementSize();
  const chart = seriesChart(widget, colourBlind);
  const horizontal = widget.horizontal === true;
  const clickable = widget.link !== undefined;
  const labels = categoryLabels(chart.data, chart.dataKey);
  const xAxis = horizontal ? undefined : categoryAxisProps(widget, labels, width);
  // A horizontal chart grows with its bars, so long package lists stay readable; a vertical one with its labels.
  const height = horizontal
    ? Math.max(CHART_HEIGHT, 36 * chart.data.length + 60)
    : CHART_HEIGHT + Math.max(0, (xAxis?.height ?? 0) - 30);
  return (
    <Box ref={ref}>
      <BarChart
        h={height}
        data={chart.data}
        dataKey={chart.dataKey}
        series={chart.series}
        type={widget.stacked ? 'stacked' : 'default'}
        orientation={horizontal ? 'vertical' : 'horizontal'}
        withLegend={chart.series.length > 1}
        legendProps={{ verticalAlign: 'bottom' }}
        tickLine="y"
        yAxisProps={horizontal ? sideCategoryAxisProps(labels) : valueAxis(widget)}
        xAxisProps={xAxis}
        // One package's bars stay bars, not a wall.
        maxBarWidth={64}
        valueFormatter={(value) => formatValue(value, seriesFormat(widget))}
        barProps={
          clickable
            ? {
                onClick: (_data: unknown, index: number) => open(widget, rowAt(widget, index)),
                cursor: 'pointer',
              }
            : undefined
        }
      />
    </Box>
  );
}

function LineWidget({ widget, colourBlind }: WidgetCardProps) {
  const { ref, width } = useElementSize();
  const chart = seriesChart(widget, colourBlind);
  const xAxis = categoryAxisProps(widget, categoryLabels(chart.data, chart.dataKey), width);
  return (
    <Box ref={ref}>
      <LineChart
        h={CHART_HEIGHT + Math.max(0, xAxis.height - 30)}
        data={chart.data}
        dataKey={chart.dataKey}
        series={chart.series}
        curveType="monotone"
        xAxisProps={xAxis}
        withLegend={chart.series.length > 1}
        legendProps={{ verticalAlign: 'bottom' }}
        tickLine="y"
        yAxisProps={valueAxis(widget)}
        connectNulls={false}
        valueFormatter={(value) => formatValue(value, seriesFormat(widget))}
      />
    </Box>
  );
}

function DonutWidget({ widget, colourBlind, open }: WidgetCardProps) {
  const slices = donutSlices(widget, colourBlind);
  const clickable = widget.link !== undefined;
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  const format = widget.value?.format ?? 'integer';
  const pick = (index: number) => open(widget, widget.rows[slices[index]?.row ?? -1]);
  return (
    <Stack gap="xs" align="center">
      <DonutChart
        size={180}
        thickness={28}
        data={slices.map(({ name, value, color }) => ({ name, value, color }))}
        chartLabel={formatValue(total, format)}
        tooltipDataSource="segment"
        valueFormatter={(value) => formatValue(value, format)}
        pieProps={
          clickable
            ? { onClick: (_data: unknown, index: number) => pick(index), cursor: 'pointer' }
            : undefined
        }
      />
      {/* The legend names each slice with its figure: the colours alone need not be told apart. */}
      <Group gap="xs" justify="center">
        {slices.map((slice, index) => (
          <UnstyledButton
            key={slice.name}
            onClick={clickable ? () => pick(index) : undefined}
            disabled={!clickable}
            style={{ cursor: clickable ? 'pointer' : 'default' }}
          >
            <Group gap={4} wrap="nowrap">
              <SliceSwatch color={slice.color} />
              <Text size="xs">
                {slice.name}: {formatValue(slice.value, format)}
              </Text>
            </Group>
          </UnstyledButton>
        ))}
      </Group>
    </Stack>
  );
}

function SliceSwatch({ color }: { color: string }) {
  return (
    <span
      aria-hidden
      style={{
        width: 10,
        height: 10,
        borderRadius: 2,
        background: cssColour(color),
        display: 'inline-block',
      }}
    />
  );
}

/** A table cell: its figure (a ratio with `of`) by its format; a traffic light as a coloured badge with its word. */
function Cell({ row, column }: { row: WidgetRow; column: WidgetColumn }): ReactNode {
  if (column.format === 'light') {
    const colour = lightColour(row[column.column]);
    const word = formatValue(row[column.column], 'light');
    if (colour) {
      return (
        <Badge color={colour} variant="filled" size="sm" radius="sm">
          {word}
        </Badge>
      );
    }
  }
  const cell = column.of === undefined ? row[column.column] : figureOf(row, column);
  return formatValue(cell, column.format);
}

/** Figures line up on the right of their column. */
function alignOf(column: WidgetColumn): 'right' | undefined {
  return column.format && NUMERIC_FORMATS.has(column.format) ? 'right' : undefined;
}

const NUMERIC_FORMATS = new Set(['integer', 'decimal', 'money', 'percent', 'days']);

function TableWidget({ widget, hrefOf }: WidgetCardProps) {
  const phone = useMobileView();
  const columns = widget.columns ?? [];
  if (phone) {
    // On a phone each row is a block of its label–value pairs.
    return (
      <Stack gap="xs">
        {widget.rows.map((row, index) => {
          const href = hrefOf(widget, row);
          const block = (
            <Paper withBorder p="xs" key={index}>
              {columns.map((c, column) => (
                <Group key={column} justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="xs" c="dimmed">
                    {c.label}
                  </Text>
                  <Text size="xs" ta="right" component="div">
                    <Cell row={row} column={c} />
                  </Text>
                </Group>
              ))}
            </Paper>
          );
          return href ? (
            <Anchor component={Link} to={href} key={index} underline="never" c="inherit">
              {block}
            </Anchor>
          ) : (
            block
          );
        })}
      </Stack>
    );
  }
  return (
    <ScrollArea.Autosize mah={360}>
      <Table striped highlightOnHover stickyHeader fz="sm">
        <Table.Thead>
          <Table.Tr>
            {columns.map((c, column) => (
              <Table.Th key={column} ta={alignOf(c)}>
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {widget.rows.map((row, index) => {
            const href = hrefOf(widget, row);
            return (
              <Table.Tr key={index}>
                {columns.map((c, column) => (
                  <Table.Td key={column} ta={alignOf(c)}>
                    {href && column === 0 ? (
                      <Anchor component={Link} to={href} size="sm">
                        <Cell row={row} column={c} />
                      </Anchor>
                    ) : (
                      <Cell row={row} column={c} />
                    )}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
