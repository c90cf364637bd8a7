/**
 * The outbox, headless: what waits on this phone, sending it whenever the connection is there (at start, when the
 * browser says it is back online, every 30 seconds while something waits, and right after a save), one entry at a
 * time, oldest first. Each entry is sent with its own idempotency key, so a send whose answer was lost stores
 * nothing twice. A refusal (the gateway's 4xx) keeps the entry with its reason, for the user to read and discard; a
 * lost session keeps everything and asks for a sign-in.
 */
import { useNetwork } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';

import { GatewayError } from '../../api/client';
import { createQueuedLines, createQueuedRecord, uploadQueuedFiles } from '../../api/field';
import { listOutbox, type OutboxEntry, putOutbox, removeOutbox } from '../../lib/field-outbox';
import { translate } from '../../lib/i18n';

/** How often waiting entries are tried again while the phone believes it is online. */
export const RETRY_MS = 30_000;

/** What one pass did. */
export interface SendPass {
  sent: OutboxEntry[];
  /** The session ended: sign in again, nothing is lost. */
  signedOut: boolean;
}

/** A 4xx the same request would get again (not a lost session, a timeout or too many requests). */
function refusal(error: unknown): string | null {
  if (!(error instanceof GatewayError)) return null;
  if (error.status < 400 || error.status >= 500 || [401, 408, 423, 429].includes(error.status)) return null;
  const fields = Object.values(error.fields);
  // Kept with the entry for the user to read: in their language, when the language file has the gateway's words.
  return [error.message, ...fields].map((text) => translate(text)).join(' · ');
}

/** Sends every entry not refused, oldest first; stops at the first network failure (the rest would fail too). */
async function sendAll(): Promise<SendPass> {
  const sent: OutboxEntry[] = [];
  for (const waiting of await listOutbox()) {
    if (waiting.refused !== null) continue;
    let entry = waiting;
    try {
      if (entry.recordKey === null) {
        entry = { ...entry, recordKey: await createQueuedRecord(entry) };
        await putOutbox(entry);
      }
      await createQueuedLines(entry, entry.recordKey ?? '');
      await uploadQueuedFiles(entry, entry.recordKey ?? '');
      await removeOutbox(entry.key);
      sent.push(entry);
    } catch (error) {
      if (error instanceof GatewayError && error.status === 401) return { sent, signedOut: true };
      const reason = refusal(error);
      if (reason === null) break;
      await putOutbox({ ...entry, refused: reason });
    }
  }
  return { sent, signedOut: false };
}

export function useFieldOutbox({ onSignedOut }: { onSignedOut: () => void }) {
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  const [lastSent, setLastSent] = useState<OutboxEntry[]>([]);
  const online = useNetwork().online;
  const reload = useCallback(async () => setEntries(await listOutbox()), []);
  const sending = useRef(false);
  const mutation = useMutation({ mutationFn: sendAll, retry: false });
  const { mutateAsync } = mutation;

  const sendNow = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      const pass = await mutateAsync();
      if (pass.sent.length > 0) setLastSent((before) => [...pass.sent, ...before].slice(0, 10));
      if (pass.signedOut) onSignedOut();
    } catch (error) {
      console.error('field outbox: sending failed', error);
    } finally {
      sending.current = false;
      await reload();
    }
  }, [mutateAsync, onSignedOut, reload]);

  // At start, and whenever the browser says the connection is back.
  useEffect(() => {
    void reload();
    if (online) void sendNow();
  }, [online, reload, sendNow]);

  const waiting = entries.filter((entry) => entry.refused === null);
  const anyWaiting = waiting.length > 0;
  useEffect(() => {
    if (!anyWaiting || !online) return;
    const timer = window.setInterval(() => void sendNow(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [anyWaiting, online, sendNow]);

  const enqueue = useCallback(
    async (entry: OutboxEntry) => {
      await putOutbox(entry);
      await reload();
      if (navigator.onLine) await sendNow();
    },
    [reload, sendNow],
  );

  const discard = useCallback(
    async (key: string) => {
      await removeOutbox(key);
      await reload();
    },
    [reload],
  );

  return {
    online,
    waiting,
    refused: entries.filter((entry) => entry.refused !== null),
    lastSent,
    sending: mutation.isPending,
    enqueue,
    discard,
    sendNow,
  };
}
