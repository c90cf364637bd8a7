/**
 * The register a DMS screen searches, as the console's catalogue names it: its route (the first screen whose
 * `entry` it is), where a hit opens as that register's own record form, and its workflow's states (labels and
 * colours), so the DMS screens draw state badges as the register does. Nothing here names the register.
 */
import { useQuery } from '@tanstack/react-query';
import { useContext } from 'react';

import { useMe } from '../../api/auth';
import { SearchedRegister } from '../../api/dms';
import type { ScreenMeta, StateDef } from '../../api/schema';
import { screenQuery } from '../../api/screens';
import { useTranslatedMeta } from '../screens';

/** The route of the searched register's records; undefined until the catalogue is read (or when it has none). */
export function useDocumentRoute(): string | undefined {
  const entry = useContext(SearchedRegister)?.entry;
  const screens = useMe().data?.screens;
  return entry === undefined ? undefined : screens?.find((screen) => screen.entry === entry)?.route;
}

/** The searched register's metadata at its route (its workflow, its state column). */
export function useDocumentScreen(): ScreenMeta | undefined {
  const route = useDocumentRoute();
  return useQuery({ ...screenQuery(route ?? ''), enabled: route !== undefined }).data;
}

export function useDocumentStates(): (name: string) => StateDef | undefined {
  // Labels in the user's language, as the register's own badges show them.
  const states = useTranslatedMeta(useDocumentScreen())?.workflow?.states ?? [];
  return (name) => states.find((state) => state.name === name);
}

/** A document's record form: the register's own form, opened by its record link. */
export function useDocumentLink(): (id: number) => string {
  const route = useDocumentRoute();
  return (id) => `${route ?? ''}?record=${id}`;
}
