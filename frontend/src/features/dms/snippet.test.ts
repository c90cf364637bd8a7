import { describe, expect, it } from 'vitest';

import { parseSnippet, unescapeHtml } from './snippet';

describe('parseSnippet', () => {
  it('splits the text at its marks', () => {
    expect(parseSnippet('…the <mark>elastomeric</mark> bearing…')).toEqual([
      { text: '…the ', marked: false },
      { text: 'elastomeric', marked: true },
      { text: ' bearing…', marked: false },
    ]);
  });

  it('draws escaped markup as text, never as tags', () => {
    expect(parseSnippet('&lt;script&gt;alert(1)&lt;/script&gt; <mark>pier</mark>')).toEqual([
      { text: '<script>alert(1)</script> ', marked: false },
      { text: 'pier', marked: true },
    ]);
  });

  it('keeps any other tag as plain text', () => {
    expect(parseSnippet('<b>bold</b>')).toEqual([{ text: '<b>bold</b>', marked: false }]);
  });

  it('copes with an unclosed or stray mark and an empty snippet', () => {
    expect(parseSnippet('a <mark>b')).toEqual([
      { text: 'a ', marked: false },
      { text: 'b', marked: true },
    ]);
    expect(parseSnippet('a</mark> b')).toEqual([{ text: 'a b', marked: false }]);
    expect(parseSnippet(null)).toEqual([]);
    expect(parseSnippet('')).toEqual([]);
  });
});

describe('unescapeHtml', () => {
  it('reads named and numeric references', () => {
    expect(unescapeHtml('A &amp; B &#39;C&#x27; &quot;D&quot;')).toBe('A & B \'C\' "D"');
    expect(unescapeHtml('&nbsp;&bogus;')).toBe('&nbsp;&bogus;');
  });
});
