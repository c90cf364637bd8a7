import { describe, expect, it } from 'vitest';

import { loginAddress } from './client';

describe('the sign-in address after a session ends', () => {
  it('remembers the page and says why', () => {
    expect(loginAddress('/masters/corridor', { ended: true })).toBe(
      '/login?next=%2Fmasters%2Fcorridor&ended=1',
    );
    expect(loginAddress('/masters/station?package=3')).toBe('/login?next=%2Fmasters%2Fstation%3Fpackage%3D3');
    expect(loginAddress('/')).toBe('/login');
  });

  it('never nests one sign-in address in another', () => {
    expect(loginAddress('/login?next=%2Fmasters%2Fcorridor', { ended: true })).toBe('/login?ended=1');
    expect(loginAddress('/login')).toBe('/login');
    expect(loginAddress('/lock?next=/x')).toBe('/login');
    expect(loginAddress('//evil.example/x')).toBe('/login');
  });
});
