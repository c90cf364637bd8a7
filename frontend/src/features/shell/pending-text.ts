/** What the pending-document list says of each document: where its link goes, and how long it has waited. */
import type { PendingDocument, PendingGroup } from '../../api/schema';
import { translate } from '../../lib/i18n';

/**
 * The document's console address: its own record link when the register gives one (`?record=…`, which opens its
 * form), else the register's page with `?id=`; none when the register has no page.
 */
export function pendingLink(group: Pick<PendingGroup, 'url'>, document: PendingDocument): string | null {
  if (document.record_url) return document.record_url;
  return group.url ? `${group.url}?id=${encodeURIComponent(document.id)}` : null;
}

/** "1 day waiting", "12 days waiting"; null when the register does not say. */
export function waitingText(days: number | null | undefined): string | null {
  if (days === null || days === undefined) return null;
  return days === 1 ? translate('1 day waiting') : translate('{{days}} days waiting', { days });
}
