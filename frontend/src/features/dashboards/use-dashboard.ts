/**
 * A dashboard screen, headless: the dashboard of the route (`GET /api/dashboard`), the filter bar the address
 * remembers (`?project=<id>&corridor=<id>&package=<id>`; packages offered from the caller's own, within the chosen
 * corridor), the colour-blind palette of the layout settings, and where a click on a figure, bar, slice or table
 * row goes. The views (`DashboardScreen`, `WidgetCard`) only draw what they get.
 */
import { useLocalStorage } from '@mantine/hooks';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { useMe } from '../../api/auth';
import { type DashboardNarrowing, useDashboardData, type Widget, type WidgetRow } from '../../api/dashboard';
import { useTranslation } from '../../lib/i18n';
import { restoreLayout } from '../../lib/layout-settings';
import type { LookupSource } from '../../lib/lookup-search';
import { LAYOUT_KEY } from '../shell';
import { translateDashboardTitle, translateWidget } from './translate-dashboard';
import { drillHref, isEmptyDashboard } from './chart-data';

/**
 * The package look-up of the filter: the package entry named by code and name, limited to the caller's packages
 * and to the chosen corridor's.
 */
function packageSource(
  packages: readonly number[] | null | undefined,
  corridor: number | null,
): LookupSource {
  return {
    lookup: { entry: 'package', primary_key: 'id', display_columns: ['id', 'c_code', 'c_name'] },
    display: 'c_code',
    only: packages ?? null,
    same: corridor === null ? null : { n_corridor: String(corridor) },
  };
}

/** The corridor and project look-ups of the filter, named by code. */
const CORRIDOR_SOURCE: LookupSource = {
  lookup: { entry: 'corridor', primary_key: 'id', display_columns: ['id', 'c_code', 'c_name'] },
  display: 'c_code',
};
const PROJECT_SOURCE: LookupSource = {
  lookup: { entry: 'project', primary_key: 'id', display_columns: ['id', 'c_code', 'c_name'] },
  display: 'c_code',
};

/** The filters of the bar, widest first. */
export type DashboardFilter = keyof DashboardNarrowing;
const FILTERS: readonly DashboardFilter[] = ['project', 'corridor', 'package'];

function idParam(text: string | null): number | null {
  if (text === null || !/^\d{1,15}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}

export function useDashboard(route: string) {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const project = idParam(params.get('project'));
  const corridor = idParam(params.get('corridor'));
  const packageId = idParam(params.get('package'));
  const narrowing = useMemo<DashboardNarrowing>(
    () => ({ project, corridor, package: packageId }),
    [project, corridor, packageId],
  );
  const answer = useDashboardData(route, narrowing);
  const packages = useMe().data?.packages;
  const source = useMemo(() => packageSource(packages, corridor), [packages, corridor]);
  const [storedLayout] = useLocalStorage<string | null>({
    key: LAYOUT_KEY,
    defaultValue: null,
    serialize: (value) => value ?? '',
    deserialize: (value) => value ?? null,
    getInitialValueInEffect: false,
  });
  const colourBlind = restoreLayout(storedLayout ?? null).colorblindFriendly;

  /** Sets one filter (empty: clears it); a new corridor clears the package, which may not be in it. */
  const setFilter = useCallback(
    (filter: DashboardFilter, id: string) => {
      const params = new URLSearchParams(location.search);
      if (id === '') params.delete(filter);
      else params.set(filter, id);
      if (filter === 'corridor') params.delete('package');
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

  // The texts people read in their language: translated again when the answer or the language changes.
  const { i18n } = useTranslation();
  const language = i18n.language;
  const widgets = useMemo(
    () => (answer.data?.widgets ?? []).map(translateWidget),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [answer.data, language],
  );
  return {
    title: translateDashboardTitle(answer.data?.title),
    widgets,
    loading: answer.isPending,
    /** A new package's figures are being read (the previous ones stay, dimmed). */
    refreshing: answer.isFetching && !answer.isPending,
    error: answer.isError ? answer.error : null,
    retry: () => void answer.refetch(),
    empty: answer.isSuccess && isEmptyDashboard(widgets),
    narrowing,
    /** Whether any filter is set (the empty state then suggests clearing them). */
    narrowed: FILTERS.some((filter) => narrowing[filter] !== null),
    sources: { project: PROJECT_SOURCE, corridor: CORRIDOR_SOURCE, package: source } as const,
    setFilter,
    colourBlind,
    hrefOf,
    open,
  };
}

export type DashboardController = ReturnType<typeof useDashboard>;
