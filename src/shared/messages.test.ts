import { describe, expect, it } from 'vitest';
import { messages } from './messages.js';

describe('counted messages', () => {
  it('counts records the Brazilian way, singular for one', () => {
    expect(messages.recordCount(0)).toBe('0 registros');
    expect(messages.recordCount(1)).toBe('1 registro');
    expect(messages.recordCount(100_000)).toBe('100.000 registros');
    expect(messages.imported(1)).toBe('1 registro importado.');
    expect(messages.imported(4208)).toBe('4.208 registros importados.');
  });
});
