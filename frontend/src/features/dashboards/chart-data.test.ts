import { describe, expect, it } from 'vitest';

import type { Widget } from '../../api/dashboard';
import {
  categoryAxis,
  chartColour,
  donutSlices,
  drillHref,
  figureOf,
  formatValue,
  isEmptyDashboard,
  isEmptyWidget,
  lightColour,
  networkLines,
  numberOf,
  seriesChart,
  seriesFormat,
  spanOf,
  statValue,
  wrapLabel,
} from './chart-data';

const byState: Widget = {
  id: 'by_state',
  kind: 'bar',
  title: 'Documents by state per package',
  span: 8,
  x: { column: 'c_package', label: 'Package' },
  series: [
    { column: 'n_wip', label: 'WIP', colour: 'gray' },
    { column: 'n_shared', label: 'Shared', colour: 'blue' },
  ],
  stacked: true,
  link: { route: '/dms/dms', filter: { column: 'n_package', from: 'n_package' } },
  rows: [
    { n_package: 1, c_package: 'C1-V01', n_wip: 3, n_shared: '2' },
    { n_package: 2, c_package: null, n_wip: null, n_shared: 4 },
  ],
};

describe('numberOf', () => {
  it('takes JSON numbers and numeric text, nothing else', () => {
    expect(numberOf(4)).toBe(4);
    expect(numberOf('12.50')).toBe(12.5);
    expect(numberOf('-3')).toBe(-3);
    expect(numberOf('12a')).toBeNull();
    expect(numberOf(null)).toBeNull();
    expect(numberOf(true)).toBeNull();
    expect(numberOf(Number.NaN)).toBeNull();
  });
});

describe('formatValue', () => {
  it('formats by the column format', () => {
    expect(formatValue(1234567, 'integer')).toBe('12,34,567');
    expect(formatValue('1234567.456', 'decimal')).toBe('12,34,567.46');
    // Dashboards write amounts in lakhs and crores.
    expect(formatValue(2500000, 'money')).toBe('₹25.00 L');
    expect(formatValue(1045849030, 'money')).toBe('₹104.58 Cr');
    expect(formatValue(-123456789012, 'money')).toBe('-₹12,345.68 Cr');
    expect(formatValue(99999.5, 'money')).toBe('₹99,999.50');
    expect(formatValue(42.25, 'percent')).toBe('42.3%');
    expect(formatValue(1, 'days')).toBe('1 day');
    expect(formatValue('4', 'days')).toBe('4 days');
    expect(formatValue(2.5, 'days')).toBe('2.5 days');
    expect(formatValue('2026-03-05', 'date')).toBe('05 Mar, 2026');
    expect(formatValue(12, 'text')).toBe('12');
  });

  it('formats by type without a format, and says nothing for a blank', () => {
    expect(formatValue(1500)).toBe('1,500');
    expect(formatValue(1.5)).toBe('1.50');
    expect(formatValue('2026-01-09T10:00:00Z')).toBe('09 Jan, 2026');
    expect(formatValue('C1-V01')).toBe('C1-V01');
    expect(formatValue(null)).toBe('—');
    expect(formatValue(undefined, 'integer')).toBe('—');
    expect(formatValue(false)).toBe('No');
  });
});

describe('chartColour', () => {
  it('uses the Mantine colour, or the colour-blind palette', () => {
    expect(chartColour('blue', 0, false)).toBe('blue.6');
    expect(chartColour('blue', 0, true)).toBe('#0072B2');
    expect(chartColour('red', 0, true)).toBe('#D55E00');
    expect(chartColour('green', 0, true)).toBe('#009E73');
  });

  it('takes colours in turn when none (or an odd one) is named', () => {
    expect(chartColour(undefined, 1, false)).toBe('orange.6');
    expect(chartColour('url(x)', 0, false)).toBe('blue.6');
    expect(chartColour('chartreuse', 2, true)).toBe('#009E73');
    expect(chartColour('chartreuse', 2, false)).toBe('teal.6');
  });
});

describe('spanOf', () => {
  it('keeps 1–12, else the whole width', () => {
    expect(spanOf({ span: 8 })).toBe(8);
    expect(spanOf({ span: 0 })).toBe(12);
    expect(spanOf({ span: 13 })).toBe(12);
  });
});

describe('seriesChart', () => {
  it('maps rows to chart points and series', () => {
    const chart = seriesChart(byState, false);
    expect(chart.dataKey).toBe('c_package');
    expect(chart.series).toEqual([
      { name: 'n_wip', label: 'WIP', color: 'gray.6' },
      { name: 'n_shared', label: 'Shared', color: 'blue.6' },
    ]);
    expect(chart.data).toEqual([
      { c_package: 'C1-V01', n_wip: 3, n_shared: 2 },
      { c_package: '(none)', n_wip: 0, n_shared: 4 },
    ]);
  });

  it('writes the x axis as text and colours the series for colour-blind readers when asked', () => {
    const chart = seriesChart(
      {
        ...byState,
        x: { column: 'c_month', label: 'Month' },
        rows: [{ c_month: 'Mar 2026', n_wip: 1, n_shared: 0 }],
      },
      true,
    );
    expect(chart.data[0]?.c_month).toBe('Mar 2026');
    expect(chart.series[1]?.color).toBe('#0072B2');
  });
});

describe('donutSlices', () => {
  it('has a slice per label above 0, adding up its rows and remembering the first', () => {
    const slices = donutSlices(
      {
        id: 'by_status',
        kind: 'donut',
        span: 12,
        title: 'By status code',
        x: { column: 'c_status_code', label: 'Status' },
        value: { column: 'n_count', label: 'Documents' },
        rows: [
          { c_status_code: 'S0', n_count: 12 },
          { c_status_code: 'S1', n_count: 0 },
          { c_status_code: 'A', n_count: '5' },
          { c_status_code: 'S0', n_count: 3 },
        ],
      },
      false,
    );
    expect(slices).toEqual([
      { name: 'S0', value: 15, color: 'blue.6', row: 0 },
      { name: 'A', value: 5, color: 'orange.6', row: 2 },
    ]);
  });
});

describe('statValue', () => {
  const stat: Widget = {
    id: 'open',
    kind: 'stat',
    span: 12,
    title: 'Open reviews',
    value: { column: 'n_open', label: 'Open reviews', format: 'integer' },
    rows: [{ n_open: 12 }, { n_open: '3' }],
  };
  it('is the first row, or the sum over rows', () => {
    expect(statValue(stat)).toBe(12);
    expect(statValue({ ...stat, sum: true })).toBe(15);
    expect(statValue({ ...stat, rows: [] })).toBeNull();
    expect(statValue({ ...stat, sum: true, rows: [] })).toBeNull();
  });
});

describe('empty widgets', () => {
  it('knows a chart with only zeros is empty', () => {
    expect(isEmptyWidget(byState)).toBe(false);
    expect(isEmptyWidget({ ...byState, rows: [{ c_package: 'C1', n_wip: 0, n_shared: null }] })).toBe(true);
    expect(isEmptyWidget({ ...byState, rows: [] })).toBe(true);
  });

  it('knows a dashboard with nothing to show', () => {
    const zero: Widget = {
      id: 's',
      kind: 'stat',
      span: 12,
      title: 'S',
      value: { column: 'n', label: 'N' },
      rows: [{ n: 0 }],
    };
    expect(isEmptyDashboard([zero, { ...byState, rows: [] }])).toBe(true);
    expect(isEmptyDashboard([zero, byState])).toBe(false);
    expect(isEmptyDashboard([])).toBe(true);
  });
});

describe('drillHref', () => {
  it('filters the register by the clicked row', () => {
    expect(drillHref(byState.link, byState.rows[0])).toBe('/dms/dms?filter=n_package%3A1');
  });

  it('opens a record, or the register', () => {
    expect(drillHref({ route: '/administration/dmsreview', record: 'id' }, { id: 5 })).toBe(
      '/administration/dmsreview?record=5',
    );
    expect(drillHref({ route: '/administration/dmsreview', record: 'id' }, { id: null })).toBeNull();
    expect(drillHref({ route: '/administration/dmsreview' }, undefined)).toBe('/administration/dmsreview');
    expect(drillHref(byState.link, { n_package: null })).toBe('/dms/dms');
  });

  it("carries the fixed filters, with the clicked row's after them", () => {
    const critical = { route: '/safety', fixed: { c_severity: 'Critical', c_state: 'Open' } };
    expect(drillHref(critical, undefined)).toBe('/safety?filter=c_severity%3ACritical&filter=c_state%3AOpen');
    expect(
      drillHref({ ...critical, filter: { column: 'n_package', from: 'n_package' } }, { n_package: 7 }),
    ).toBe('/safety?filter=c_severity%3ACritical&filter=c_state%3AOpen&filter=n_package%3A7');
  });

  it('goes nowhere without a link or off the console', () => {
    expect(drillHref(undefined, {})).toBeNull();
    expect(drillHref({ route: 'https://example.com' }, {})).toBeNull();
  });
});

describe('ratios (`of`)', () => {
  const scurve: Widget = {
    id: 'scurve',
    kind: 'line',
    span: 12,
    title: 'S-curve',
    x: { column: 'c_month', label: 'Month' },
    series: [
      { column: 'n_planned', of: 'n_weight', label: 'Planned', format: 'percent' },
      { column: 'n_earned', of: 'n_weight', label: 'Actual', format: 'percent' },
    ],
    sum: true,
    rows: [
      { c_month: 'Oct 2026', n_planned: 75, n_earned: 60, n_weight: 200 },
      { c_month: 'Nov 2026', n_planned: 80, n_earned: null, n_weight: 200 },
    ],
  };

  it('draws a series as its column over its `of`, a percent × 100, and a missing figure as a gap in a line', () => {
    expect(seriesChart(scurve, false).data).toEqual([
      { c_month: 'Oct 2026', n_planned: 37.5, n_earned: 30 },
      { c_month: 'Nov 2026', n_planned: 40, n_earned: null },
    ]);
    // In a bar chart a missing figure is a bar of 0.
    expect(seriesChart({ ...scurve, kind: 'bar' }, false).data[1]).toEqual({
      c_month: 'Nov 2026',
      n_planned: 40,
      n_earned: 0,
    });
    expect(seriesFormat(scurve)).toBe('percent');
    expect(
      seriesFormat({ ...scurve, series: [{ column: 'a', label: 'A' }, ...(scurve.series ?? [])] }),
    ).toBeUndefined();
  });

  it('has no figure over nothing', () => {
    expect(figureOf({ a: 5, b: 0 }, { column: 'a', of: 'b', format: 'percent' })).toBeNull();
    expect(figureOf({ a: 5, b: null }, { column: 'a', of: 'b' })).toBeNull();
    expect(figureOf({ a: '3', b: '4' }, { column: 'a', of: 'b' })).toBe(0.75);
    expect(figureOf(undefined, { column: 'a' })).toBeNull();
  });

  it('divides the sums of a summed stat, not the rows’ ratios', () => {
    const certified: Widget = {
      id: 'certified',
      kind: 'stat',
      span: 12,
      title: 'Certified',
      sum: true,
      value: { column: 'n_certified', of: 'n_contract', label: 'Certified', format: 'percent' },
      // 50 % of a small contract and 10 % of a large one: 110 of 1,100 is 10 %, not the rows' average 30 %.
      rows: [
        { n_certified: 50, n_contract: 100 },
        { n_certified: 60, n_contract: 1000 },
        { n_certified: null, n_contract: null },
      ],
    };
    expect(statValue(certified)).toBe(10);
    expect(formatValue(statValue(certified), 'percent')).toBe('10.0%');
    expect(statValue({ ...certified, rows: [] })).toBeNull();
  });
});

describe('traffic lights', () => {
  it('colours the three words in any case and nothing else', () => {
    expect(lightColour('Green')).toBe('green');
    expect(lightColour(' AMBER ')).toBe('orange');
    expect(lightColour('red')).toBe('red');
    expect(lightColour('Blue')).toBeNull();
    expect(lightColour(null)).toBeNull();
    expect(formatValue('Amber', 'light')).toBe('Amber');
    expect(formatValue(null, 'light')).toBe('—');
  });
});

describe('a network (metro line diagram)', () => {
  const lines: Widget = {
    id: 'lines',
    kind: 'network',
    span: 12,
    title: 'Corridors',
    line: { column: 'c_corridor', label: 'Corridor' },
    x: { column: 'c_station', label: 'Station' },
    at: { column: 'n_chainage_km', label: 'Chainage' },
    status: { column: 'c_status', label: 'Status', colours: { Completed: 'green', 'In progress': 'orange' } },
    value: { column: 'n_section_pct', label: 'Section', format: 'percent' },
    rows: [
      {
        c_corridor: 'C1',
        c_station: 'Riverside',
        n_chainage_km: '9.250',
        c_status: 'Not started',
        n_section_pct: null,
      },
      {
        c_corridor: 'C1',
        c_station: 'Airport',
        n_chainage_km: '0.650',
        c_status: 'Completed',
        n_section_pct: '72.0',
      },
      { c_corridor: 'C2', c_station: 'Northgate', n_chainage_km: 0.5, c_status: null, n_section_pct: 10 },
      {
        c_corridor: 'C1',
        c_station: 'Tech Park',
        n_chainage_km: 5.7,
        c_status: 'In progress',
        n_section_pct: 0,
      },
      {
        c_corridor: 'C1',
        c_station: 'Nowhere',
        n_chainage_km: null,
        c_status: 'Completed',
        n_section_pct: 5,
      },
    ],
  };

  it('groups nodes by line, orders them by chainage and places them along it', () => {
    const [c1, c2] = networkLines(lines, false);
    expect(c1?.name).toBe('C1');
    expect(c1?.nodes.map((n) => n.label)).toEqual(['Airport', 'Tech Park', 'Riverside']);
    expect(c1?.nodes.map((n) => Number(n.offset.toFixed(3)))).toEqual([0, 0.587, 1]);
    expect([c1?.from, c1?.to]).toEqual([0.65, 9.25]);
    // A line of one node sits at its start.
    expect(c2?.nodes.map((n) => [n.label, n.offset])).toEqual([['Northgate', 0]]);
  });

  it('colours nodes by status (unnamed values gray, none hollow) and writes sections in their format', () => {
    const [c1, c2] = networkLines(lines, false);
    expect(c1?.nodes.map((n) => n.color)).toEqual(['green.6', 'orange.6', 'gray.6']);
    expect(c2?.nodes[0]?.color).toBeNull();
    expect(c1?.nodes.map((n) => n.sectionText)).toEqual(['72.0%', '0.0%', '—']);
    expect(networkLines(lines, true)[0]?.nodes[0]?.color).toBe('#009E73');
    expect(isEmptyWidget(lines)).toBe(false);
    expect(isEmptyWidget({ ...lines, rows: [] })).toBe(true);
  });
});

describe('categoryAxis', () => {
  // Every category keeps its label: the text of its lines is the label (unless shortened, with the label as tooltip).
  const spelled = (tick: { lines: string[] }) => tick.lines.join(' ');

  it('keeps every age bucket of a third-width chart, "31-90 days" where the overdue bar is', () => {
    const labels = ['0-7 days', '8-30 days', '31-90 days', 'Over 90 days'];
    const axis = categoryAxis(labels, 258);
    expect(axis.angle).toBe(0);
    expect(axis.ticks.map(spelled)).toEqual(labels);
    expect(axis.ticks.some((t) => t.shortened)).toBe(false);
    expect(axis.ticks[3]?.lines).toEqual(['Over 90', 'days']);
    expect(axis.height).toBe(10 + 2 * 14);
  });

  it('keeps all seven land stages of a half-width chart, wrapped', () => {
    const stages = ['SIA', 'Sec 11 approval', 'Sec 11', 'Sec 19', 'Award approval', 'Award', 'Possession'];
    const axis = categoryAxis(stages, 430);
    expect(axis.ticks).toHaveLength(7);
    expect(axis.ticks.map(spelled)).toEqual(stages);
    expect(axis.ticks[1]?.lines).toEqual(['Sec 11', 'approval']);
    expect(axis.ticks[6]?.lines).toEqual(['Possession']);
  });

  it('splits a word after its hyphen before it cuts it', () => {
    expect(wrapLabel('31-90 days', 4, 3).lines).toEqual(['31-', '90', 'days']);
    expect(wrapLabel('31-90 days', 4, 3).shortened).toBe(false);
  });

  it('turns the labels when even wrapped they do not fit, and keeps each one', () => {
    const months = Array.from({ length: 24 }, (_, i) => `Month ${i + 1} of the programme`);
    const narrow = categoryAxis(months, 600);
    expect(narrow.ticks).toHaveLength(24);
    expect(narrow.angle).toBe(-45);
    expect(narrow.ticks[0]?.lines).toEqual(['Month 1 of the programme']);
    const packed = categoryAxis(months.concat(months).concat(months), 300);
    expect(packed.angle).toBe(-90);
    expect(packed.ticks).toHaveLength(72);
    expect(packed.height).toBeLessThanOrEqual(150);
  });

  it('shortens what cannot fit, with an ellipsis, and says so for the tooltip', () => {
    const tick = wrapLabel('Cross passages by NATM including ground treatment and the sump', 10, 2);
    expect(tick.lines).toHaveLength(2);
    expect(tick.lines[1]?.endsWith('…')).toBe(true);
    expect(tick.shortened).toBe(true);
    expect(tick.label).toBe('Cross passages by NATM including ground treatment and the sump');
    expect(wrapLabel('Superconductingmagnet', 8, 3)).toEqual({
      label: 'Superconductingmagnet',
      lines: ['Superco…'],
      shortened: true,
    });
  });
});
