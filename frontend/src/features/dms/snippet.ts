/**
 * A search hit's snippet as pieces to draw: the gateway sends plain text, HTML-escaped, with `<mark>`/`</mark>`
 * around the matches. Only those two tags mean anything; the text is unescaped and drawn as text (never as HTML),
 * so nothing else in a document's words can become markup.
 */
export interface SnippetPiece {
  text: string;
  marked: boolean;
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  '#39': "'",
};

/** `&amp;` → `&` and the like, numeric references too; an unknown entity stays as written. */
export function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    const known = ENTITIES[name.toLowerCase()];
    if (known !== undefined) return known;
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return whole;
  });
}

/** The snippet split at its marks; an unclosed mark runs to the end, a stray `</mark>` is dropped. */
export function parseSnippet(snippet: string | null | undefined): SnippetPiece[] {
  if (!snippet) return [];
  const pieces: SnippetPiece[] = [];
  let marked = false;
  for (const part of snippet.split(/(<\/?mark>)/i)) {
    const tag = part.toLowerCase();
    if (tag === '<mark>') marked = true;
    else if (tag === '</mark>') marked = false;
    else if (part !== '') {
      const text = unescapeHtml(part);
      const last = pieces.at(-1);
      if (last && last.marked === marked) last.text += text;
      else pieces.push({ text, marked });
    }
  }
  return pieces;
}
