import type { ScreenMeta } from '../../api/schema';

/**
 * A record's number as people name it: the workflow's number column (the whole number), else the numbering
 * column's; null when the register numbers nothing or the record has none yet.
 */
export function numberOf(
  meta: Pick<ScreenMeta, 'workflow' | 'numbering'>,
  record: Readonly<Record<string, unknown>> | null,
): string | null {
  const column = meta.workflow?.number_column ?? meta.numbering?.column;
  const value = column && record ? record[column] : null;
  return value === null || value === undefined || value === '' ? null : String(value);
}
