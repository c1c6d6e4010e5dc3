import { describe, expect, it } from 'vitest';
import { missingQuantity } from './buy-quantity.js';

describe('missingQuantity', () => {
  it('is what lacks to reach the minimum, only below it', () => {
    expect(missingQuantity({ stock: '12.000', minimumStock: '20.000' })).toBe('8');
    expect(missingQuantity({ stock: '0.000', minimumStock: '2.500' })).toBe('2.5');
    expect(missingQuantity({ stock: '20.000', minimumStock: '20.000' })).toBeNull();
    expect(missingQuantity({ stock: '3.000', minimumStock: null })).toBeNull();
  });
});
