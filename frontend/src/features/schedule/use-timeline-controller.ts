/**
 * The timeline's state, headless: the project shown (from `?project=`, else the first imported), the package
 * filter (`?package=`, read from the gateway), the critical-path filter (`?critical=1`), the zoom, the collapsed WBS nodes, the rows the user sees, and the
 * export of those rows. The views (timeline-screen, timeline-gantt, timeline-phone-list) only draw it.
 */
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

import { useProjectSchedule, useScheduleProjects } from '../../api/schedule';
import { noticeError } from '../notices';
import { saveCsv, saveXlsx } from '../../lib/table-file';
import { exportFileName, exportTable } from './export-rows';
import {
  criticalPath,
  type GanttModel,
  packagesOf,
  parentIds,
  toGanttModel,
  visibleRows,
} from './schedule-tasks';
import type { ZoomLevel } from './zoom-levels';

const EMPTY_MODEL: GanttModel = { rows: [], links: [], dataDate: null, range: null };

function idParam(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

export function useTimelineController({ phone }: { phone: boolean }) {
  const [params, setParams] = useSearchParams();
  const projects = useScheduleProjects();
  const asked = idParam(params.get('project'));
  const list = projects.data ?? [];
  const project = list.find((p) => p.id === asked) ?? list[0] ?? null;
  const packageId = idParam(params.get('package'));
  const criticalOnly = params.get('critical') === '1';

  // The whole programme (for the package choices) and, with a package chosen, that package's part.
  const whole = useProjectSchedule(project?.id ?? null, null);
  const filtered = useProjectSchedule(packageId === null ? null : (project?.id ?? null), packageId);
  const shown = packageId === null ? whole : filtered;

  const packages = useMemo(() => packagesOf(whole.data?.activities ?? []), [whole.data]);
  const model = useMemo(() => {
    if (!shown.data) return EMPTY_MODEL;
    const whole = toGanttModel(shown.data);
    return criticalOnly ? criticalPath(whole) : whole;
  }, [shown.data, criticalOnly]);

  const [zoom, setZoom] = useState<ZoomLevel>('months');
  // Collapsed WBS nodes by row id. `layout` changes when the tree is collapsed or expanded as a whole, which the
  // chart must be given again; single toggles come from the chart itself and only update this set.
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const [layout, setLayout] = useState(0);
  // The collapsed set as last given to the chart whole (it then keeps single toggles itself).
  const [treeCollapsed, setTreeCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const [phoneCollapsedFor, setPhoneCollapsedFor] = useState<GanttModel | null>(null);
  // On a phone the tree starts with only its top node open: thousands of lines are no list to scroll through.
  if (phone && phoneCollapsedFor !== model && model.rows.length > 0) {
    setPhoneCollapsedFor(model);
    const closed = parentIds(model.rows.filter((row) => row.level > 0));
    setCollapsed(closed);
    setTreeCollapsed(closed);
  }

  const rows = useMemo(() => visibleRows(model.rows, collapsed), [model.rows, collapsed]);

  const chooseProject = useCallback(
    (id: number | null) =>
      setParams((old) => {
        const next = new URLSearchParams(old);
        if (id === null) next.delete('project');
        else next.set('project', String(id));
        next.delete('package');
        return next;
      }),
    [setParams],
  );
  const choosePackage = useCallback(
    (id: number | null) =>
      setParams((old) => {
        const next = new URLSearchParams(old);
        if (id === null) next.delete('package');
        else next.set('package', String(id));
        return next;
      }),
    [setParams],
  );
  const showCriticalOnly = useCallback(
    (on: boolean) =>
      setParams((old) => {
        const next = new URLSearchParams(old);
        if (on) next.set('critical', '1');
        else next.delete('critical');
        return next;
      }),
    [setParams],
  );

  const toggle = useCallback((id: string, open: boolean) => {
    setCollapsed((old) => {
      if (old.has(id) === !open) return old;
      const next = new Set(old);
      if (open) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const expandAll = useCallback(() => {
    const open = new Set<string>();
    setCollapsed(open);
    setTreeCollapsed(open);
    setLayout((n) => n + 1);
  }, []);
  const collapseAll = useCallback(() => {
    const closed = parentIds(model.rows);
    setCollapsed(closed);
    setTreeCollapsed(closed);
    setLayout((n) => n + 1);
  }, [model.rows]);

  const packageCode = packages.find((p) => p.id === packageId)?.code ?? null;
  const exportAs = useCallback(
    async (format: 'csv' | 'xlsx') => {
      const table = exportTable(rows);
      const name = exportFileName(project?.short_name ?? 'programme', packageCode, format);
      try {
        if (format === 'csv') saveCsv(table, name);
        else await saveXlsx(table, name);
      } catch (error) {
        noticeError(error);
      }
    },
    [rows, project?.short_name, packageCode],
  );

  const activityCount = useMemo(() => rows.filter((row) => row.kind !== 'wbs').length, [rows]);

  return {
    projects,
    project,
    /** The programme as read (loading, error), whichever part is shown. */
    schedule: shown,
    model,
    packages,
    packageId,
    criticalOnly,
    zoom,
    collapsed,
    treeCollapsed,
    layout,
    rows,
    activityCount,
    chooseProject,
    choosePackage,
    showCriticalOnly,
    setZoom,
    toggle,
    expandAll,
    collapseAll,
    exportAs,
  };
}

export type TimelineController = ReturnType<typeof useTimelineController>;
