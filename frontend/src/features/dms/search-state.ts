/**
 * The search screen's state as the address keeps it (`?q=…&package=1,2&state=Shared&page=2`), so a search can be
 * shared, reloaded and gone back to; and the gateway's query from it.
 */
import { FACET_NAMES, type FacetName, type SearchQuery } from '../../api/dms';

export type SearchSort = 'relevance' | 'updated' | 'number';

export interface SearchState {
  q: string;
  filters: Partial<Record<FacetName, string[]>>;
  page: number;
  sort: SearchSort | null;
}

export const PAGE_SIZE = 20;

function splitValues(text: string | null): string[] {
  return (text ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

export function readSearchState(search: string): SearchState {
  const params = new URLSearchParams(search);
  const filters: SearchState['filters'] = {};
  for (const name of FACET_NAMES) {
    const values = splitValues(params.get(name));
    if (values.length > 0) filters[name] = values;
  }
  const page = Number(params.get('page'));
  const sort = params.get('sort');
  return {
    q: params.get('q') ?? '',
    filters,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    sort: sort === 'relevance' || sort === 'updated' || sort === 'number' ? sort : null,
  };
}

export function writeSearchState(state: SearchState): string {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q.trim());
  for (const name of FACET_NAMES) {
    const values = state.filters[name];
    if (values && values.length > 0) params.set(name, values.join(','));
  }
  if (state.sort) params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The day `days` before `today`, YYYY-MM-DD. */
function daysBefore(today: Date, days: number): string {
  const day = new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate() - days));
  return day.toISOString().slice(0, 10);
}

/**
 * The "updated" facet's value as the gateway's date range: `7d`/`30d`/`365d` from that many days ago, `older`
 * up to a year ago. Several chosen: the widest range that covers them.
 */
export function updatedRange(values: readonly string[], today: Date): { from?: string; to?: string } {
  if (values.length === 0) return {};
  const days = values.map((value) => (value === 'older' ? Infinity : Number.parseInt(value, 10)));
  if (days.some((d) => !Number.isFinite(d) && d !== Infinity)) return {};
  if (days.includes(Infinity)) {
    return days.length === 1 ? { to: daysBefore(today, 366) } : {};
  }
  return { from: daysBefore(today, Math.max(...days)) };
}

/** The gateway's query (`GET /api/data/{entry}/search`) for a state. */
export function searchQuery(state: SearchState, today: Date, size = PAGE_SIZE): SearchQuery {
  const query: SearchQuery = { page: state.page, size };
  if (state.q.trim()) query.q = state.q.trim();
  if (state.sort) query.sort = state.sort;
  for (const name of FACET_NAMES) {
    const values = state.filters[name];
    if (!values || values.length === 0) continue;
    if (name === 'updated') Object.assign(query, updatedRange(values, today));
    else query[name] = values.join(',');
  }
  return query;
}

/** The state with one facet value turned on or off (back to the first page). */
export function toggleFilter(state: SearchState, name: FacetName, value: string): SearchState {
  const values = state.filters[name] ?? [];
  const next = values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
  const filters: SearchState['filters'] = Object.fromEntries(
    Object.entries({ ...state.filters, [name]: next }).filter(([, chosen]) => chosen.length > 0),
  );
  return { ...state, filters, page: 1 };
}
