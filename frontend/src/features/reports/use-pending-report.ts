/**
 * The pending list report's state, headless: the report (everything waiting on someone that the reader reads), the
 * filter kept in the address (`?person=`, `?register=`, `?overdue=1`, so a filtered list can be sent on), each
 * person's load, the rows shown, and their export. The view (pending-report-screen) only draws it.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

import { usePendingReport } from '../../api/reports';
import { saveCsv, saveXlsx, tableFileName } from '../../lib/table-file';
import { noticeError } from '../notices';
import { filterRows, peopleLoad, type PendingFilter, registersOf, reportTable } from './pending-report';

function personParam(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

export function usePendingReportController() {
  const report = usePendingReport();
  const [params, setParams] = useSearchParams();
  const all = useMemo(() => report.data?.rows ?? [], [report.data]);
  const filter: PendingFilter = {
    person: personParam(params.get('person')),
    register: params.get('register') || null,
    overdueOnly: params.get('overdue') === '1',
  };
  const people = useMemo(() => peopleLoad(all), [all]);
  const registers = useMemo(() => registersOf(all), [all]);
  const rows = useMemo(
    () => filterRows(all, filter),
    // The filter's parts, not the object made on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [all, filter.person, filter.register, filter.overdueOnly],
  );

  const setFilter = useCallback(
    (change: Partial<PendingFilter>) =>
      setParams(
        (old) => {
          const next = new URLSearchParams(old);
          const set = (key: string, value: string | null) =>
            value ? next.set(key, value) : next.delete(key);
          if ('person' in change) set('person', change.person ? String(change.person) : null);
          if ('register' in change) set('register', change.register ?? null);
          if ('overdueOnly' in change) set('overdue', change.overdueOnly ? '1' : null);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const personName = people.find((person) => person.id === filter.person)?.name ?? null;
  const exportAs = useCallback(
    async (format: 'csv' | 'xlsx') => {
      const name = tableFileName(['pending-list', personName, filter.register], format);
      try {
        if (format === 'csv') saveCsv(reportTable(rows), name);
        else await saveXlsx(reportTable(rows), name);
      } catch (error) {
        noticeError(error);
      }
    },
    [rows, personName, filter.register],
  );

  return {
    report,
    filter,
    setFilter,
    people,
    registers,
    rows,
    total: all.length,
    truncated: report.data?.truncated ?? [],
    exportAs,
  };
}

export type PendingReportController = ReturnType<typeof usePendingReportController>;
