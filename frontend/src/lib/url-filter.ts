/**
 * A register's list filtered from its address: `?filter=<column>:<value>` (repeatable), as a dashboard's
 * drill-through links it (docs/console.md, "Dashboards"). The value is the column's filter text as the list's own
 * filter would send it (a look-up's key, a fixed choice, or text to contain).
 */
import type { FilterModel } from './filter-model';

export interface UrlFilter {
  column: string;
  value: string;
}

const COLUMN = /^[a-z][a-z0-9_]*$/;

/** The filters of an address's query; malformed ones (no colon, an odd column name, an empty value) are left out. */
export function urlFiltersOf(search: string): UrlFilter[] {
  const filters: UrlFilter[] = [];
  for (const text of new URLSearchParams(search).getAll('filter')) {
    const colon = text.indexOf(':');
    if (colon <= 0) continue;
    const column = text.slice(0, colon).trim();
    const value = text.slice(colon + 1).trim();
    if (COLUMN.test(column) && value !== '') filters.push({ column, value });
  }
  return filters;
}

/** The address of `route` filtered by each `column` = `value` (the route itself without filters). */
export function filteredRoute(route: string, filters: readonly UrlFilter[]): string {
  if (filters.length === 0) return route;
  const params = new URLSearchParams();
  for (const { column, value } of filters) params.append('filter', `${column}:${value}`);
  return `${route}?${params.toString()}`;
}

/**
 * The list's starting filter model from the address's filters: each on a column the list shows, as the choice a
 * user would pick (`equals`); filters on other columns are left out (the list cannot show or lift them).
 */
export function filterModelOf(filters: readonly UrlFilter[], columns: readonly string[]): FilterModel {
  const model: FilterModel = {};
  for (const { column, value } of filters) {
    if (columns.includes(column)) model[column] = { filterType: 'text', type: 'equals', filter: value };
  }
  return model;
}
