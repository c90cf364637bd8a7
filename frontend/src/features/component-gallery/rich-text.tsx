/**
 * A translated sentence with elements in place of its `{{placeholders}}` (code, bold text, a link), so a sentence that
 * holds them stays one text for the language files. Give it `t(key)` without values: the placeholders stay in it.
 */
import { Fragment, type ReactNode } from 'react';

export function RichText({ text, parts }: { text: string; parts: Readonly<Record<string, ReactNode>> }) {
  const pieces = text.split(/\{\{\s*(\w+)\s*\}\}/);
  return (
    <>
      {pieces.map((piece, index) => (
        <Fragment key={index}>{index % 2 === 0 ? piece : (parts[piece] ?? piece)}</Fragment>
      ))}
    </>
  );
}
