/**
 * A dashboard screen, headless: the dashboard of the route (`GET /api/dashboard`), the package filter the address
 * remembers (`?package=<id>`, offered from the caller's packages), the colour-blind palette of the layout settings,
 * and where a click on a figure, bar, slice or table row goes. The views (`DashboardScreen`, `WidgetCard`) only
 * draw what they get.
 */
import { useLocalStorage } from '@mantine/hooks';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { useMe } from '../../api/auth';
import { useDashboardData, type Widget, type WidgetRow } from '../../api/dashboard';
import { restoreLayout } from '../../lib/layout-settings';
import type { LookupSource } from '../../lib/lookup-search';
import { LAYOUT_KEY } from '../shell';
import { drillHref, isEmptyDashboard } from './chart-data';

/** The package look-up of the filter: the package entry named by code and name, limited to the caller's packages. */
function packageSource(packages: readonly number[] | null | undefined): LookupSource {
  return {
    lookup: { entry: 'package', primary_key: 'id', display_columns: ['id', 'c_code', 'c_name'] },
    display: 'c_code',
    only: packages ?? null,
  };
}

function idParam(text: string | null): number | null {
  if (text === null || !/^\d{1,15}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}

export function useDashboard(route: string) {
  const location = useLocation();
  const navigate = useNavigate();
  const packageId = idParam(new URLSearchParams(location.search).get('package'));
  const answer = useDashboardData(route, packageId);
  const packages = useMe().data?.packages;
  const source = useMemo(() => packageSource(packages), [packages]);
  const [storedLayout] = useLocalStorage<string | null>({
    key: LAYOUT_KEY,
    defaultValue: null,
    serialize: (value) => value ?? '',
    deserialize: (value) => value ?? null,
    getInitialValueInEffect: false,
  });
  const colourBlind = restoreLayout(storedLayout ?? null).colorblindFriendly;

  const setPackage = useCallback(
    (id: string) => {
      const params = new URLSearchParams(location.search);
      if (id === '') params.delete('package');
      else params.set('package', id);
      const search = params.toString();
      void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
    },
    [location.pathname, location.search, navigate],
  );

  /** Where a click on `row` of `widget` goes (null: nowhere), and going there. */
  const hrefOf = useCallback((widget: Widget, row: WidgetRow | undefined) => drillHref(widget.link, row), []);
  const open = useCallback(
    (widget: Widget, row: WidgetRow | undefined) => {
      const href = drillHref(widget.link, row);
      if (href) void navigate(href);
    },
    [navigate],
  );

  const widgets = answer.data?.widgets ?? [];
  return {
    title: answer.data?.title,
    widgets,
    loading: answer.isPending,
    /** A new package's figures are being read (the previous ones stay, dimmed). */
    refreshing: answer.isFetching && !answer.isPending,
    error: answer.isError ? answer.error : null,
    retry: () => void answer.refetch(),
    empty: answer.isSuccess && isEmptyDashboard(widgets),
    packageId,
    packageSource: source,
    setPackage,
    colourBlind,
    hrefOf,
    open,
  };
}

export type DashboardController = ReturnType<typeof useDashboard>;
