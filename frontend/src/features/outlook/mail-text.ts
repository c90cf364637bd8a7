/**
 * A mail's plain text as the mail view shows it: the text, with its links picked out. A link to this console (the
 * same origin) opens inside it (the record's form); any other opens in a new tab.
 */

export type MailPart =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string; internal: boolean };

const LINK = /https?:\/\/[^\s<>"')]+/g;

/** A link's path within the console when it points at `origin`; null otherwise. */
export function internalPath(href: string, origin: string): string | null {
  try {
    const url = new URL(href);
    return url.origin === origin ? url.pathname + url.search + url.hash : null;
  } catch {
    return null;
  }
}

export function mailParts(body: string, origin: string): MailPart[] {
  const parts: MailPart[] = [];
  let last = 0;
  for (const match of body.matchAll(LINK)) {
    // A sentence's full stop or comma after a link is not part of it.
    const href = match[0].replace(/[.,;:!?]+$/, '');
    const at = match.index;
    if (at > last) parts.push({ kind: 'text', text: body.slice(last, at) });
    const path = internalPath(href, origin);
    parts.push({ kind: 'link', text: href, href: path ?? href, internal: path !== null });
    last = at + href.length;
  }
  if (last < body.length) parts.push({ kind: 'text', text: body.slice(last) });
  return parts;
}

/** The folder a message kind belongs to (besides the inbox), for its badge: English, shown through `t()`. */
export const KIND_NAMES: Readonly<Record<string, string>> = {
  workflow: 'Handed to me',
  'due-reminder': 'Due date',
  reminder: 'Reminder',
  digest: 'Digest',
  report: 'Report',
  notice: 'Account',
};
