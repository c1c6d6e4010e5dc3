import { describe, expect, it } from 'vitest';
import { isValidAccessKey, parseAccessKey } from '../../../shared/nfe/access-key.js';
import { drawRandomCode, newAccessKey } from './access-key.js';

describe('a new access key', () => {
  it('draws an 8-digit cNF different from nNF and never a trivial one', () => {
    for (let i = 0; i < 2000; i += 1) {
      const code = drawRandomCode(12345678);
      expect(code).toMatch(/^\d{8}$/);
      expect(code).not.toBe('12345678');
      expect(code).not.toMatch(/^(\d)\1{7}$/);
    }
  });

  it('builds a key that checks, with the drawn cNF inside', () => {
    const { accessKey, randomCode } = newAccessKey({
      ufCode: '35',
      yearMonth: '2611',
      issuerDocument: '12ABC34501DE35',
      model: '55',
      series: 1,
      number: 42,
      emissionType: 1,
    });
    expect(isValidAccessKey(accessKey)).toBe(true);
    expect(parseAccessKey(accessKey)).toMatchObject({
      issuerDocument: '12ABC34501DE35',
      number: 42,
      randomCode,
    });
  });
});
