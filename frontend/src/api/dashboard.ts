// A dashboard screen's widgets and their rows: `GET /api/dashboard?route=…[&package=…]` (docs/console.md,
// "Dashboards"). The types are written by hand from the contract until the gateway's OpenAPI document carries them.
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { request } from './client';

export type WidgetKind = 'stat' | 'bar' | 'line' | 'donut' | 'table';

export type ValueFormat = 'integer' | 'decimal' | 'percent' | 'days' | 'money' | 'date' | 'text';

/** A cell of a widget's row: numbers may come as JSON numbers or as numeric text. */
export type WidgetCell = string | number | boolean | null;

export type WidgetRow = Readonly<Record<string, WidgetCell>>;

export interface WidgetColumn {
  column: string;
  label: string;
  format?: ValueFormat;
}

export interface WidgetSeries {
  column: string;
  label: string;
  /** A Mantine colour name (blue, gray, teal …). */
  colour?: string;
}

/** Where a click goes: a register, filtered by its `column` = the clicked row's `from`, or one of its records. */
export interface WidgetLink {
  route: string;
  filter?: { column: string; from: string };
  /** The row column holding the id of the record to open. */
  record?: string;
}

export interface Widget {
  id: string;
  kind: WidgetKind;
  title: string;
  /** Columns of 12 on a wide screen. */
  span?: number;
  x?: WidgetColumn;
  series?: WidgetSeries[];
  value?: WidgetColumn;
  columns?: WidgetColumn[];
  stacked?: boolean;
  horizontal?: boolean;
  /** A stat: the sum over the rows instead of the first row's value. */
  sum?: boolean;
  link?: WidgetLink;
  rows: WidgetRow[];
}

export interface Dashboard {
  route: string;
  title: string;
  widgets: Widget[];
}

export const dashboardKeys = {
  dashboard: (route: string, packageId: number | null) => ['dashboard', route, packageId] as const,
};

/** The dashboard of `route`, limited to one package when `packageId` is given (the previous answer stays while the next is read). */
export function useDashboardData(route: string, packageId: number | null) {
  return useQuery({
    queryKey: dashboardKeys.dashboard(route, packageId),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    queryFn: ({ signal }) =>
      request<Dashboard>('/api/dashboard', {
        query: { route, package: packageId ?? undefined },
        signal,
      }),
  });
}
