import { describe, expect, it } from 'vitest';
import { formatUnitCost } from './unit-cost-text.js';

describe('unit costs on screen', () => {
  it('shows cents, and the third and fourth places only when the cost has them', () => {
    expect(formatUnitCost('12.5000')).toBe('R$ 12,50');
    expect(formatUnitCost('1234.0000')).toBe('R$ 1.234,00');
    expect(formatUnitCost('0.3333')).toBe('R$ 0,3333');
    expect(formatUnitCost('2.3750')).toBe('R$ 2,375');
    expect(formatUnitCost('0')).toBe('R$ 0,00');
  });

  it('shows nothing for no value', () => {
    expect(formatUnitCost(null)).toBe('');
    expect(formatUnitCost('')).toBe('');
  });
});
