import { describe, expect, it } from 'vitest';
import { money, rate, text, unitPrice } from './xml-text.js';

describe('NF-e text and numbers', () => {
  it("puts free text in the schema's alphabet, escaped, without losing words", () => {
    expect(text('  Peça “especial” – lote 7\r\n\tsérie\u0007B  ')).toBe(
      'Peça &quot;especial&quot; - lote 7 série B',
    );
    expect(text('Gdańsk & Ørsted <ok>')).toBe('Gdansk &amp; Ørsted &lt;ok&gt;');
    // A letter with no Latin-1 base stays, and the schema check names its field.
    expect(text('Łódź')).toBe('Łódz');
    expect(text('Ação')).toBe('Ação');
  });

  it('writes decimals at the layout’s places and refuses to round', () => {
    expect(money('12')).toBe('12.00');
    expect(rate('0.9')).toBe('0.9000');
    expect(unitPrice('50')).toBe('50.00');
    expect(unitPrice('0.8425')).toBe('0.8425');
    expect(() => money('1.005')).toThrow(/more than 2 decimal places/);
    expect(() => unitPrice('0.12345678901')).toThrow(/more than 10 decimal places/);
  });
});
