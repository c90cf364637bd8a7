// The programme schedule imported from Primavera P6 (docs/schedule.md): `POST /api/import/xer` (one .xer file),
// `GET /api/schedule/projects`, `GET /api/schedule/projects/{id}?package=` and `GET /api/schedule/imports`.
// The shapes are the gateway's (generated, openapi.gen.ts); numbers a `numeric` column sends may arrive as text when
// they carry more digits than a float (lib/exact-json), so the views read them through `numberOf()`.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { request, upload } from './client';
import type { components } from './openapi.gen';

/** A P6 timestamp as the gateway sends it: local wall-clock ISO without a zone ("2026-03-01T08:00:00"). */
export type ScheduleDate = string;

type Schemas = components['schemas'];

/** One project of an import's answer: counts, data date, `updated` (a re-import) and `removed` activities. */
export type ImportedProjectSummary = Schemas['ProjectSummary'];
/** A warning of the import, with the line of the file it is about (0: the file as a whole). */
export type ImportWarning = Schemas['XerWarning'];
/** `POST /api/import/xer`'s answer. */
export type XerImportSummary = Schemas['XerImportSummary'];
export type ScheduleProject = Schemas['SchedulePlanProject'];
export type ScheduleWbs = Schemas['ScheduleWbs'];
export type ScheduleActivity = Schemas['ScheduleActivity'];
export type ScheduleRelationship = Schemas['ScheduleRelationship'];
export type ProjectSchedule = Schemas['ScheduleProjectDetail'];
/** One line of the import log (`GET /api/schedule/imports`). */
export type XerImportLogEntry = Schemas['ScheduleImport'];

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
