import { describe, expect, it } from 'vitest';
import { money } from '../../shared/fields.js';
import { formatTypedMoney, typedMoneyToDecimal } from './money-text.js';

describe('typed money', () => {
  it('reads the Brazilian way of typing money', () => {
    expect(typedMoneyToDecimal('1.234,50')).toBe('1234.5');
    expect(typedMoneyToDecimal('R$ 150')).toBe('150');
    expect(typedMoneyToDecimal('1.234')).toBe('1234');
    expect(typedMoneyToDecimal('12.5')).toBe('12.5');
    expect(typedMoneyToDecimal('  ')).toBeUndefined();
  });

  it('never turns what was typed after a pre-filled 0,00 into zero', () => {
    expect(typedMoneyToDecimal('0,00150')).toBe('0.0015');
    expect(formatTypedMoney('0,00150')).toBe('0,00150');
    // The schema refuses it instead of saving R$ 0,00.
    expect(money().safeParse(typedMoneyToDecimal('0,00150')).success).toBe(false);
  });

  it('hands on what is no number as typed, for the schema to refuse', () => {
    for (const typed of ['1a2', '1.2,3', '1,2,3', 'abc']) {
      expect(formatTypedMoney(typed)).toBe(typed);
      const result = money().safeParse(typedMoneyToDecimal(typed));
      expect(result.error?.issues[0]?.message).toBe('Valor deve ser um número');
    }
  });

  it('formats a value it can show without changing it', () => {
    expect(formatTypedMoney('150')).toBe('150,00');
    expect(formatTypedMoney('1234,5')).toBe('1.234,50');
    expect(formatTypedMoney('-10')).toBe('-10,00');
    expect(formatTypedMoney('')).toBe('');
  });
});
