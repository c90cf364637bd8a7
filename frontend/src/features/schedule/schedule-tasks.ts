/**
 * The imported programme (`GET /api/schedule/projects/{id}`) as Gantt rows: WBS nodes as summary rows over their
 * activities, activities as bars (planned dates) carrying their actual and baseline dates and critical flag for the
 * bar template, relationships as links; and the rows a user sees with some WBS nodes collapsed. Pure: no React.
 */
import type {
  ProjectSchedule,
  ScheduleActivity,
  ScheduleDate,
  ScheduleRelationship,
} from '../../api/schedule';

/** How a row is drawn: our own task types (the chart styles them by id), milestones as diamonds. */
export type RowKind = 'wbs' | 'task' | 'critical' | 'complete' | 'milestone';

export interface ScheduleRow {
  /** `w<id>` for a WBS node, `a<id>` for an activity: the two id spaces must not meet in one tree. */
  id: string;
  /** The parent row's id; 0 at the top (the chart's root). */
  parent: string | 0;
  level: number;
  kind: RowKind;
  code: string;
  name: string;
  start: Date;
  end: Date;
  /** Planned duration in (calendar-converted) days, as P6 stores it. */
  durationDays: number | null;
  progress: number;
  status: string;
  /** The P6 task type (TT_Task, TT_Mile …); empty for a WBS node. */
  p6Type: string;
  actualStart: Date | null;
  actualFinish: Date | null;
  baselineStart: Date | null;
  baselineFinish: Date | null;
  totalFloatDays: number | null;
  /** Baseline minus planned (P6's variances: negative is late or longer); null without a baseline. */
  startVarianceDays: number | null;
  finishVarianceDays: number | null;
  durationVarianceDays: number | null;
  critical: boolean;
  packageCode: string | null;
  /** Whether the row has rows under it (a WBS node with activities below). */
  hasChildren: boolean;
}

export interface ScheduleLink {
  id: number;
  source: string;
  target: string;
  type: 'e2s' | 's2s' | 'e2e' | 's2e';
  lag: number;
}

export interface GanttModel {
  /** Every row in display order (parents before children), whatever is collapsed. */
  rows: ScheduleRow[];
  links: ScheduleLink[];
  dataDate: Date | null;
  /** The first and last date any bar reaches (baselines included), for the chart's range. */
  range: { start: Date; end: Date } | null;
}

/** A P6 wall-clock timestamp ("2026-03-01T08:00:00", no zone) as the same local time; null when absent or bad. */
export function parseScheduleDate(value: ScheduleDate | null | undefined): Date | null {
  if (!value) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A number the gateway sent (as a number, or as text when it had more digits than a float); null when absent. */
export function numberOf(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

export function isMilestone(p6Type: string): boolean {
  return p6Type === 'TT_Mile' || p6Type === 'TT_FinMile';
}

/** Critical as the gateway says it; also judged here (total float ≤ 0, not complete) when an older answer lacks it. */
export function isCritical(
  activity: Pick<ScheduleActivity, 'critical' | 'total_float_days' | 'status'>,
): boolean {
  if (typeof activity.critical === 'boolean') return activity.critical;
  const float = numberOf(activity.total_float_days);
  return float !== null && float <= 0 && activity.status !== 'TK_Complete';
}

const LINK_TYPES: Record<string, ScheduleLink['type']> = { FS: 'e2s', SS: 's2s', FF: 'e2e', SF: 's2e' };

function activityKind(activity: ScheduleActivity, critical: boolean): RowKind {
  if (isMilestone(activity.type)) return 'milestone';
  if (critical) return 'critical';
  return activity.status === 'TK_Complete' ? 'complete' : 'task';
}

/** The bar's dates: planned, else early, else actual; a milestone is one instant. */
function barDates(activity: ScheduleActivity, fallback: Date): { start: Date; end: Date } {
  const start =
    parseScheduleDate(activity.planned_start) ??
    parseScheduleDate(activity.early_start) ??
    parseScheduleDate(activity.actual_start) ??
    parseScheduleDate(activity.planned_finish) ??
    fallback;
  if (isMilestone(activity.type)) {
    // A finish milestone carries its date as the finish.
    const at = activity.type === 'TT_FinMile' ? (parseScheduleDate(activity.planned_finish) ?? start) : start;
    return { start: at, end: at };
  }
  const end =
    parseScheduleDate(activity.planned_finish) ??
    parseScheduleDate(activity.early_finish) ??
    parseScheduleDate(activity.actual_finish) ??
    start;
  return { start, end: end < start ? start : end };
}

function byCodeThenName(a: { code: string; name: string }, b: { code: string; name: string }): number {
  return a.code.localeCompare(b.code, undefined, { numeric: true }) || a.name.localeCompare(b.name);
}

/** The schedule as Gantt rows and links. WBS nodes with no activity below them are left out. */
export function toGanttModel(schedule: ProjectSchedule): GanttModel {
  const dataDate = parseScheduleDate(schedule.project.data_date);
  const fallback = dataDate ?? parseScheduleDate(schedule.project.plan_start) ?? new Date(2026, 0, 1);
  const wbsById = new Map(schedule.wbs.map((node) => [node.id, node]));
  const childWbs = new Map<number | null, typeof schedule.wbs>();
  for (const node of schedule.wbs) {
    // A parent the answer does not hold (filtered out) puts the node at the top.
    const parent = node.parent != null && wbsById.has(node.parent) ? node.parent : null;
    childWbs.set(parent, [...(childWbs.get(parent) ?? []), node]);
  }
  const activitiesOf = new Map<number | null, ScheduleActivity[]>();
  for (const activity of schedule.activities) {
    const wbs = activity.wbs != null && wbsById.has(activity.wbs) ? activity.wbs : null;
    activitiesOf.set(wbs, [...(activitiesOf.get(wbs) ?? []), activity]);
  }

  const rows: ScheduleRow[] = [];
  let first: Date | null = null;
  let last: Date | null = null;
  const reach = (date: Date | null) => {
    if (!date) return;
    if (!first || date < first) first = date;
    if (!last || date > last) last = date;
  };

  /** Appends the rows under `wbs` (null: the top) at `level`; answers their date span, null when none. */
  const walk = (wbs: number | null, parent: string | 0, level: number): { start: Date; end: Date } | null => {
    let span: { start: Date; end: Date } | null = null;
    const widen = (start: Date, end: Date) => {
      span = span
        ? { start: start < span.start ? start : span.start, end: end > span.end ? end : span.end }
        : { start, end };
    };
    const nodes = [...(childWbs.get(wbs) ?? [])].sort(
      (a, b) => (numberOf(a.seq) ?? 0) - (numberOf(b.seq) ?? 0) || byCodeThenName(a, b),
    );
    for (const node of nodes) {
      const at = rows.length;
      const id = `w${node.id}`;
      rows.push({
        id,
        parent,
        level,
        kind: 'wbs',
        code: node.code,
        name: node.name,
        start: fallback,
        end: fallback,
        durationDays: null,
        progress: 0,
        status: '',
        p6Type: '',
        actualStart: null,
        actualFinish: null,
        baselineStart: null,
        baselineFinish: null,
        totalFloatDays: null,
        startVarianceDays: null,
        finishVarianceDays: null,
        durationVarianceDays: null,
        critical: false,
        packageCode: null,
        hasChildren: true,
      });
      const inner = walk(node.id, id, level + 1);
      if (!inner) {
        rows.splice(at); // nothing below: no row
        continue;
      }
      const row = rows[at];
      if (row) Object.assign(row, inner);
      widen(inner.start, inner.end);
    }
    const activities = [...(activitiesOf.get(wbs) ?? [])].sort((a, b) => {
      const sa = parseScheduleDate(a.planned_start ?? a.early_start)?.getTime() ?? 0;
      const sb = parseScheduleDate(b.planned_start ?? b.early_start)?.getTime() ?? 0;
      return sa - sb || byCodeThenName(a, b);
    });
    for (const activity of activities) {
      const critical = isCritical(activity);
      const { start, end } = barDates(activity, fallback);
      const row: ScheduleRow = {
        id: `a${activity.id}`,
        parent,
        level,
        kind: activityKind(activity, critical),
        code: activity.code,
        name: activity.name,
        start,
        end,
        durationDays: numberOf(activity.duration_days),
        progress: Math.max(0, Math.min(100, numberOf(activity.pct_complete) ?? 0)),
        status: activity.status,
        p6Type: activity.type,
        actualStart: parseScheduleDate(activity.actual_start),
        actualFinish: parseScheduleDate(activity.actual_finish),
        baselineStart: parseScheduleDate(activity.baseline_start),
        baselineFinish: parseScheduleDate(activity.baseline_finish),
        totalFloatDays: numberOf(activity.total_float_days),
        startVarianceDays: numberOf(activity.start_variance_days),
        finishVarianceDays: numberOf(activity.finish_variance_days),
        durationVarianceDays: numberOf(activity.duration_variance_days),
        critical,
        packageCode: activity.package_code ?? null,
        hasChildren: false,
      };
      rows.push(row);
      widen(start, end);
      reach(start);
      reach(end);
      reach(row.baselineStart);
      reach(row.baselineFinish);
      reach(row.actualStart);
      reach(row.actualFinish);
    }
    return span;
  };
  walk(null, 0, 0);
  reach(dataDate);

  const present = new Set(rows.map((row) => row.id));
  const links = schedule.relationships.flatMap((relation: ScheduleRelationship): ScheduleLink[] => {
    const source = `a${relation.pred}`;
    const target = `a${relation.succ}`;
    if (!present.has(source) || !present.has(target)) return [];
    return [
      {
        id: relation.id,
        source,
        target,
        type: LINK_TYPES[relation.type] ?? 'e2s',
        lag: numberOf(relation.lag_days) ?? 0,
      },
    ];
  });
  const range = first && last ? { start: first as Date, end: last as Date } : null;
  return { rows, links, dataDate, range };
}

/**
 * The critical path: the critical activities (total float ≤ 0, not complete; P6's "critical" as the gateway
 * judges it), the WBS nodes above them and the relationships between them. WBS nodes with no critical activity
 * below are left out, as P6's "Critical" filter does.
 */
export function criticalPath(model: GanttModel): GanttModel {
  const byId = new Map(model.rows.map((row) => [row.id, row]));
  const kept = new Set<string>();
  for (const row of model.rows) {
    if (row.kind === 'wbs' || !row.critical) continue;
    let id: string | 0 = row.id;
    while (id !== 0 && !kept.has(id)) {
      kept.add(id);
      id = byId.get(id)?.parent ?? 0;
    }
  }
  return {
    ...model,
    rows: model.rows.filter((row) => kept.has(row.id)),
    links: model.links.filter((link) => kept.has(link.source) && kept.has(link.target)),
  };
}

/** The rows a user sees: every row whose ancestors are all expanded, in display order. */
export function visibleRows(rows: readonly ScheduleRow[], collapsed: ReadonlySet<string>): ScheduleRow[] {
  const hidden = new Set<string>();
  const shown: ScheduleRow[] = [];
  for (const row of rows) {
    if (row.parent !== 0 && (hidden.has(row.parent) || collapsed.has(row.parent))) {
      hidden.add(row.id);
      continue;
    }
    shown.push(row);
  }
  return shown;
}

/** Every row that has rows under it: "collapse all". */
export function parentIds(rows: readonly ScheduleRow[]): Set<string> {
  return new Set(rows.filter((row) => row.hasChildren).map((row) => row.id));
}

/** The packages the programme's activities belong to, by code, for the package filter. */
export function packagesOf(activities: readonly ScheduleActivity[]): { id: number; code: string }[] {
  const byId = new Map<number, string>();
  for (const activity of activities) {
    if (activity.package != null) byId.set(activity.package, activity.package_code ?? `#${activity.package}`);
  }
  return [...byId].map(([id, code]) => ({ id, code })).sort((a, b) => a.code.localeCompare(b.code));
}
