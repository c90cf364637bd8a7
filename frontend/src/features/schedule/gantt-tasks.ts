/**
 * Schedule rows as the Gantt component takes them (`tasks`, `links`, `taskTypes`): our row kinds become task types,
 * which the chart gives as CSS classes (timeline.css colours them); the actual span runs to the data date while an
 * activity is in progress. Pure.
 */
import type { GanttModel, ScheduleRow } from './schedule-tasks';

export interface GanttTask {
  id: string;
  parent: string | 0;
  text: string;
  code: string;
  start: Date;
  end?: Date;
  type: string;
  progress: number;
  open?: boolean;
  critical: boolean;
  actualStart: Date | null;
  actualEnd: Date | null;
  baselineStart: Date | null;
  baselineEnd: Date | null;
  /** Total float and the finish variance (baseline minus planned), in days; null for a WBS node or no baseline. */
  floatDays: number | null;
  finishVarianceDays: number | null;
}

/** The chart's task types; their labels in English (the chart is given them in the user's language). */
export const TASK_TYPES = [
  { id: 'task', label: 'Activity' },
  { id: 'critical', label: 'Critical activity' },
  { id: 'complete', label: 'Complete activity' },
  { id: 'milestone', label: 'Milestone' },
  { id: 'wbs', label: 'WBS' },
];

/** One task per row; `collapsed` WBS nodes start closed. */
export function toGanttTasks(
  rows: readonly ScheduleRow[],
  collapsed: ReadonlySet<string>,
  dataDate: Date | null,
): GanttTask[] {
  return rows.map((row: ScheduleRow): GanttTask => {
    const inProgress = row.actualStart !== null && row.actualFinish === null;
    const task: GanttTask = {
      id: row.id,
      parent: row.parent,
      text: row.name,
      code: row.code,
      start: row.start,
      type: row.kind,
      progress: row.progress,
      critical: row.critical,
      actualStart: row.actualStart,
      actualEnd: row.actualFinish ?? (inProgress ? dataDate : null),
      baselineStart: row.baselineStart,
      baselineEnd: row.baselineFinish,
      floatDays: row.totalFloatDays,
      finishVarianceDays: row.finishVarianceDays,
    };
    if (row.kind !== 'milestone') {
      // The chart needs a bar at least a moment long.
      task.end = row.end > row.start ? row.end : new Date(row.start.getTime() + 60 * 60 * 1000);
    }
    if (row.hasChildren) task.open = !collapsed.has(row.id);
    return task;
  });
}

export function toGanttLinks(model: GanttModel) {
  return model.links.map((link) => ({
    id: link.id,
    source: link.source,
    target: link.target,
    type: link.type,
  }));
}
