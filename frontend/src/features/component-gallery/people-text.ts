/** How the gallery names people: initials for their avatar, and the organisation their e-mail address names. */

/** A person's initials for their avatar ("Priya Raman" → "PR"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** The part of an e-mail address before the @ (the chat's username); the whole text when it has none. */
export function mailboxOf(email: string): string {
  const at = email.indexOf('@');
  return at > 0 ? email.slice(0, at) : email;
}

/** The domain of an e-mail address (the organisation the person writes from); empty when it has none. */
export function domainOf(email: string): string {
  const at = email.lastIndexOf('@');
  return at >= 0 ? email.slice(at + 1).toLowerCase() : '';
}
