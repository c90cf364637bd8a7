import { describe, expect, it } from 'vitest';

import { keepPlain, stripForQuery, stripUnsafe } from './text-cleaning';

describe('text-cleaning helpers (docs/console.md §5)', () => {
  it('helper 1 strips & / \\ # $ ~ % \' " ` : * ? < > { }', () => {
    expect(stripUnsafe(`a&b/c\\d#e$f~g%h'i"j\`k:l*m?n<o>p{q}r`)).toBe('abcdefghijklmnopqr');
    expect(stripUnsafe('Pier P-112 (east), 40 m; ok=1')).toBe('Pier P-112 (east), 40 m; ok=1');
  });

  it('helper 2 keeps letters, digits, spaces and . , - _ ( ) @', () => {
    expect(keepPlain('C1-V01/DRG #112: "Pier" (R1) <b>x</b> qa@site.example')).toBe(
      'C1-V01DRG 112 Pier (R1) bxb qa@site.example',
    );
    expect(keepPlain('मेट्रो लाइन 2')).toBe('मेट्रो लाइन 2');
  });

  it('helper 3 strips & / \\ $ % \' " ` = : ; * ? < > { }', () => {
    expect(stripForQuery(`x=1;y:2 & z/3 "q" <t> {u} #7 ~8`)).toBe('x1y2  z3 q t u #7 ~8');
  });
});
