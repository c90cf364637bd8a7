/**
 * The predefined reports, headless: the dashboards listed inside `/reports/predefined` (`GET /api/dashboards`), and
 * the one chosen, kept in the address (`?report=<its route>`, beside the filter bar's `project`, `corridor` and
 * `package`) so that a link or a reload shows the same report for the same packages.
 */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { useListedDashboards } from '../../api/dashboard';

export const PREDEFINED_REPORTS = '/reports/predefined';

export function usePredefinedReports() {
  const location = useLocation();
  const navigate = useNavigate();
  const listed = useListedDashboards(PREDEFINED_REPORTS);
  const reports = listed.data ?? [];
  const asked = new URLSearchParams(location.search).get('report');
  const chosen = reports.find((report) => report.route === asked) ?? reports[0] ?? null;

  /** Shows another report; the filters stay. */
  const choose = useCallback(
    (route: string) => {
      const params = new URLSearchParams(location.search);
      params.set('report', route);
      void navigate({ pathname: location.pathname, search: `?${params.toString()}` }, { replace: true });
    },
    [location.pathname, location.search, navigate],
  );

  return {
    reports,
    chosen,
    choose,
    loading: listed.isPending,
    error: listed.isError ? listed.error : null,
    retry: () => void listed.refetch(),
  };
}
