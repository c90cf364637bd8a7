/**
 * The field forms' outbox: inspections recorded on site wait here, in the browser's IndexedDB, until they reach the
 * gateway. An entry survives closing the page and a phone restart; it leaves only once the gateway has stored the
 * record and its photos. Each entry carries the idempotency key it is always sent with, so an answer lost on a bad
 * network and a second send store it once (docs/api.md, "Sending a write again").
 */
import { createStore, del, entries, set, type UseStore } from 'idb-keyval';

/** A photo or the signature, as compressed in the browser. */
export interface OutboxFile {
  name: string;
  type: string;
  blob: Blob;
}

/** A line of a child register sent after the record (a checklist item), with the record's key added. */
export interface OutboxLine {
  entry: string;
  /** The child's column holding the record's key. */
  parentKey: string;
  record: Readonly<Record<string, string | number | null>>;
}

export interface OutboxEntry {
  /** The idempotency key: the record is sent with it, its files with `<key>.files`. */
  key: string;
  /** The field form's route (`/rfiwitnessing`, `/siteinspection`): the screen whose register it writes. */
  route: string;
  /** The inspection's register. */
  entry: string;
  /** What the list shows: "RFI C1-V01-RFI-00012 · Witnessed". */
  summary: string;
  /** The record's fields, as the gateway takes them. */
  record: Readonly<Record<string, string | number | null>>;
  files: readonly OutboxFile[];
  /** Lines of child registers (the ITP checklist), each sent with `<key>.line.<n>`. */
  lines?: readonly OutboxLine[];
  /** When it was saved on the phone (ISO 8601). */
  savedAt: string;
  /** The record's key once the gateway has stored it (its files may still be on the way). */
  recordKey: string | null;
  /** The gateway refused it (a 4xx other than a lost session): why. It stays until the user discards it. */
  refused: string | null;
}

let store: UseStore | null = null;

function outbox(): UseStore {
  store ??= createStore('pmis-field', 'outbox');
  return store;
}

/** Every entry, oldest first. */
export async function listOutbox(): Promise<OutboxEntry[]> {
  const all = await entries<string, OutboxEntry>(outbox());
  return all.map(([, entry]) => entry).sort((a, b) => a.savedAt.localeCompare(b.savedAt));
}

export async function putOutbox(entry: OutboxEntry): Promise<void> {
  await set(entry.key, entry, outbox());
}

export async function removeOutbox(key: string): Promise<void> {
  await del(key, outbox());
}
