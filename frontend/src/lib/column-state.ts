/** Column widths, order, visibility and sort of a list, remembered per user and screen in local storage. */
import type { ColumnState } from 'ag-grid-community';

import { readUser } from './session-store';

// v2: the first version also stored the grid's own initial state (first column ascending) as if the user had
// chosen it, which would hide the registry's default sort.
function key(route: string): string {
  return `pmis.columns.v2.${readUser()?.id ?? 'anonymous'}.${route}`;
}

export function loadColumnState(route: string): ColumnState[] | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(key(route)) ?? 'null');
    return Array.isArray(stored) ? (stored as ColumnState[]) : null;
  } catch {
    return null;
  }
}

export function saveColumnState(route: string, state: ColumnState[]): void {
  localStorage.setItem(key(route), JSON.stringify(state));
}

export function forgetColumnState(route: string): void {
  localStorage.removeItem(key(route));
}
