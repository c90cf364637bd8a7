/**
 * The custom report builder, headless: the registers one may report on, the saved reports (one's own and those
 * shared with one), the report open (kept in the address as `?report=<id>`), the form, its preview, saving (a new
 * report, a change of one's own, or a copy of someone else's), deleting and exporting. The view draws what this
 * gives.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';

import { GatewayError } from '../../api/client';
import {
  type ReportFileFormat,
  reportExport,
  useDeleteReport,
  useExportReport,
  usePreviewReport,
  useReportRegisters,
  useSaveReport,
  useSavedReports,
} from '../../api/custom-reports';
import type { SavedReport } from '../../api/schema';
import { translate } from '../../lib/i18n';
import { CONFIRM_DELETE, confirm, noticeError, noticeSuccess } from '../notices';
import {
  blankReport,
  fromSaved,
  type ReportFormValues,
  reportFormSchema,
  sortChoices,
  toDefinition,
  toInput,
} from './custom-report-form';

/** The form's fields the gateway may name in a 422, by the gateway's names. */
const GATEWAY_FIELDS: Record<string, 'title' | 'sharedWith'> = {
  title: 'title',
  shared_with: 'sharedWith',
};

export function useCustomReports() {
  const location = useLocation();
  const navigate = useNavigate();
  const registers = useReportRegisters();
  const saved = useSavedReports();
  const preview = usePreviewReport();
  const save = useSaveReport();
  const remove = useDeleteReport();
  const exporter = useExportReport();
  const form = useForm<ReportFormValues>({
    resolver: zodResolver(reportFormSchema),
    defaultValues: blankReport(),
  });

  const asked = Number(new URLSearchParams(location.search).get('report') ?? '');
  const open: SavedReport | null = (saved.data ?? []).find((report) => report.id === asked) ?? null;
  const mine = open === null || open.mine;

  const values = useWatch({ control: form.control });
  const register = useMemo(
    () => (registers.data ?? []).find((r) => r.entry === values.entry) ?? null,
    [registers.data, values.entry],
  );

  /** Shows report `id` (null: a new one), in the address so that a link or a reload opens it again. */
  const show = useCallback(
    (id: number | null) => {
      const params = new URLSearchParams(location.search);
      if (id === null) params.delete('report');
      else params.set('report', String(id));
      const search = params.toString();
      void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' });
    },
    [location.pathname, location.search, navigate],
  );

  // Opening a report (or a new one) puts it in the form and runs it once.
  const { reset } = form;
  const { mutate: run, reset: clearPreview } = preview;
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const key = open ? `${open.id}:${open.row_version}` : asked ? null : 'new';
    if (key === null || key === shown.current) return;
    shown.current = key;
    if (open) {
      reset(fromSaved(open));
      run(toDefinition(fromSaved(open)));
    } else {
      reset(blankReport());
      clearPreview();
    }
  }, [open, asked, reset, run, clearPreview]);

  const runPreview = form.handleSubmit((valid) => run(toDefinition(valid)));

  const applyGatewayFields = (error: unknown) => {
    if (!(error instanceof GatewayError)) return false;
    let applied = false;
    for (const [field, message] of Object.entries(error.fields)) {
      const name = GATEWAY_FIELDS[field];
      if (name) {
        form.setError(name, { message: translate(message) });
        applied = true;
      }
    }
    return applied;
  };

  /** Saves the form: a change of one's own report, or a new report (also a copy of a report shared with one). */
  const saveReport = (asCopy: boolean) =>
    form.handleSubmit((valid) => {
      const changing = open !== null && open.mine && !asCopy;
      const input = toInput(
        asCopy && open && !open.mine ? { ...valid, sharedWith: [] } : valid,
        changing ? open.row_version : null,
      );
      save.mutate(
        { id: changing ? open.id : null, input },
        {
          onSuccess: (report) => {
            noticeSuccess(changing ? 'Updated Successfully' : 'Submitted Successfully');
            shown.current = `${report.id}:${report.row_version}`;
            show(report.id);
          },
          onError: (error) => {
            if (!applyGatewayFields(error)) noticeError(error);
          },
        },
      );
    })();

  const deleteReport = async () => {
    if (!open?.mine || !(await confirm(CONFIRM_DELETE))) return;
    remove.mutate(open.id, {
      onSuccess: () => {
        noticeSuccess('Deleted Successfully');
        show(null);
      },
      onError: noticeError,
    });
  };

  const exportReport = (format: ReportFileFormat) =>
    form.handleSubmit((valid) =>
      exporter.mutate(reportExport(valid.title.trim(), toDefinition(valid), format), {
        onError: noticeError,
      }),
    )();
  const exporting: ReportFileFormat | null = exporter.isPending
    ? ((exporter.variables.query.find(([key]) => key === 'format')?.[1] as ReportFileFormat | undefined) ??
      null)
    : null;

  return {
    form,
    values,
    registers: registers.data ?? [],
    register,
    sortChoices: sortChoices(
      {
        mode: values.mode ?? 'list',
        columns: values.columns ?? [],
        groupBy: values.groupBy ?? [],
        measures: (values.measures ?? []).map((m) => ({
          aggregate: m?.aggregate ?? 'count',
          column: m?.column ?? '',
        })),
      },
      register,
    ),
    saved: saved.data ?? [],
    open,
    mine,
    loading: registers.isPending || saved.isPending,
    loadError: registers.error ?? saved.error ?? null,
    retry: () => {
      void registers.refetch();
      void saved.refetch();
    },
    show,
    preview: {
      answer: preview.data ?? null,
      running: preview.isPending,
      error: preview.isError ? preview.error : null,
    },
    runPreview,
    saveReport,
    saving: save.isPending,
    deleteReport,
    deleting: remove.isPending,
    exportReport,
    exporting,
  };
}

export type CustomReports = ReturnType<typeof useCustomReports>;
