import { describe, expect, it } from 'vitest';
import { documentPrefixes, formatDocumentNumber } from './document-numbers.js';

describe('formatDocumentNumber', () => {
  it('pads a prefixed number to six digits', () => {
    expect(formatDocumentNumber(documentPrefixes.purchaseOrder, 42)).toBe('OC-000042');
    expect(formatDocumentNumber(documentPrefixes.productionOrder, 1)).toBe('OP-000001');
    expect(formatDocumentNumber(documentPrefixes.requestedOrder, 999999)).toBe('PV-999999');
  });

  it('keeps every digit past six', () => {
    expect(formatDocumentNumber('OC', 1234567)).toBe('OC-1234567');
  });

  it("writes an invoice's number as plain digits", () => {
    expect(formatDocumentNumber(null, 42)).toBe('42');
    expect(formatDocumentNumber('', 123456789)).toBe('123456789');
  });
});
