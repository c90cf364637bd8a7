// A dashboard screen's widgets and their rows: `GET /api/dashboard?route=…[&package=…][&<level>=…]` (docs/console.md,
// "Dashboards"; the levels are the package register's `[[levels]]`).
// The types are the OpenAPI document's, the rows typed as cells.
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { request } from './client';
import type { components } from './openapi.gen';

type Schemas = components['schemas'];

export type WidgetKind = Schemas['DashboardWidgetKind'];

export type ValueFormat = Schemas['DashboardFormat'];

/** A cell of a widget's row: numbers may come as JSON numbers or as numeric text. */
export type WidgetCell = string | number | boolean | null;

export type WidgetRow = Readonly<Record<string, WidgetCell>>;

/**
 * A figure (stat, donut) or a table column; an axis (the category, a network's line and position) is one without
 * a format. Drawn as `column` ÷ `of` (× 100 for a percent) when it has `of`.
 */
export type WidgetColumn = Schemas['DashboardValue'];

/** A numeric series (bar, line). */
export type WidgetSeries = Schemas['DashboardSeries'];

/**
 * Where a click goes: a register, filtered by its fixed filters and by its `column` = the clicked row's `from`, or
 * one of its records (the gateway's type).
 */
export type WidgetLink = Schemas['DashboardLink'];

/** A network's node colouring: a Mantine colour name per value of the column. */
export type WidgetStatus = Schemas['DashboardStatus'];

/** A widget as the gateway answers it (`DashboardWidget`), its rows typed as cells. */
export type Widget = Omit<Schemas['DashboardWidget'], 'rows'> & { rows: WidgetRow[] };

/**
 * A filter of the dashboard's bar (the gateway's `filters`): a programme level of the package register's
 * `[[levels]]`, widest first, then the package; each a query parameter, a label and the look-up of its choices.
 */
export type DashboardFilter = Schemas['DashboardFilter'];

/** A dashboard as the gateway answers it (`Dashboard`), its widgets' rows typed as cells. */
export type Dashboard = Omit<Schemas['Dashboard'], 'widgets'> & { widgets: Widget[] };

/** The filter bar's choices: a filter's parameter (a level's name, `package`) → the chosen record's id. */
export type DashboardNarrowing = Readonly<Record<string, number>>;

/** The choices in a stable order (by parameter), as query parameters. */
export function narrowingParams(narrowing: DashboardNarrowing): [string, string][] {
  return Object.entries(narrowing)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, id]) => [name, String(id)]);
}

export const dashboardKeys = {
  dashboard: (route: string, narrowing: DashboardNarrowing) =>
    ['dashboard', route, narrowingParams(narrowing).join('&')] as const,
  listed: (within: string) => ['dashboards', within] as const,
};

export type Paper = 'a4' | 'a3';
export type PrintFormat = 'pdf' | 'xlsx';

/** A dashboard listed inside another screen (the predefined reports of `/reports/predefined`). */
export interface ListedDashboard {
  route: string;
  title: string;
  description?: string;
  print: { paper: Paper; landscape: boolean };
}

/** The dashboards listed inside the screen at `within` (`GET /api/dashboards`), by title. */
export function useListedDashboards(within: string) {
  return useQuery({
    queryKey: dashboardKeys.listed(within),
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) => request<ListedDashboard[]>('/api/dashboards', { query: { within }, signal }),
  });
}

/** The query of `GET /api/dashboard/print`: the dashboard, its filters, the file's format and paper. */
export function printQuery(
  route: string,
  narrowing: DashboardNarrowing,
  format: PrintFormat,
  paper: Paper | null,
): [string, string][] {
  const query: [string, string][] = [
    ['route', route],
    ['format', format],
  ];
  if (paper) query.push(['paper', paper]);
  query.push(...narrowingParams(narrowing));
  return query;
}

/** The dashboard of `route`, narrowed by the filter bar (the previous answer stays while the next is read). */
export function useDashboardData(route: string, narrowing: DashboardNarrowing) {
  return useQuery({
    queryKey: dashboardKeys.dashboard(route, narrowing),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    queryFn: ({ signal }) =>
      request<Dashboard>('/api/dashboard', {
        query: { route, ...Object.fromEntries(narrowingParams(narrowing)) },
        signal,
      }),
  });
}
