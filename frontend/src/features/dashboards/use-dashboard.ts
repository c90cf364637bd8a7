/**
 * A dashboard screen, headless: the dashboard of the route (`GET /api/dashboard`), the filter bar the address
 * remembers (`?project=<id>&corridor=<id>&package=<id>`: the gateway's `filters`, the package register's programme
 * levels and the package; packages offered from the caller's own, within a chosen level a package holds), the colour-blind palette of the layout settings, and where a click on a figure, bar, slice or table
 * row goes. The views (`DashboardScreen`, `WidgetCard`) only draw what they get.
 */
import { useLocalStorage } from '@mantine/hooks';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { useMe } from '../../api/auth';
import {
  type DashboardFilter,
  type DashboardNarrowing,
  useDashboardData,
  type Widget,
  type WidgetRow,
} from '../../api/dashboard';
import { useTranslation } from '../../lib/i18n';
import { restoreLayout } from '../../lib/layout-settings';
import type { LookupSource } from '../../lib/lookup-search';
import { LAYOUT_KEY } from '../shell';
import { translateDashboardTitle, translateWidget } from './translate-dashboard';
import { drillHref, isEmptyDashboard } from './chart-data';

/**
 * The choices of the address: every parameter holding an id (the gateway takes those its filter bar declares and
 * no other, so the first read needs no list of them).
 */
function narrowingOf(search: string): DashboardNarrowing {
  const chosen: Record<string, number> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    const id = idParam(value);
    if (id !== null) chosen[name] = id;
  }
  return chosen;
}

function idParam(text: string | null): number | null {
  if (text === null || !/^\d{1,15}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}

/**
 * A filter's look-up: its register named by its display column; the package filter offers the caller's packages,
 * within the chosen levels a package holds in a column (a corridor).
 */
function filterSource(
  filter: DashboardFilter,
  filters: readonly DashboardFilter[],
  narrowing: DashboardNarrowing,
  packages: readonly number[] | null | undefined,
): LookupSource {
  if (!filter.packages) return { lookup: filter.lookup, display: filter.display };
  const same: Record<string, string> = {};
  for (const level of filters) {
    const id = narrowing[level.name];
    if (level.narrows && id !== undefined) same[level.narrows] = String(id);
  }
  return {
    lookup: filter.lookup,
    display: filter.display,
    only: packages ?? null,
    same: Object.keys(same).length > 0 ? same : null,
  };
}

const NO_FILTERS: readonly DashboardFilter[] = [];

export function useDashboard(route: string) {
  const location = useLocation();
  const navigate = useNavigate();
  const narrowing = useMemo(() => narrowingOf(location.search), [location.search]);
  const answer = useDashboardData(route, narrowing);
  const filters = answer.data?.filters ?? NO_FILTERS;
  const packages = useMe().data?.packages;
  const sources = useMemo(
    () => new Map(filters.map((filter) => [filter.name, filterSource(filter, filters, narrowing, packages)])),
    [filters, narrowing, packages],
  );
  const [storedLayout] = useLocalStorage<string | null>({
    key: LAYOUT_KEY,
    defaultValue: null,
    serialize: (value) => value ?? '',
    deserialize: (value) => value ?? null,
    getInitialValueInEffect: false,
  });
  const colourBlind = restoreLayout(storedLayout ?? null).colorblindFriendly;

  /**
   * Sets one filter (empty: clears it); a new choice of a level that narrows the packages offered clears the
   * package, which may not be in it.
   */
  const setFilter = useCallback(
    (name: string, id: string) => {
      const params = new URLSearchParams(location.search);
      if (id === '') params.delete(name);
      else params.set(name, id);
      if (filters.find((filter) => filter.name === name)?.narrows) {
        for (const filter of filters) if (filter.packages) params.delete(filter.name);
      }
      const search = params.toString();
      void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
    },
    [filters, location.pathname, location.search, navigate],
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
    /** The filter bar: the programme levels, widest first, then the package (the gateway's `filters`). */
    filters,
    /** Whether any filter is set (the empty state then suggests clearing them). */
    narrowed: filters.some((filter) => narrowing[filter.name] !== undefined),
    sources,
    setFilter,
    colourBlind,
    hrefOf,
    open,
  };
}

export type DashboardController = ReturnType<typeof useDashboard>;
