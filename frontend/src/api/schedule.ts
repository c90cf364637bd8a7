// The programme schedule imported from Primavera P6 (docs/schedule.md): `POST /api/import/xer` (one .xer file),
// `GET /api/schedule/projects`, `GET /api/schedule/projects/{id}?package=` and `GET /api/schedule/imports`.
// The shapes follow the gateway's contract; numbers a `numeric` column sends may arrive as text when they carry more
// digits than a float (lib/exact-json), so the views read them through `Number()`.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { request, upload } from './client';

/** A P6 timestamp as the gateway sends it: local wall-clock ISO without a zone ("2026-03-01T08:00:00"). */
export type ScheduleDate = string;

export interface ImportedProjectSummary {
  id: number;
  short_name: string;
  name: string;
  /** Every TASK row of the project, milestones included. */
  activities: number;
  milestones: number;
  wbs: number;
  data_date: ScheduleDate | null;
  /** True when the project was imported before: its previous import is kept as the baseline. */
  updated: boolean;
  /** Activities of the previous import absent from this file (removed). */
  removed: number;
}

export interface ImportWarning {
  line: number;
  message: string;
}

export interface XerImportSummary {
  import: number;
  projects: ImportedProjectSummary[];
  relationships: number;
  warnings: ImportWarning[];
}

export interface ScheduleProject {
  id: number;
  short_name: string;
  name: string;
  data_date: ScheduleDate | null;
  plan_start: ScheduleDate | null;
  plan_finish: ScheduleDate | null;
  activities: number;
  milestones: number;
  wbs: number;
  relationships: number;
  imported_at: string;
  imported_by: string | null;
  import: number;
  baseline_import: number | null;
}

export interface ScheduleWbs {
  id: number;
  parent: number | null;
  code: string;
  name: string;
  seq: number | null;
  package: number | null;
}

export interface ScheduleActivity {
  id: number;
  wbs: number | null;
  code: string;
  name: string;
  /** P6 task type: TT_Task, TT_Mile (start milestone), TT_FinMile, TT_LOE, TT_WBS, TT_Rsrc. */
  type: string;
  /** TK_NotStart, TK_Active or TK_Complete. */
  status: string;
  planned_start: ScheduleDate | null;
  planned_finish: ScheduleDate | null;
  actual_start: ScheduleDate | null;
  actual_finish: ScheduleDate | null;
  early_start: ScheduleDate | null;
  early_finish: ScheduleDate | null;
  late_start: ScheduleDate | null;
  late_finish: ScheduleDate | null;
  baseline_start: ScheduleDate | null;
  baseline_finish: ScheduleDate | null;
  duration_days: number | null;
  remaining_days: number | null;
  total_float_days: number | null;
  pct_complete: number | null;
  package: number | null;
  package_code: string | null;
  /** Total float ≤ 0 and not complete. */
  critical: boolean;
}

export interface ScheduleRelationship {
  id: number;
  pred: number;
  succ: number;
  /** FS, SS, FF or SF. */
  type: string;
  lag_days: number | null;
}

export interface ProjectSchedule {
  project: ScheduleProject;
  wbs: ScheduleWbs[];
  activities: ScheduleActivity[];
  relationships: ScheduleRelationship[];
}

export interface XerImportLogEntry {
  id: number;
  at: string;
  user: string | null;
  file_name: string;
  sha256: string;
  projects: number;
  activities: number;
  relationships: number;
  warning_count: number;
  warnings: ImportWarning[];
}

export const scheduleKeys = {
  all: ['schedule'] as const,
  projects: () => ['schedule', 'projects'] as const,
  project: (id: number, packageId: number | null) => ['schedule', 'project', id, packageId] as const,
  imports: () => ['schedule', 'imports'] as const,
};

/** The imported projects, newest import first as the gateway orders them. */
export function useScheduleProjects() {
  return useQuery({
    queryKey: scheduleKeys.projects(),
    queryFn: ({ signal }) => request<ScheduleProject[]>('/api/schedule/projects', { signal }),
  });
}

/** One project's WBS, activities and relationships; with `packageId`, only that package's activities. */
export function useProjectSchedule(id: number | null, packageId: number | null) {
  return useQuery({
    queryKey: scheduleKeys.project(id ?? 0, packageId),
    enabled: id !== null,
    // The chart keeps the previous programme while the next (another package) is read, instead of emptying.
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      request<ProjectSchedule>(`/api/schedule/projects/${id ?? 0}`, {
        query: { package: packageId ?? undefined },
        signal,
      }),
  });
}

/** The last 50 XER imports (who, when, file, counts). */
export function useXerImports() {
  return useQuery({
    queryKey: scheduleKeys.imports(),
    queryFn: ({ signal }) => request<XerImportLogEntry[]>('/api/schedule/imports', { signal }),
  });
}

export interface XerUpload {
  file: File;
  /** The share of the bytes sent so far, 0 to 1. */
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
}

/** Imports one .xer file; the projects, their schedules and the import log are read again after it. */
export function useXerImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress, signal }: XerUpload) =>
      upload<XerImportSummary>('/api/import/xer', [file], { onProgress, signal }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}
