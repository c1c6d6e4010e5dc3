import { describe, expect, it } from 'vitest';
import { documentPrefixes, formatDocumentNumber, typedDocumentNumber } from './document-numbers.js';

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

describe('typedDocumentNumber', () => {
  it('reads the number with or without its prefix, dash, zeros or spaces', () => {
    for (const typed of ['PV-000042', 'pv42', 'PV 42', ' 42 ', '000042', 'Pv-42']) {
      expect(typedDocumentNumber('PV', typed), typed).toBe(42);
    }
  });

  it("refuses another document's prefix, words and zero", () => {
    expect(typedDocumentNumber('PV', 'OC-000042')).toBeNull();
    expect(typedDocumentNumber('PV', 'PV-42a')).toBeNull();
    expect(typedDocumentNumber('PV', 'joão')).toBeNull();
    expect(typedDocumentNumber('PV', '0')).toBeNull();
    expect(typedDocumentNumber('PV', '1234567890')).toBeNull();
  });
});
