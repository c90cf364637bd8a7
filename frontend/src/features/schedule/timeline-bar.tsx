/**
 * What the chart draws inside each bar (its `taskTemplate`, the component's extension point for bars): the actual
 * span (actual start to actual finish, or to the data date while in progress) as a dark strip, and the baseline
 * (the previous import's planned dates) as a thin bar under it. Positions come from the chart's own scale, so they
 * follow the zoom. The free edition of the chart has no baselines of its own.
 */
import type { IApi, ITask } from '@svar-ui/react-gantt';

interface BarProps {
  data: ITask;
  api: IApi;
}

/** The pixel offset of `date` from the chart's left edge, as the chart places bars. */
function xOf(api: IApi, date: Date): number | null {
  const { _scales: scales, cellWidth } = api.getState();
  if (!scales || !cellWidth) return null;
  return Math.round(scales.diff(date, scales.start, scales.lengthUnit) * cellWidth);
}

function span(api: IApi, barX: number, start: Date | null, end: Date | null) {
  if (!start || !end) return null;
  const from = xOf(api, start);
  const to = xOf(api, end);
  if (from === null || to === null) return null;
  return { left: from - barX, width: Math.max(2, to - from) };
}

function dateField(data: ITask, key: string): Date | null {
  const value: unknown = data[key];
  return value instanceof Date ? value : null;
}

export function TimelineBar({ data, api }: BarProps) {
  const barX = typeof data.$x === 'number' ? data.$x : 0;
  if (data.type === 'wbs') return null;
  if (data.type === 'milestone') {
    return data.critical ? <div className="pmis-milestone-critical" aria-hidden /> : null;
  }
  const actual = span(api, barX, dateField(data, 'actualStart'), dateField(data, 'actualEnd'));
  const baseline = span(api, barX, dateField(data, 'baselineStart'), dateField(data, 'baselineEnd'));
  return (
    <>
      {actual ? (
        <div
          className="pmis-actual"
          style={{ left: actual.left, width: actual.width }}
          data-testid="actual-bar"
        />
      ) : null}
      {baseline ? (
        <div
          className="pmis-baseline"
          style={{ left: baseline.left, width: baseline.width }}
          data-testid="baseline-bar"
        />
      ) : null}
    </>
  );
}
