/** The dms_document workflow's states (labels and colours), so DMS screens draw state badges as the register does. */
import { useScreen } from '../../api/screens';
import type { StateDef } from '../../api/schema';
import { useTranslatedMeta } from '../screens';

export const DOCUMENT_ROUTE = '/dms/dms';

export function useDocumentStates(): (name: string) => StateDef | undefined {
  const screen = useScreen(DOCUMENT_ROUTE);
  // Labels in the user's language, as the register's own badges show them.
  const states = useTranslatedMeta(screen.data)?.workflow?.states ?? [];
  return (name) => states.find((state) => state.name === name);
}

/** A document's record form: the register's own form, opened by its record link. */
export function documentLink(id: number): string {
  return `${DOCUMENT_ROUTE}?record=${id}`;
}
