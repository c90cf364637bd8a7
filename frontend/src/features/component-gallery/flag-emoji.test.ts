import { describe, expect, it } from 'vitest';

import { flagEmoji, PACKAGE_PARTNERS } from './flag-emoji';

describe('flags', () => {
  it('builds a flag from a country code, any case', () => {
    expect(flagEmoji('IN')).toBe('🇮🇳');
    expect(flagEmoji(' jp ')).toBe('🇯🇵');
  });

  it('has none for anything but two letters', () => {
    expect(flagEmoji('IND')).toBeNull();
    expect(flagEmoji('1N')).toBeNull();
    expect(flagEmoji('')).toBeNull();
  });

  it('has a flag for every partner', () => {
    expect(PACKAGE_PARTNERS.every((partner) => flagEmoji(partner.country) !== null)).toBe(true);
  });
});
