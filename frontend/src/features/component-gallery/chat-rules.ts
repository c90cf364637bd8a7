/**
 * The template's chat (docs/console.md §3, §5, §9) as pure rules: who is listed and how (username, status, picture,
 * role), which messages are sent (never an empty or whitespace-only one), the boxes that are open (200 wide, 35
 * apart, the oldest closing when a fourth opens), and what is kept in this browser. There is no messaging service:
 * messages stay where they were typed.
 */
import { translate } from '../../lib/i18n';
import { domainOf, mailboxOf } from './people-text';

export const CHAT_STATUSES = ['online', 'away', 'busy'] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];

/** docs/console.md §3: username, status, picture, role (with the id and name the user list gives). */
export interface ChatUser {
  id: number;
  name: string;
  username: string;
  status: ChatStatus;
  /** No pictures are kept: the avatar shows initials. */
  picture: string | null;
  role: string;
}

export interface ChatMessage {
  id: string;
  /** Written by the signed-in user (every message is, here: nobody answers a template widget). */
  mine: boolean;
  text: string;
  /** ISO 8601. */
  at: string;
}

/** Messages by the other person's id. */
export type Conversations = Readonly<Record<string, readonly ChatMessage[]>>;

/** docs/console.md §9: chat boxes are 200 wide with a 35 gap. */
export const CHAT_BOX_WIDTH = 200;
export const CHAT_BOX_GAP = 35;
/** Boxes open at once; opening another closes the oldest. */
export const MAX_OPEN_BOXES = 3;
export const MESSAGE_MAX = 500;

/** The text that is sent for what was typed, or null when nothing is sent (empty or whitespace only). */
export function messageToSend(typed: string): string | null {
  const text = typed.trim();
  if (text === '') return null;
  return text.length > MESSAGE_MAX ? text.slice(0, MESSAGE_MAX) : text;
}

/** The conversations with `typed` added to the one with `userId`; the same object when nothing is sent. */
export function sendMessage(
  conversations: Conversations,
  userId: number,
  typed: string,
  now: Date,
  id: string,
): Conversations {
  const text = messageToSend(typed);
  if (text === null) return conversations;
  const key = String(userId);
  const message: ChatMessage = { id, mine: true, text, at: now.toISOString() };
  return { ...conversations, [key]: [...(conversations[key] ?? []), message] };
}

/**
 * The template's status for a person: the console keeps no presence, so the list shows a fixed sample status per
 * person (the same on every visit) and says so.
 */
export function sampleStatus(userId: number): ChatStatus {
  return CHAT_STATUSES[Math.abs(userId) % CHAT_STATUSES.length] ?? 'online';
}

/** A row of the forwarding user list (`v_user_list`). */
export interface ListedUser {
  id: number;
  name: string | null;
  email: string | null;
}

/** The chat's people from the forwarding user list, by name (a person without a name by their e-mail). */
export function chatUsers(list: readonly ListedUser[]): ChatUser[] {
  return list
    .map((person) => {
      const email = person.email ?? '';
      return {
        id: person.id,
        name: person.name?.trim() || email || translate('User {{id}}', { id: person.id }),
        username: mailboxOf(email) || String(person.id),
        status: sampleStatus(person.id),
        picture: null,
        role: domainOf(email) || translate('unknown organisation'),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The boxes open after opening `userId`'s: already open stays where it is; a new one joins, the oldest closing at the limit. */
export function openBox(open: readonly number[], userId: number, max = MAX_OPEN_BOXES): number[] {
  if (open.includes(userId)) return [...open];
  return [...open, userId].slice(-max);
}

export function closeBox(open: readonly number[], userId: number): number[] {
  return open.filter((id) => id !== userId);
}

/** People whose name or username holds `text` (any case); everyone for a blank text. */
export function findPeople(users: readonly ChatUser[], text: string): ChatUser[] {
  const needle = text.trim().toLowerCase();
  if (needle === '') return [...users];
  return users.filter(
    (user) => user.name.toLowerCase().includes(needle) || user.username.toLowerCase().includes(needle),
  );
}

function isMessage(value: unknown): value is ChatMessage {
  const message = value as Partial<ChatMessage> | null;
  return (
    typeof message === 'object' &&
    message !== null &&
    typeof message.id === 'string' &&
    typeof message.mine === 'boolean' &&
    typeof message.text === 'string' &&
    typeof message.at === 'string'
  );
}

/** The conversations kept in the browser; anything unreadable is dropped. */
export function restoreConversations(text: string | null): Conversations {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    const kept: Record<string, ChatMessage[]> = {};
    for (const [key, messages] of Object.entries(value)) {
      if (/^\d+$/.test(key) && Array.isArray(messages)) kept[key] = messages.filter(isMessage);
    }
    return kept;
  } catch {
    return {};
  }
}

/** The browser-storage key of a user's conversations. */
export function chatStorageKey(userId: number): string {
  return `component-gallery.chat.${userId}`;
}
