/**
 * The search page's screen finder: the screens of the catalogue a user holds whose title or menu group holds every
 * typed word (any case), titles that start with the text first, at most `limit` of them.
 */
import type { Screen } from '../../api/schema';

export function findScreens(
  screens: readonly Screen[],
  held: readonly string[],
  text: string,
  limit = 12,
): Screen[] {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const holds = new Set(held);
  const start = words.join(' ');
  const found = screens.filter((screen) => {
    if (!holds.has(screen.route)) return false;
    const haystack = `${screen.title} ${screen.group}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
  const first = (screen: Screen) => (screen.title.toLowerCase().startsWith(start) ? 0 : 1);
  return [...found].sort((a, b) => first(a) - first(b)).slice(0, limit);
}
