// The field forms' sending (docs/api.md, "Sending a write again"): a queued inspection is created with its
// idempotency key, then its photos are uploaded with `<key>.files`; sent again after a lost answer, both are stored
// once. Only `useFieldOutbox` calls these, from its TanStack Query mutation.
import { useQuery } from '@tanstack/react-query';

import type { OutboxEntry } from '../lib/field-outbox';
import * as records from './records';
import type { EntryName, EntryRow } from './schema';

/** Creates the entry's record (once, whatever happened to an earlier send); its key. */
export async function createQueuedRecord(entry: OutboxEntry): Promise<string> {
  const reply = await records.createRecord(entry.entry, entry.record, {
    idempotencyKey: entry.key,
    // A session ended on the phone (or its device deactivated) keeps the outbox: the field page signs in again.
    keepSessionOn401: true,
  });
  return String(reply.id);
}

/** Creates the entry's child lines (the checklist) under its stored record, each once. */
export async function createQueuedLines(entry: OutboxEntry, recordKey: string): Promise<void> {
  const lines = entry.lines ?? [];
  for (const [index, line] of lines.entries()) {
    await records.createRecord(
      line.entry,
      { ...line.record, [line.parentKey]: Number(recordKey) },
      { idempotencyKey: `${entry.key}.line.${index + 1}`, keepSessionOn401: true },
    );
  }
}

export type ItpActivity = EntryRow<'itp_activity', 'id' | 'n_sequence' | 'c_activity' | 'c_acceptance'>;

/**
 * The activities of an ITP, in order: the checklist an inspection against it fills. `entry` is the register of ITP
 * activities as the inspection's metadata names it (the look-up of its checklist's activity column).
 */
export function useItpChecklist(entry: string | undefined, itp: string) {
  return useQuery({
    queryKey: ['field', 'itp', entry, itp],
    enabled: entry !== undefined && /^\d+$/.test(itp),
    staleTime: 30 * 60_000,
    queryFn: ({ signal }) =>
      records.selectAll<ItpActivity>(
        // The metadata's name of an entry the registry declares (the gateway refuses any other).
        (entry ?? '') as EntryName,
        { cols: 'id,n_sequence,c_activity,c_acceptance', whrc: `n_itp = ${itp} ORDER BY n_sequence` },
        signal,
      ),
  });
}

/** Uploads the entry's photos and signature to its stored record (once). */
export async function uploadQueuedFiles(entry: OutboxEntry, recordKey: string): Promise<void> {
  if (entry.files.length === 0) return;
  const files = entry.files.map((file) => new File([file.blob], file.name, { type: file.type }));
  await records.addFiles(entry.entry, recordKey, files, {
    idempotencyKey: `${entry.key}.files`,
    keepSessionOn401: true,
  });
}
