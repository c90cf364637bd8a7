import { describe, expect, it } from 'vitest';

import { parseUser } from './session-store';

describe('stored user (docs/console.md §3)', () => {
  it('reads id, name and token, and nothing else', () => {
    expect(parseUser('{"id":1,"name":"A","accessToken":"t","role":"x"}')).toEqual({
      id: 1,
      name: 'A',
      accessToken: 't',
    });
  });

  it('counts missing, partial or unreadable storage as signed out', () => {
    expect(parseUser(null)).toBeNull();
    expect(parseUser('{"id":"1","name":"A","accessToken":"t"}')).toBeNull();
    expect(parseUser('{not json')).toBeNull();
  });
});
