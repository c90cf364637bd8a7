// The field forms' sending (docs/api.md, "Sending a write again"): a queued inspection is created with its
// idempotency key, then its photos are uploaded with `<key>.files`; sent again after a lost answer, both are stored
// once. Only `useFieldOutbox` calls these, from its TanStack Query mutation.
import type { OutboxEntry } from '../lib/field-outbox';
import { request, upload } from './client';
import type { WriteReply } from './schema';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Creates the entry's record (once, whatever happened to an earlier send); its key. */
export async function createQueuedRecord(entry: OutboxEntry): Promise<string> {
  const reply = await request<WriteReply>(`/api/data/${encodeURIComponent(entry.entry)}`, {
    method: 'POST',
    body: entry.record,
    headers: { [IDEMPOTENCY_HEADER]: entry.key },
    // A session ended on the phone (or its device deactivated) keeps the outbox: the field page signs in again.
    keepSessionOn401: true,
  });
  return String(reply.id);
}

/** Uploads the entry's photos and signature to its stored record (once). */
export async function uploadQueuedFiles(entry: OutboxEntry, recordKey: string): Promise<void> {
  if (entry.files.length === 0) return;
  const files = entry.files.map((file) => new File([file.blob], file.name, { type: file.type }));
  await upload(`/api/data/${encodeURIComponent(entry.entry)}/${encodeURIComponent(recordKey)}/files`, files, {
    headers: { [IDEMPOTENCY_HEADER]: `${entry.key}.files` },
    keepSessionOn401: true,
  });
}
