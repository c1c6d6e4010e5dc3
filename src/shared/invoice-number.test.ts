import { describe, expect, it } from 'vitest';
import { invoiceLabel, invoiceNumberOf } from './invoice-number.js';

describe('invoiceNumberOf', () => {
  it.each([
    ['4521', '4521'],
    ['NF 4521', '4521'],
    ['nf4521', '4521'],
    ['NF-e 4521', '4521'],
    ['NFe: 4521', '4521'],
    ['NF nº 4521', '4521'],
    ['Nota fiscal 4521', '4521'],
    ['NF nº. 4521', '4521'],
    ['Nº 4521', '4521'],
    ['  4521-A ', '4521-A'],
    ['000.123.456', '000.123.456'],
  ])('%j is %j', (typed, number) => expect(invoiceNumberOf(typed)).toBe(number));

  it('keeps what has no number after the prefix, and words that only start like one', () => {
    expect(invoiceNumberOf('NF')).toBe('NF');
    expect(invoiceNumberOf('Nfx 12')).toBe('Nfx 12');
    expect(invoiceNumberOf('Nota 12')).toBe('Nota 12');
  });
});

describe('invoiceLabel', () => {
  it('says "NF 4521" once whether the clerk typed the prefix or not', () => {
    expect(invoiceLabel('4521')).toBe('NF 4521');
    expect(invoiceLabel('NF 4521')).toBe('NF 4521');
    expect(invoiceLabel('NF-e 4521')).toBe('NF 4521');
  });
});
