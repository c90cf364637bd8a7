/** An id for something kept only in this browser (a to-do, a chat message): unique enough, and no secure context needed. */
export function localId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
