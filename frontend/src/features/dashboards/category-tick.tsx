/**
 * A category's label on a chart's axis, as `categoryAxis` (chart-data.ts) lays it out: its lines under its bar or
 * point (or turned when the bands are narrow), and, when it had to be shortened, the whole label as its tooltip.
 * Recharts draws it for every category (`interval: 0`): no label is left out to make room.
 */
import type { CategoryAxisLayout, CategoryTick } from './chart-data';

export interface CategoryTickProps {
  x?: number;
  y?: number;
  payload?: { value?: unknown };
  layout: CategoryAxisLayout;
  /** `left`: the labels of a horizontal bar chart's category axis, right-aligned beside their bars. */
  side?: 'bottom' | 'left';
}

const FONT_SIZE = 11;

function tickOf(layout: CategoryAxisLayout, label: string): CategoryTick {
  return layout.ticks.find((t) => t.label === label) ?? { label, lines: [label], shortened: false };
}

export function CategoryTickLabel({ x = 0, y = 0, payload, layout, side = 'bottom' }: CategoryTickProps) {
  const label = payload?.value === undefined || payload.value === null ? '' : String(payload.value);
  const tick = tickOf(layout, label);
  const turned = side === 'bottom' && layout.angle !== 0;
  // Beside a horizontal bar the lines are centred on the bar; under a vertical one they start at the axis.
  const first =
    side === 'left' ? `${0.35 - ((tick.lines.length - 1) * 1.15) / 2}em` : turned ? '0.35em' : '0.9em';
  return (
    <g transform={`translate(${x},${turned ? y + 6 : y})`} data-testid="category-tick">
      {tick.shortened ? <title>{tick.label}</title> : null}
      <text
        x={side === 'left' ? -4 : 0}
        y={0}
        fontSize={FONT_SIZE}
        fill="currentColor"
        textAnchor={side === 'left' || turned ? 'end' : 'middle'}
        transform={turned ? `rotate(${layout.angle})` : undefined}
      >
        {tick.lines.map((line, index) => (
          <tspan key={index} x={side === 'left' ? -4 : 0} dy={index === 0 ? first : '1.15em'}>
            {line}
          </tspan>
        ))}
      </text>
    </g>
  );
}
