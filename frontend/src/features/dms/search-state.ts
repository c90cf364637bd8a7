/**
 * The search screen's state as the address keeps it (`?q=…&package=1,2&state=Shared&page=2`), so a search can be
 * shared, reloaded and gone back to; and the gateway's query from it. The facets are the register's (the answer's
 * `headings`), not known here: every parameter that is not one of the search's own is read as one, so the address
 * means the same before the first answer arrives, and a name the register lacks is the gateway's 400 to show.
 */
import {
  type FacetHeading,
  type FacetValue,
  type SearchAnswer,
  type SearchQuery,
  UPDATED_FACET,
} from '../../api/dms';

export type SearchSort = 'relevance' | 'updated' | 'number';

/** Each chosen facet's values, by facet name, in the order the address gives them. */
export type SearchFilters = Readonly<Record<string, readonly string[]>>;

export interface SearchState {
  q: string;
  filters: SearchFilters;
  page: number;
  sort: SearchSort | null;
}

export const PAGE_SIZE = 20;

/**
 * The search's own parameters (the engine's, never a register's facet: check-registry refuses these names), less
 * `updated`, which the address keeps as a facet and the query sends as `from`/`to`.
 */
const OWN_PARAMETERS: ReadonlySet<string> = new Set(['q', 'from', 'to', 'sort', 'page', 'size']);

function splitValues(texts: readonly string[]): string[] {
  return texts.flatMap((text) =>
    text
      .split(',')
      .map((value) => value.trim())
      .filter((value) => value !== ''),
  );
}

export function readSearchState(search: string): SearchState {
  const params = new URLSearchParams(search);
  // Built from entries: any name the address holds becomes an own key (never the object's prototype).
  const filters: SearchFilters = Object.fromEntries(
    [...new Set(params.keys())]
      .filter((name) => !OWN_PARAMETERS.has(name))
      .map((name) => [name, [...new Set(splitValues(params.getAll(name)))]] as const)
      .filter(([, values]) => values.length > 0),
  );
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
  for (const [name, values] of Object.entries(state.filters)) {
    if (values.length > 0) params.set(name, values.join(','));
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

/** The gateway's query (`GET /api/data/{entry}/search`) for a state: each facet by its name, `updated` as dates. */
export function searchQuery(state: SearchState, today: Date, size = PAGE_SIZE): SearchQuery {
  const query: SearchQuery = { page: state.page, size };
  if (state.q.trim()) query.q = state.q.trim();
  if (state.sort) query.sort = state.sort;
  for (const [name, values] of Object.entries(state.filters)) {
    if (values.length === 0) continue;
    if (name === UPDATED_FACET) Object.assign(query, updatedRange(values, today));
    else query[name] = values.join(',');
  }
  return query;
}

/** The state with one facet value turned on or off (back to the first page). */
export function toggleFilter(state: SearchState, name: string, value: string): SearchState {
  const values = state.filters[name] ?? [];
  const next = values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
  const filters: SearchFilters = Object.fromEntries(
    Object.entries({ ...state.filters, [name]: next }).filter(([, chosen]) => chosen.length > 0),
  );
  return { ...state, filters, page: 1 };
}

/** How many facet values are chosen. */
export function chosenCount(filters: SearchFilters): number {
  return Object.values(filters).reduce((sum, values) => sum + values.length, 0);
}

/** A facet as the panel draws it: its name, its heading (English, the column's label) and its values. */
/** A facet as the panel shows it: its heading (name, title, the column it counts) and its values. */
export interface FacetGroup extends FacetHeading {
  values: FacetValue[];
}

/**
 * The facets to draw, from the answer: its `headings` in their order, each with its values and counts, then any
 * chosen value the answer no longer lists (count 0, so it can be turned off); a facet with neither is left out.
 */
export function facetGroups(
  headings: readonly FacetHeading[] | undefined,
  facets: SearchAnswer['facets'] | undefined,
  chosen: SearchFilters,
): FacetGroup[] {
  return (headings ?? []).flatMap((heading) => {
    const { name } = heading;
    const values = facets?.[name] ?? [];
    const missing = (chosen[name] ?? []).filter((value) => !values.some((v) => v.value === value));
    const all = [...values, ...missing.map((value) => ({ value, label: value, count: 0 }))];
    return all.length > 0 ? [{ ...heading, values: all }] : [];
  });
}
