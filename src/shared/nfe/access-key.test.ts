import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accessKeyCheckDigit,
  composeAccessKey,
  formatAccessKey,
  isValidAccessKey,
  parseAccessKey,
  type AccessKeyParts,
} from './access-key.js';

/** The published documents' keys of the shared NF-e README, with their check digits. */
const vectors: Array<[key: string, checkDigit: number]> = [
  ['43180906929383000163550010000000261000010301', 1],
  ['35170358716523000119550010000000301000000300', 0], // r = 1
  ['35151258716523000119550010000000011001800826', 6],
  ['32191105570714000825550010059062251133037938', 8],
  ['352410KSP416L8000109550010000001231999999993', 3], // alphanumeric CNPJ
];

describe('NF-e access key', () => {
  it.each(vectors)('computes the check digit of %s as %i and accepts the key', (key, digit) => {
    expect(accessKeyCheckDigit(key.slice(0, 43))).toBe(digit);
    expect(isValidAccessKey(key)).toBe(true);
  });

  it('refuses the key whose stated check digit is wrong (8 stated, 3 correct)', () => {
    const key = '32191107670813000825550010059062251133037938';
    expect(accessKeyCheckDigit(key.slice(0, 43))).toBe(3);
    expect(isValidAccessKey(key)).toBe(false);
  });

  it('refuses keys of the wrong length or with letters outside the CNPJ', () => {
    expect(isValidAccessKey('4318090692938300016355001000000026100001030')).toBe(false);
    expect(isValidAccessKey(' 43180906929383000163550010000000261000010301')).toBe(false);
    // A letter in the number (not the CNPJ) breaks the schema's Id pattern.
    expect(isValidAccessKey('352410KSP416L8000109550010000001A31999999993')).toBe(false);
    expect(isValidAccessKey('352410ksp416l8000109550010000001231999999993')).toBe(false);
  });

  it('composes the alphanumeric-CNPJ vector from its parts and reads them back', () => {
    const parts: AccessKeyParts = {
      ufCode: '35',
      yearMonth: '2410',
      issuerDocument: 'KSP416L8000109',
      model: '55',
      series: 1,
      number: 123,
      emissionType: 1,
      randomCode: '99999999',
    };
    const key = composeAccessKey(parts);
    expect(key).toBe('352410KSP416L8000109550010000001231999999993');
    expect(parseAccessKey(key)).toEqual({ ...parts, checkDigit: 3 });
  });

  it('pads a CPF issuer to 14 digits', () => {
    const key = composeAccessKey({
      ufCode: '43',
      yearMonth: '2611',
      issuerDocument: '52998224725',
      model: '55',
      series: 2,
      number: 7,
      emissionType: 1,
      randomCode: '12093847',
    });
    expect(key.slice(6, 20)).toBe('00052998224725');
    expect(isValidAccessKey(key)).toBe(true);
  });

  it('refuses parts that do not fit the layout', () => {
    const base: AccessKeyParts = {
      ufCode: '35',
      yearMonth: '2611',
      issuerDocument: '11222333000181',
      model: '55',
      series: 1,
      number: 10,
      emissionType: 1,
      randomCode: '48213977',
    };
    expect(() => composeAccessKey({ ...base, ufCode: '3' })).toThrow(/cUF/);
    expect(() => composeAccessKey({ ...base, yearMonth: '2613' })).toThrow(/AAMM/);
    expect(() => composeAccessKey({ ...base, issuerDocument: '1122233300018' })).toThrow(/CNPJ/);
    expect(() => composeAccessKey({ ...base, series: 1000 })).toThrow(/série/);
    expect(() => composeAccessKey({ ...base, number: 0 })).toThrow(/nNF/);
    expect(() => composeAccessKey({ ...base, number: 1_000_000_000 })).toThrow(/nNF/);
    expect(() => composeAccessKey({ ...base, emissionType: 0 })).toThrow(/tpEmis/);
    expect(() => composeAccessKey({ ...base, randomCode: '1234567' })).toThrow(/cNF/);
    expect(() => composeAccessKey({ ...base, number: 48213977 })).toThrow(/cNF/);
  });

  it('shows the key in eleven groups of four', () => {
    expect(formatAccessKey('352410KSP416L8000109550010000001231999999993')).toBe(
      '3524 10KS P416 L800 0109 5500 1000 0001 2319 9999 9993',
    );
  });

  it('always checks a key it composed, and reads its parts back', () => {
    const digits = (length: number) =>
      fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });
    const alnum = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    const parts = fc.record({
      ufCode: fc.integer({ min: 11, max: 53 }).map(String),
      yearMonth: fc
        .tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1, max: 12 }))
        .map(([y, m]) => `${String(y).padStart(2, '0')}${String(m).padStart(2, '0')}`),
      issuerDocument: fc.oneof(
        fc
          .tuple(fc.string({ unit: alnum, minLength: 12, maxLength: 12 }), digits(2))
          .map(([root, dv]) => root + dv),
        digits(11),
      ),
      model: fc.constantFrom('55', '65'),
      series: fc.integer({ min: 0, max: 999 }),
      number: fc.integer({ min: 1, max: 999_999_999 }),
      emissionType: fc.integer({ min: 1, max: 9 }),
      randomCode: digits(8),
    });
    fc.assert(
      fc.property(
        parts.filter((p) => Number(p.randomCode) !== p.number),
        (p) => {
          const key = composeAccessKey(p);
          expect(key).toMatch(/^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$/);
          expect(isValidAccessKey(key)).toBe(true);
          expect(parseAccessKey(key)).toEqual({
            ...p,
            issuerDocument: p.issuerDocument.padStart(14, '0'),
            checkDigit: Number(key[43]),
          });
          // The check digit is the last character; any other digit there is refused.
          const other = String((Number(key[43]) + 1) % 10);
          expect(isValidAccessKey(key.slice(0, 43) + other)).toBe(false);
        },
      ),
    );
  });
});
