/** A hit's snippet with its matches highlighted, drawn as text (see `parseSnippet`: no HTML is ever injected). */
import { Text } from '@mantine/core';

import { parseSnippet } from './snippet';

export function SnippetText({ snippet }: { snippet: string | null }) {
  const pieces = parseSnippet(snippet);
  if (pieces.length === 0) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="dms-snippet">
      {pieces.map((piece, index) => (piece.marked ? <mark key={index}>{piece.text}</mark> : piece.text))}
    </Text>
  );
}
