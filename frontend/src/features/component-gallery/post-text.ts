/**
 * A banner message read as a post: its first clause (up to a colon or the end of the first sentence) as the title,
 * the rest as the body; a short message is all title.
 */
export interface Post {
  title: string;
  body: string;
}

export function postOf(message: string): Post {
  const text = message.trim();
  const match = /^(.{8,90}?)(?::\s+|\.\s+)(.+)$/s.exec(text);
  if (!match) return { title: text.replace(/[.:]$/, ''), body: '' };
  return { title: (match[1] ?? '').trim(), body: (match[2] ?? '').trim() };
}
