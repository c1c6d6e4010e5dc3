import { describe, expect, it } from 'vitest';
import { formatQuantity, formatTypedQuantity, typedQuantityToDecimal } from './quantity-text.js';

describe('quantities on screen', () => {
  it('shows a quantity in its unit decimals, the Brazilian way', () => {
    expect(formatQuantity('1234.5', 3)).toBe('1.234,500');
    expect(formatQuantity('12.000', 0)).toBe('12');
    expect(formatQuantity('0.250', 2)).toBe('0,25');
    expect(formatQuantity(null, 3)).toBe('');
  });

  it('reads what was typed as the API takes it', () => {
    expect(typedQuantityToDecimal('1.234,5')).toBe('1234.5');
    expect(typedQuantityToDecimal('1.234')).toBe('1234');
    expect(typedQuantityToDecimal('2,75')).toBe('2.75');
    expect(typedQuantityToDecimal(' ')).toBeUndefined();
    expect(typedQuantityToDecimal('1a')).toBe('1a');
  });

  it('formats the typed text on leaving only when that keeps its value', () => {
    expect(formatTypedQuantity('12', 3)).toBe('12,000');
    expect(formatTypedQuantity('1234,5', 1)).toBe('1.234,5');
    expect(formatTypedQuantity('', 2)).toBe('');
    // More decimals than the unit allows, or no number: left for the form to refuse.
    expect(formatTypedQuantity('1,25', 1)).toBe('1,25');
    expect(formatTypedQuantity('1,5', 0)).toBe('1,5');
    expect(formatTypedQuantity('abc', 3)).toBe('abc');
  });
});
