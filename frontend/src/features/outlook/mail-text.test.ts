import { describe, expect, it } from 'vitest';

import { internalPath, mailParts } from './mail-text';

const origin = 'http://localhost:8080';

describe('a mail text', () => {
  it('opens links to this console inside it and others in a new tab', () => {
    const parts = mailParts(
      'Open it: http://localhost:8080/contract-data-entry/rfi?record=r.q0m2.\nSee https://example.org/a, then reply.',
      origin,
    );
    expect(parts).toEqual([
      { kind: 'text', text: 'Open it: ' },
      {
        kind: 'link',
        text: 'http://localhost:8080/contract-data-entry/rfi?record=r.q0m2',
        href: '/contract-data-entry/rfi?record=r.q0m2',
        internal: true,
      },
      { kind: 'text', text: '.\nSee ' },
      { kind: 'link', text: 'https://example.org/a', href: 'https://example.org/a', internal: false },
      { kind: 'text', text: ', then reply.' },
    ]);
  });

  it('keeps text without links whole, and never treats a look-alike host as this console', () => {
    expect(mailParts('No link here.', origin)).toEqual([{ kind: 'text', text: 'No link here.' }]);
    expect(internalPath('http://localhost:8080.evil.example/x', origin)).toBeNull();
    expect(internalPath('http://localhost:9090/x', origin)).toBeNull();
  });
});
