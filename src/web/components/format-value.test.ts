import { describe, expect, it } from 'vitest';
import { formatValue } from './format-value.js';

describe('formatValue: quantities, unit costs and percentages', () => {
  it('shows a quantity with the places it has, up to 3, the Brazilian way', () => {
    const quantity = { kind: 'quantity' } as const;
    expect(formatValue(quantity, '12.500')).toBe('12,5');
    expect(formatValue(quantity, '3.000')).toBe('3');
    expect(formatValue(quantity, '1234.125')).toBe('1.234,125');
    expect(formatValue(quantity, '0.001')).toBe('0,001');
    expect(formatValue(quantity, '-2.250')).toBe('-2,25');
    expect(formatValue(quantity, 7)).toBe('7');
    expect(formatValue(quantity, null)).toBe('');
  });

  it('shows a unit cost in BRL with cents and the further places it has, up to 4', () => {
    const unitCost = { kind: 'unitCost' } as const;
    expect(formatValue(unitCost, '12.3456')).toBe('R$ 12,3456');
    expect(formatValue(unitCost, '4.0000')).toBe('R$ 4,00');
    expect(formatValue(unitCost, '1234.5000')).toBe('R$ 1.234,50');
    expect(formatValue(unitCost, '0.0725')).toBe('R$ 0,0725');
    expect(formatValue(unitCost, '')).toBe('');
  });

  it('shows a percentage as Intl does in pt-BR, with the places it has', () => {
    const percent = { kind: 'percent' } as const;
    expect(formatValue(percent, '10.00')).toBe('10%');
    expect(formatValue(percent, '10.50')).toBe('10,5%');
    expect(formatValue(percent, '0.25')).toBe('0,25%');
    expect(formatValue(percent, '100.00')).toBe('100%');
    const intl = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 2 });
    for (const value of ['10.00', '10.50', '0.25', '100.00', '0.00']) {
      expect(formatValue(percent, value)).toBe(intl.format(Number(value) / 100));
    }
  });

  it('leaves what is no number as it came, rather than showing nothing', () => {
    expect(formatValue({ kind: 'quantity' }, 'muito')).toBe('muito');
    expect(formatValue({ kind: 'unitCost' }, 'muito')).toBe('muito');
    expect(formatValue({ kind: 'percent' }, 'muito')).toBe('muito');
  });

  it('still shows money with its 2 places', () => {
    expect(formatValue({ kind: 'money' }, '12.5')).toBe('R$ 12,50');
  });
});
