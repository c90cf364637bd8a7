/**
 * The search screen's state and reads: the words, filters, sort and page live in the address (so Back and a shared
 * link give the same search); the words box keeps its own text until the search is sent.
 */
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { useDmsSearch } from '../../api/dms';
import {
  chosenCount,
  PAGE_SIZE,
  readSearchState,
  searchQuery,
  type SearchSort,
  type SearchState,
  toggleFilter,
  writeSearchState,
} from './search-state';

export function useSearchController() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => readSearchState(location.search), [location.search]);
  const [typed, setTyped] = useState(state.q);
  const [seenQ, setSeenQ] = useState(state.q);
  // Back/forward (or a link) changed the words: the box follows the address.
  if (seenQ !== state.q) {
    setSeenQ(state.q);
    setTyped(state.q);
  }
  const query = useMemo(() => searchQuery(state, new Date()), [state]);
  const search = useDmsSearch(query);

  const go = (next: SearchState) => {
    void navigate({ pathname: location.pathname, search: writeSearchState(next) });
  };
  const filterCount = chosenCount(state.filters);
  const answer = search.data;
  const pages = answer ? Math.max(1, Math.ceil(answer.total / PAGE_SIZE)) : 1;

  return {
    state,
    typed,
    setTyped,
    search,
    answer,
    pages,
    filterCount,
    submit: () => go({ ...state, q: typed, page: 1 }),
    toggle: (name: string, value: string) => go(toggleFilter(state, name, value)),
    clearFilters: () => go({ ...state, filters: {}, page: 1 }),
    setPage: (page: number) => go({ ...state, page }),
    setSort: (sort: SearchSort | null) => go({ ...state, sort, page: 1 }),
  };
}

export type SearchController = ReturnType<typeof useSearchController>;
