import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBRL, formatDecimal, parseDecimal, significantDigits } from './money.js';

describe('money', () => {
  it('formats BRL the Brazilian way', () => {
    expect(formatBRL('1234.5')).toBe('R$ 1.234,50');
    expect(formatBRL('0')).toBe('R$ 0,00');
    expect(formatBRL('-1000000.99')).toBe('-R$ 1.000.000,99');
    expect(formatBRL('9999999999999.99')).toBe('R$ 9.999.999.999.999,99');
    expect(formatBRL(null)).toBe('');
  });

  it('parses API strings and pt-BR input alike', () => {
    expect(parseDecimal('1234.56')?.toFixed(2)).toBe('1234.56');
    expect(parseDecimal('1.234,56')?.toFixed(2)).toBe('1234.56');
    expect(parseDecimal('R$ 10,5')?.toFixed(2)).toBe('10.50');
    expect(parseDecimal('abc')).toBeNull();
    expect(parseDecimal('1,2,3')).toBeNull();
    expect(parseDecimal('')).toBeNull();
  });

  it('guesses nothing from a badly grouped pt-BR number', () => {
    expect(parseDecimal('1.2,3')).toBeNull();
    expect(parseDecimal('1.2.3,4')).toBeNull();
    expect(parseDecimal('12.34,5')).toBeNull();
    expect(parseDecimal('-1.000.000,99')?.toFixed(2)).toBe('-1000000.99');
    expect(parseDecimal('0,00150')?.toFixed()).toBe('0.0015');
  });

  it('counts significant digits', () => {
    expect(significantDigits(parseDecimal('0001234.5600')!)).toBe(6);
    expect(significantDigits(parseDecimal('0.05')!)).toBe(1);
    expect(significantDigits(parseDecimal('1234567890123.45')!)).toBe(15);
  });

  it('round-trips any cent value through the pt-BR format without losing a cent', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n) + 1n, max: 10n ** 15n - 1n }), (cents) => {
        const text = `${cents < 0n ? '-' : ''}${(cents < 0n ? -cents : cents) / 100n}.${String((cents < 0n ? -cents : cents) % 100n).padStart(2, '0')}`;
        expect(parseDecimal(formatDecimal(text))?.toFixed(2)).toBe(parseDecimal(text)?.toFixed(2));
      }),
    );
  });
});
