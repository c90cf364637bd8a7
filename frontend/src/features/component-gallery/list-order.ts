/** Putting a list in order by hand (the nestable-lists page): an item moved up or down, the others keeping their order. */

/** The list with the item at `from` moved to `to` (both clamped to the list); the same list for no move. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const last = list.length - 1;
  const target = Math.min(Math.max(to, 0), last);
  if (from < 0 || from > last || from === target) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}
