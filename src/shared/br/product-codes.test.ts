import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cest, gtin, ncm } from './product-codes.js';

/** The GS1 check digit of the digits before it (weights 3 and 1 from the right). */
function checkDigit(body: string): string {
  const sum = [...body]
    .reverse()
    .reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 3 : 1), 0);
  return String((10 - (sum % 10)) % 10);
}

describe('NCM', () => {
  it('takes 8 digits, with or without the dots, and shows them formatted', () => {
    expect(ncm.isValid('61091000')).toBe(true);
    expect(ncm.isValid('6109.10.00')).toBe(true);
    expect(ncm.normalize('6109.10.00')).toBe('61091000');
    expect(ncm.format('61091000')).toBe('6109.10.00');
    expect(ncm.isValid('6109100')).toBe(false);
    expect(ncm.isValid('610910000')).toBe(false);
    expect(ncm.isValid('6109A000')).toBe(false);
    expect(ncm.isValid('')).toBe(false);
  });
});

describe('GTIN/EAN', () => {
  it('validates the check digit of GTIN-8, -12, -13 and -14', () => {
    expect(gtin.isValid('96385074')).toBe(true); // EAN-8
    expect(gtin.isValid('036000291452')).toBe(true); // UPC-A
    expect(gtin.isValid('7891000315507')).toBe(true); // EAN-13, Brazil's 789 prefix
    expect(gtin.isValid('17891000315504')).toBe(true); // GTIN-14 (box of the above)
    expect(gtin.isValid('7891000315508')).toBe(false);
    expect(gtin.isValid('96385075')).toBe(false);
  });

  it('refuses other lengths and letters instead of throwing, and drops spaces and hyphens', () => {
    for (const value of ['', '1234567', '123456789', '12345678901', '789100031550A', 'abc']) {
      expect(gtin.isValid(value), value).toBe(false);
    }
    expect(gtin.isValid('789 1000 31550-7')).toBe(true);
    expect(gtin.normalize('789 1000 31550-7')).toBe('7891000315507');
  });

  it('accepts every code with its right check digit and refuses every other last digit', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(7, 11, 12, 13),
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 13, maxLength: 13 }),
        fc.integer({ min: 1, max: 9 }),
        (length, digits, shift) => {
          const body = digits.slice(0, length).join('');
          const right = checkDigit(body);
          const wrong = String((Number(right) + shift) % 10);
          expect(gtin.isValid(body + right)).toBe(true);
          expect(gtin.isValid(body + wrong)).toBe(false);
        },
      ),
    );
  });
});

describe('CEST', () => {
  it('takes 7 digits, typed with or without dots, and shows them as on the table', () => {
    expect(cest.isValid('28.038.00')).toBe(true);
    expect(cest.normalize('28.038.00')).toBe('2803800');
    expect(cest.format('2803800')).toBe('28.038.00');
    expect(cest.isValid('280380')).toBe(false);
    expect(cest.isValid('28038000')).toBe(false);
    expect(cest.isValid('28.038.0A')).toBe(false);
  });
});
