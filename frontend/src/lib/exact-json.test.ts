import { describe, expect, it } from 'vitest';

import { parseExactJson } from './exact-json';

// JSON.parse hands revivers the source text from V8 11.4 (Node 21, Chromium 114) on; older runtimes parse as before.
const sourceText = (() => {
  let seen = false;
  JSON.parse('1', ((_key: string, value: unknown, context?: { source?: string }) => {
    seen = context?.source === '1';
    return value;
  }) as (key: string, value: unknown) => unknown);
  return seen;
})();

describe('JSON with exact numbers', () => {
  it('keeps numbers a float holds as numbers', () => {
    expect(parseExactJson('{"id":7,"n":5.700,"v":12310000000.00,"f":0.1,"e":1e3}')).toEqual({
      id: 7,
      n: 5.7,
      v: 12310000000,
      f: 0.1,
      e: 1000,
    });
  });

  it.runIf(sourceText)('keeps the digits of numbers a float would round, as their text', () => {
    expect(parseExactJson('{"v":9999999999999999.99,"w":[12345678901234567890]}')).toEqual({
      v: '9999999999999999.99',
      w: ['12345678901234567890'],
    });
  });
});
