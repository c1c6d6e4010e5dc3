import { describe, expect, it } from 'vitest';
import { icmsCsts, pisCofinsCsts } from '../../shared/br/fiscal-codes.js';
import { enumOptions } from './enum-options.js';

describe('enum options', () => {
  it('offers codes of digits in code order, "00" first', () => {
    expect(enumOptions(icmsCsts).map((o) => o.value)).toEqual([
      '00',
      '10',
      '20',
      '30',
      '40',
      '41',
      '50',
      '51',
      '60',
      '70',
      '90',
    ]);
    expect(
      enumOptions(pisCofinsCsts)
        .map((o) => o.value)
        .slice(0, 3),
    ).toEqual(['01', '02', '03']);
    expect(enumOptions(icmsCsts)[0]).toEqual({
      value: '00',
      label: '00 — Tributada integralmente',
    });
  });

  it('keeps the order of words as the definition wrote it', () => {
    expect(enumOptions({ OUT: 'Saída', IN: 'Entrada' }).map((o) => o.value)).toEqual(['OUT', 'IN']);
  });
});
