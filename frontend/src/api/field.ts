// The field forms' sending (docs/api.md, "Sending a write again"): a queued inspection is created with its
// idempotency key, then its photos are uploaded with `<key>.files`; sent again after a lost answer, both are stored
// once. Only `useFieldOutbox` calls these, from its TanStack Query mutation.
import type { OutboxEntry } from '../lib/field-outbox';
import * as records from './records';

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

/** Uploads the entry's photos and signature to its stored record (once). */
export async function uploadQueuedFiles(entry: OutboxEntry, recordKey: string): Promise<void> {
  if (entry.files.length === 0) return;
  const files = entry.files.map((file) => new File([file.blob], file.name, { type: file.type }));
  await records.addFiles(entry.entry, recordKey, files, {
    idempotencyKey: `${entry.key}.files`,
    keepSessionOn401: true,
  });
}
