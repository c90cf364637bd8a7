/**
 * The chat widget, headless: the people of the forwarding user list (everyone but the signed-in user), found by
 * name; the boxes open; what is being typed in each; the user's own status; and the conversations, kept in this
 * browser under a key per user (a template widget: no message leaves the browser). The view only draws.
 */
import { useLocalStorage } from '@mantine/hooks';
import { useState } from 'react';

import { useUserList } from '../../api/console';
import { useSession } from '../../lib/use-session';
import {
  type ChatStatus,
  chatStorageKey,
  chatUsers,
  closeBox,
  type Conversations,
  findPeople,
  messageToSend,
  openBox,
  restoreConversations,
  sendMessage,
} from './chat-rules';
import { localId } from './local-id';

export function useChat() {
  const session = useSession();
  const list = useUserList();
  // Made at each drawing, so a person without a name or e-mail ("User 12") is named in the user's language.
  const people = chatUsers(list.data ?? []);
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<number[]>([]);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<ChatStatus>('online');
  const [conversations, setConversations] = useLocalStorage<Conversations>({
    key: chatStorageKey(session?.id ?? 0),
    defaultValue: {},
    serialize: (value) => JSON.stringify(value),
    deserialize: (text) => restoreConversations(text ?? null),
    getInitialValueInEffect: false,
  });

  const draftOf = (userId: number) => drafts[String(userId)] ?? '';
  const setDraft = (userId: number, text: string) => setDrafts((all) => ({ ...all, [String(userId)]: text }));

  /** Sends what is typed to `userId`; an empty or whitespace-only message is not sent and stays in the box. */
  const send = (userId: number) => {
    const typed = draftOf(userId);
    if (messageToSend(typed) === null) return;
    setConversations((all) => sendMessage(all, userId, typed, new Date(), localId()));
    setDraft(userId, '');
  };

  return {
    loading: list.isPending,
    error: list.isError ? list.error : null,
    retry: () => void list.refetch(),
    people: findPeople(people, search),
    everyone: people.length,
    search,
    setSearch,
    boxes: open.flatMap((id) => people.filter((person) => person.id === id)),
    open: (userId: number) => setOpen((ids) => openBox(ids, userId)),
    close: (userId: number) => setOpen((ids) => closeBox(ids, userId)),
    messagesWith: (userId: number) => conversations[String(userId)] ?? [],
    draftOf,
    setDraft,
    send,
    canSend: (userId: number) => messageToSend(draftOf(userId)) !== null,
    status,
    setStatus,
  };
}

export type ChatController = ReturnType<typeof useChat>;
