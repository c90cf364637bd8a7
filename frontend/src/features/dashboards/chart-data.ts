/**
 * The pure part of a dashboard: a widget's rows → what Mantine Charts draws (rows keyed by column, series with
 * colours, donut slices), a value's text by its format, the colour-blind palette, the grid span and where a click
 * drills through to. No React here: Vitest covers it (chart-data.test.ts).
 */
import type {
  ValueFormat,
  Widget,
  WidgetCell,
  WidgetColumn,
  WidgetLink,
  WidgetRow,
} from '../../api/dashboard';
import { formatDocumentDate, groupIndian } from '../../lib/format';
import { translate } from '../../lib/i18n';
import { filteredRoute } from '../../lib/url-filter';

/** A number from a cell: JSON numbers as they are, numeric text parsed; anything else null. */
export function numberOf(cell: WidgetCell | undefined): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  if (typeof cell === 'string' && /^\s*[+-]?(\d+\.?\d*|\.\d+)\s*$/.test(cell)) return Number(cell);
  return null;
}

/**
 * A figure of `row`: its `column`, or with `of` the ratio of the two (× 100 for a percent; null when the
 * denominator is 0 or missing). Both were summed by the gateway first, so a ratio of several packages is their
 * totals' ratio.
 */
export function figureOf(
  row: WidgetRow | undefined,
  figure: Pick<WidgetColumn, 'column' | 'of' | 'format'>,
): number | null {
  if (!row) return null;
  const value = numberOf(row[figure.column]);
  if (figure.of === undefined || figure.of === null) return value;
  const whole = numberOf(row[figure.of]);
  if (value === null || whole === null || whole === 0) return null;
  return figure.format === 'percent' ? (100 * value) / whole : value / whole;
}

/** The colour of a traffic light's word (Green, Amber, Red in any case); null for anything else. */
export function lightColour(cell: WidgetCell | undefined): 'green' | 'orange' | 'red' | null {
  const word = typeof cell === 'string' ? cell.trim().toLowerCase() : '';
  if (word === 'green') return 'green';
  if (word === 'amber') return 'orange';
  if (word === 'red') return 'red';
  return null;
}

/** A cell as the user reads it, by the column's format (or, without one, by its type). */
export function formatValue(cell: WidgetCell | undefined, format?: ValueFormat | null): string {
  if (cell === null || cell === undefined || cell === '') return '—';
  if (typeof cell === 'boolean') return cell ? translate('Yes') : translate('No');
  const number = numberOf(cell);
  switch (format) {
    case 'text':
    case 'light':
      return String(cell);
    case 'date':
      return formatDocumentDate(String(cell));
    case 'integer':
      return number === null ? String(cell) : groupIndian(number, 0);
    case 'decimal':
      return number === null ? String(cell) : groupIndian(number, 2);
    case 'money':
      return number === null ? String(cell) : money(number);
    case 'percent':
      return number === null ? String(cell) : `${groupIndian(number, 1)}%`;
    case 'days':
      if (number === null) return String(cell);
      return Math.abs(number) === 1
        ? translate('{{days}} day', { days: groupIndian(number, Number.isInteger(number) ? 0 : 1) })
        : translate('{{days}} days', { days: groupIndian(number, Number.isInteger(number) ? 0 : 1) });
    default:
      if (typeof cell === 'number') return groupIndian(cell, Number.isInteger(cell) ? 0 : 2);
      return /^\d{4}-\d{2}-\d{2}/.test(cell) ? formatDocumentDate(cell) : cell;
  }
}

/**
 * An amount as Indian finance reads it on a dashboard: crores (10⁷) and lakhs (10⁵) with two decimals, smaller
 * amounts in full. ₹1,04,58,49,030 is "₹104.58 Cr": a figure that fits its card and an axis that fits its chart.
 */
function money(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const size = Math.abs(amount);
  if (size >= 1e7) return sign + translate('₹{{amount}} Cr', { amount: groupIndian(size / 1e7, 2) });
  if (size >= 1e5) return sign + translate('₹{{amount}} L', { amount: groupIndian(size / 1e5, 2) });
  return `${sign}₹${groupIndian(size, 2)}`;
}

/**
 * The Okabe–Ito palette, told apart with any colour vision, for the Mantine colour names the widgets give (the
 * layout setting "Colour-blind friendly").
 */
const COLOUR_BLIND: Readonly<Record<string, string>> = {
  blue: '#0072B2',
  indigo: '#0072B2',
  cyan: '#56B4E9',
  teal: '#009E73',
  green: '#009E73',
  lime: '#009E73',
  yellow: '#F0E442',
  orange: '#E69F00',
  red: '#D55E00',
  pink: '#CC79A7',
  grape: '#CC79A7',
  violet: '#CC79A7',
  gray: '#999999',
  dark: '#000000',
};

/** Colours in turn for series and slices that name none. */
const ROTATION = ['blue', 'orange', 'teal', 'grape', 'yellow', 'cyan', 'red', 'gray'] as const;

/** The chart colour of a Mantine colour name (its shade 6), or of the colour-blind palette. */
export function chartColour(name: string | undefined, index: number, colourBlind: boolean): string {
  const turn: string = ROTATION[index % ROTATION.length] ?? 'blue';
  // Only Mantine's own colour names (the palette's keys); anything else takes its turn.
  const chosen = name !== undefined && Object.hasOwn(COLOUR_BLIND, name) ? name : turn;
  if (colourBlind) return COLOUR_BLIND[chosen] ?? COLOUR_BLIND[turn] ?? '#0072B2';
  return `${chosen}.6`;
}

/** A chart colour (a hex, or a Mantine `name.shade`) as CSS. */
export function cssColour(color: string): string {
  return color.startsWith('#') ? color : `var(--mantine-color-${color.replace('.', '-')})`;
}

/** A grid span of 12 columns (missing or out of range: the whole width). */
export function spanOf(widget: Pick<Widget, 'span'>): number {
  const span = widget.span ?? 12;
  return Number.isInteger(span) && span >= 1 && span <= 12 ? span : 12;
}

export interface ChartSeries {
  name: string;
  label: string;
  color: string;
}

/** The format the series of a chart share (its axis and tooltip write figures so); none when they differ. */
export function seriesFormat(widget: Widget): ValueFormat | undefined {
  const formats = new Set((widget.series ?? []).map((s) => s.format ?? undefined));
  return formats.size === 1 ? [...formats][0] : undefined;
}

/**
 * A bar or line chart: one data row per widget row (x as text, series as numbers; a ratio's series as its ratio)
 * and its series. A missing figure is 0 in a bar chart and a gap in a line (the actual progress of an S-curve
 * stops at the data date).
 */
export function seriesChart(widget: Widget, colourBlind: boolean) {
  const x = widget.x?.column ?? '';
  const defs = widget.series ?? [];
  const series: ChartSeries[] = defs.map((s, index) => ({
    name: s.column,
    label: s.label,
    color: chartColour(s.colour ?? undefined, index, colourBlind),
  }));
  const missing = widget.kind === 'line' ? null : 0;
  const data = widget.rows.map((row) => {
    const point: Record<string, string | number | null> = { [x]: xText(row[x]) };
    for (const s of defs) point[s.column] = figureOf(row, s) ?? missing;
    return point;
  });
  return { dataKey: x, series, data };
}

/** A category (x, a network's line or node) as text: an axis has no format (`DashboardAxis`). */
function xText(cell: WidgetCell | undefined): string {
  if (cell === null || cell === undefined || cell === '') return translate('(none)');
  return formatValue(cell, 'text');
}

export interface DonutSlice {
  name: string;
  value: number;
  color: string;
  /** The widget row it came from (for drill-through). */
  row: number;
}

/**
 * A donut's slices: one per label with a total above 0 (rows of the same label, such as one status in several
 * packages, are added up), coloured in turn; each remembers its first row for the drill-through.
 */
export function donutSlices(widget: Widget, colourBlind: boolean): DonutSlice[] {
  const x = widget.x?.column ?? '';
  const value = widget.value?.column ?? '';
  const byName = new Map<string, { value: number; row: number }>();
  widget.rows.forEach((row, index) => {
    const amount = numberOf(row[value]) ?? 0;
    const name = xText(row[x]);
    const slice = byName.get(name);
    if (slice) slice.value += amount;
    else byName.set(name, { value: amount, row: index });
  });
  return [...byName.entries()]
    .filter(([, slice]) => slice.value > 0)
    .map(([name, slice], index) => ({
      name,
      value: slice.value,
      color: chartColour(undefined, index, colourBlind),
      row: slice.row,
    }));
}

/**
 * A stat's figure: the first row's value, or the sum over the rows (`sum`); a ratio (`of`) of the two sums. Null
 * when there is none.
 */
export function statValue(widget: Widget): number | null {
  const value = widget.value;
  if (!value) return null;
  if (!widget.sum) return figureOf(widget.rows[0], value);
  const total = (column: string) => {
    const values = widget.rows.map((row) => numberOf(row[column])).filter((n): n is number => n !== null);
    return values.length === 0 ? null : values.reduce((a, b) => a + b, 0);
  };
  const sum = total(value.column);
  if (value.of === undefined || value.of === null) return sum;
  return figureOf({ [value.column]: sum, [value.of]: total(value.of) }, value);
}

/** Whether a widget has nothing to draw (no rows, or a chart whose figures are all 0 or missing). */
export function isEmptyWidget(widget: Widget): boolean {
  if (widget.rows.length === 0) return true;
  if (widget.kind === 'donut') return donutSlices(widget, false).length === 0;
  if (widget.kind === 'network') return networkLines(widget, false).every((line) => line.nodes.length === 0);
  if (widget.kind === 'bar' || widget.kind === 'line') {
    const series = widget.series ?? [];
    return !widget.rows.some((row) => series.some((s) => (figureOf(row, s) ?? 0) !== 0));
  }
  return false;
}

/** Whether every widget of a dashboard is empty (the dashboard says so once). */
export function isEmptyDashboard(widgets: readonly Widget[]): boolean {
  return widgets.every((w) => (w.kind === 'stat' ? (statValue(w) ?? 0) === 0 : isEmptyWidget(w)));
}

/**
 * Where a click on `row` goes: the record the row names (`record`), or the register filtered by the link's fixed
 * filters (`fixed`) and the row's value (`filter`); null without a link or when the row lacks the record's id.
 */
export function drillHref(link: WidgetLink | null | undefined, row: WidgetRow | undefined): string | null {
  if (!link || !link.route.startsWith('/')) return null;
  if (link.record) {
    const id = row?.[link.record];
    if (id === null || id === undefined || id === '') return null;
    return `${link.route}?${new URLSearchParams({ record: String(id) }).toString()}`;
  }
  const filters = Object.entries(link.fixed ?? {}).map(([column, value]) => ({ column, value }));
  if (link.filter) {
    const value = row?.[link.filter.from];
    if (value !== null && value !== undefined && value !== '')
      filters.push({ column: link.filter.column, value: String(value) });
  }
  return filteredRoute(link.route, filters);
}

export interface NetworkNode {
  label: string;
  /** Where along the line, 0 to 1 of its length. */
  offset: number;
  /** The status word, and its colour (null: no status, drawn hollow). */
  status: string | null;
  color: string | null;
  /** The section to the next node: its progress (0-100) and text; null without a figure. */
  section: number | null;
  sectionText: string;
  /** The widget row (for drill-through). */
  row: number;
}

export interface NetworkLine {
  name: string;
  /** The first and last `at` (a chainage), for the scale. */
  from: number;
  to: number;
  nodes: NetworkNode[];
}

/**
 * A network widget's lines: rows grouped by `line` (first-seen order), each line's nodes ordered by `at` and placed
 * by it between the line's first and last node; a node's colour from the status colours (an unnamed value gray, an
 * empty one none), and the section after it by `value` (a percent).
 */
export function networkLines(widget: Widget, colourBlind: boolean): NetworkLine[] {
  const lineColumn = widget.line?.column ?? '';
  const atColumn = widget.at?.column ?? '';
  const labelColumn = widget.x?.column ?? '';
  const statusColumn = widget.status?.column;
  const colours = widget.status?.colours ?? {};
  const byLine = new Map<string, { at: number; node: Omit<NetworkNode, 'offset'> }[]>();
  widget.rows.forEach((row, index) => {
    const at = numberOf(row[atColumn]);
    if (at === null) return;
    const name = xText(row[lineColumn]);
    const statusCell = statusColumn === undefined ? null : row[statusColumn];
    const status =
      statusCell === null || statusCell === undefined || statusCell === '' ? null : String(statusCell);
    const section = widget.value ? figureOf(row, widget.value) : null;
    const nodes = byLine.get(name) ?? [];
    nodes.push({
      at,
      node: {
        label: xText(row[labelColumn]),
        status,
        color: status === null ? null : chartColour(colours[status] ?? 'gray', 0, colourBlind),
        section,
        sectionText: formatValue(section, widget.value?.format),
        row: index,
      },
    });
    byLine.set(name, nodes);
  });
  return [...byLine.entries()].map(([name, nodes]) => {
    nodes.sort((a, b) => a.at - b.at);
    const from = nodes[0]?.at ?? 0;
    const to = nodes[nodes.length - 1]?.at ?? from;
    const length = to - from;
    return {
      name,
      from,
      to,
      nodes: nodes.map(({ at, node }) => ({ ...node, offset: length > 0 ? (at - from) / length : 0 })),
    };
  });
}

/** One category's label on a chart's axis: its lines, and whether it had to be shortened (then the whole label is
 * its tooltip). */
export interface CategoryTick {
  label: string;
  lines: string[];
  shortened: boolean;
}

/** How a chart's category axis writes its labels: every category keeps its label (never every other one). */
export interface CategoryAxisLayout {
  ticks: CategoryTick[];
  /** 0: wrapped under its bar; -45 or -90: turned, when even wrapped the labels do not fit their bands. */
  angle: 0 | -45 | -90;
  /** The axis's height in pixels, room for every label's lines. */
  height: number;
}

/** An average character's width as a share of the font size (sans-serif, figures and lower case). */
const CHAR_WIDTH = 0.55;
const ELLIPSIS = '…';

/** A label's pieces: its words, and a word too long for a line split after its hyphens or dashes ("31-", "90"). */
function pieces(label: string, room: number): { text: string; space: boolean }[] {
  const out: { text: string; space: boolean }[] = [];
  for (const word of label.split(/\s+/).filter((w) => w !== '')) {
    const parts = word.length > room ? (word.match(/[^-–—/]+[-–—/]*|[-–—/]+/g) ?? [word]) : [word];
    parts.forEach((text, index) => out.push({ text, space: index === 0 }));
  }
  return out;
}

/**
 * A label wrapped into lines of at most `width` characters (at its spaces, else after a hyphen or dash) and at most
 * `maxLines` lines: a piece still longer than a line is cut, and what does not fit ends in an ellipsis
 * (`shortened`).
 */
export function wrapLabel(label: string, width: number, maxLines: number): CategoryTick {
  const room = Math.max(2, Math.floor(width));
  const lines: string[] = [];
  let shortened = false;
  let current = '';
  for (const piece of pieces(label, room)) {
    const candidate = current === '' ? piece.text : `${current}${piece.space ? ' ' : ''}${piece.text}`;
    if (candidate.length <= room) {
      current = candidate;
      continue;
    }
    if (current !== '') lines.push(current);
    if (piece.text.length <= room) {
      current = piece.text;
    } else {
      lines.push(`${piece.text.slice(0, room - 1)}${ELLIPSIS}`);
      shortened = true;
      current = '';
    }
  }
  if (current !== '') lines.push(current);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    const last = kept[maxLines - 1] ?? '';
    kept[maxLines - 1] = `${(last.length < room ? last : last.slice(0, room - 1)).trimEnd()}${ELLIPSIS}`;
    return { label, lines: kept, shortened: true };
  }
  return { label, lines: lines.length > 0 ? lines : [label], shortened };
}

/**
 * The layout of a category axis `plotWidth` pixels wide for `labels` (one per bar or point, in order): each label
 * wrapped under its band in up to three lines while they fit; otherwise every label is turned (45°, or 90° on very
 * narrow bands) on one line of up to 24 characters. A shortened label keeps its full text as a tooltip.
 */
export function categoryAxis(
  labels: readonly string[],
  plotWidth: number,
  fontSize = 11,
): CategoryAxisLayout {
  const count = Math.max(labels.length, 1);
  const band = Math.max(plotWidth, 0) / count;
  const charWidth = fontSize * CHAR_WIDTH;
  const perLine = Math.floor(band / charWidth);
  const lineHeight = fontSize + 3;
  if (perLine >= 4) {
    const ticks = labels.map((label) => wrapLabel(label, perLine, 3));
    // Wrapped when every label fits its band in three lines (or the bands are wide and only an overlong label is
    // shortened); turned otherwise, rather than cut to a few letters.
    if (perLine >= 10 || !ticks.some((t) => t.shortened)) {
      const lines = Math.max(1, ...ticks.map((t) => t.lines.length));
      return { ticks, angle: 0, height: 10 + lines * lineHeight };
    }
  }
  const angle = band >= fontSize * 1.6 ? -45 : -90;
  const ticks = labels.map((label) => wrapLabel(label, 24, 1));
  const longest = Math.max(1, ...ticks.map((t) => (t.lines[0] ?? '').length));
  const run = longest * charWidth * (angle === -45 ? Math.SQRT1_2 : 1);
  return { ticks, angle, height: Math.min(150, Math.ceil(14 + run)) };
}
