import { describe, expect, it } from 'vitest';

import { pendingLink, waitingText } from './pending-text';

describe('the pending document list', () => {
  it("links a document to its record when the register gives a record link, else to the register's page", () => {
    const group = { url: '/registers/requests' };
    expect(pendingLink(group, { id: 'r.abc', record_url: '/registers/requests?record=r.abc' })).toBe(
      '/registers/requests?record=r.abc',
    );
    expect(pendingLink(group, { id: 'r.a/b' })).toBe('/registers/requests?id=r.a%2Fb');
    expect(pendingLink({ url: null }, { id: '7' })).toBeNull();
  });

  it('says how long a document has waited', () => {
    expect(waitingText(0)).toBe('0 days waiting');
    expect(waitingText(1)).toBe('1 day waiting');
    expect(waitingText(46)).toBe('46 days waiting');
    expect(waitingText(undefined)).toBeNull();
  });
});
