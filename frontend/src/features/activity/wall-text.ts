/**
 * What the activity wall says of an event: how long ago it was, whose initials its avatar shows, and the day
 * heading it falls under. Pure.
 */
import type { WallEvent } from '../../api/schema';
import { formatDocumentDate, todayInIndia } from '../../lib/format';
import { translate } from '../../lib/i18n';

/** "just now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago"; the date beyond a week. */
export function timeAgo(at: string, now: Date = new Date()): string {
  const then = new Date(at);
  const seconds = Math.round((now.getTime() - then.getTime()) / 1000);
  if (Number.isNaN(seconds)) return at;
  if (seconds < 60) return translate('just now');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60)
    return minutes === 1 ? translate('1 minute ago') : translate('{{count}} minutes ago', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24)
    return hours === 1 ? translate('1 hour ago') : translate('{{count}} hours ago', { count: hours });
  const days = Math.floor(hours / 24);
  if (days === 1) return translate('yesterday');
  if (days < 7) return translate('{{count}} days ago', { count: days });
  return formatDocumentDate(todayInIndia(then));
}

/** Up to two initials of a name ("Arjun Mehta" → "AM"); "?" for nobody. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').split(/\s+/).filter((word) => /\p{L}/u.test(word));
  if (words.length === 0) return '?';
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

export interface DayGroup {
  /** "Today", "Yesterday" or the date. */
  title: string;
  events: WallEvent[];
}

/** The events under a heading per day (in India), in the order given (newest first). */
export function byDay(events: readonly WallEvent[], now: Date = new Date()): DayGroup[] {
  const today = todayInIndia(now);
  const yesterday = todayInIndia(new Date(now.getTime() - 86_400_000));
  const groups: DayGroup[] = [];
  for (const event of events) {
    const day = todayInIndia(new Date(event.at));
    const title =
      day === today
        ? translate('Today')
        : day === yesterday
          ? translate('Yesterday')
          : formatDocumentDate(day);
    const last = groups[groups.length - 1];
    if (last && last.title === title) last.events.push(event);
    else groups.push({ title, events: [event] });
  }
  return groups;
}
