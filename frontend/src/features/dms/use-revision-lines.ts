/**
 * A record's lines of files (a document's revisions: the catalogue's `search_lines`), as the searched register's
 * metadata describes them (its child register's own screen: list columns, labels, look-ups), read with the
 * engine's child lines and shown in its cell formats, oldest first. Nothing here names a line's column.
 */
import { useContext, useMemo } from 'react';

import { SearchedRegister } from '../../api/dms';
import type { ColumnDef } from '../../api/schema';
import { type RecordRow, useChildLines } from '../../api/screens';
import { useMobileView } from '../../lib/use-mobile-view';
import { childRegisters, formatCell, lineColumns } from '../screens/record-fields';
import { useDocumentScreen } from './use-document-states';

export function useRevisionLines(recordId: number | null) {
  const lines = useContext(SearchedRegister)?.lines ?? null;
  const meta = useDocumentScreen();
  const phone = useMobileView();
  const child = useMemo(
    () => childRegisters(meta?.children).find((register) => register.entry === lines?.entry),
    [meta, lines],
  );
  const read = useChildLines(
    child?.screen,
    child?.key ?? '',
    String(recordId ?? ''),
    child !== undefined && recordId !== null,
  );
  const all = useMemo(() => (child ? lineColumns(child) : []), [child]);
  // A phone shows the child's phone columns; a desk its list.
  const columns = useMemo(() => {
    const phoneNames = child?.screen.phone_columns ?? [];
    const shown = phone ? all.filter((column) => phoneNames.includes(column.name)) : all;
    return shown.length > 0 ? shown : all;
  }, [all, child, phone]);
  const primaryKey = child?.screen.primary_key ?? 'id';
  const rows = useMemo(
    () => [...(read.data?.rows ?? [])].sort((a, b) => Number(a[primaryKey]) - Number(b[primaryKey])),
    [read.data, primaryKey],
  );
  const cellText = (column: ColumnDef, row: RecordRow) =>
    formatCell(column, row[column.name], {
      primaryKey,
      names: column.lookup ? read.data?.names.get(column.name) : undefined,
    }) || '—';
  return {
    /** Every column of the child's list (what a comparison sets side by side). */
    all,
    /** The columns shown in the list here. */
    columns,
    rows,
    keyOf: (row: RecordRow) => Number(row[primaryKey]),
    /** A line as people name it: its first list column ("P01.02"). */
    nameOf: (row: RecordRow) => (all[0] ? cellText(all[0], row) : String(row[primaryKey] ?? '')),
    cellText,
    isPending: read.isPending && child !== undefined,
    isError: read.isError,
    error: read.error,
    refetch: read.refetch,
  };
}

export type RevisionLines = ReturnType<typeof useRevisionLines>;
