// Custom reports (`/reports/customreports`): the registers one may report on, saved reports, a definition's
// preview, saving and deleting, and exports, as TanStack Query hooks.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { request } from './client';
import { useDownload } from './download';
import type { ReportAnswer, ReportDefinition, ReportInput, ReportRegister, SavedReport } from './schema';

export const customReportKeys = {
  all: ['custom-reports'] as const,
  registers: ['custom-reports', 'registers'] as const,
  saved: ['custom-reports', 'saved'] as const,
};

/** The registers the reader may report on, by title, with the columns they may read. */
export function useReportRegisters() {
  return useQuery({
    queryKey: customReportKeys.registers,
    queryFn: ({ signal }) => request<ReportRegister[]>('/api/custom-reports/registers', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The reader's reports and those shared with them, by title. */
export function useSavedReports() {
  return useQuery({
    queryKey: customReportKeys.saved,
    queryFn: ({ signal }) => request<SavedReport[]>('/api/custom-reports', { signal }),
  });
}

/** Runs a definition as the reader may read its register: its first 200 rows. */
export function usePreviewReport() {
  return useMutation({
    mutationFn: (definition: ReportDefinition) =>
      request<ReportAnswer>('/api/custom-reports/preview', { method: 'POST', body: definition }),
  });
}

/** Saves a new report (`id` null) or changes one's own at the version read. */
export function useSaveReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: ReportInput }) =>
      id === null
        ? request<SavedReport>('/api/custom-reports', { method: 'POST', body: input })
        : request<SavedReport>(`/api/custom-reports/${id}`, { method: 'PUT', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: customReportKeys.saved }),
  });
}

export function useDeleteReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request<{ id: number }>(`/api/custom-reports/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: customReportKeys.saved }),
  });
}

export type ReportFileFormat = 'csv' | 'xlsx' | 'pdf';

/** Saves a report as CSV, Excel or PDF (at most 10,000 rows; the register's export right applies). */
export function useExportReport() {
  return useDownload('/api/custom-reports/export');
}

/** The download request of `definition` titled `title` as `format`. */
export function reportExport(title: string, definition: ReportDefinition, format: ReportFileFormat) {
  return { query: [['format', format]] as [string, string][], body: { title, definition } };
}
