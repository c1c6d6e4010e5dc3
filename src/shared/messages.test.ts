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

describe('unit decimals message', () => {
  it("names the unit's decimal places, singular for one", () => {
    expect(messages.tooManyUnitDecimals(0)).toBe('A unidade não aceita casas decimais');
    expect(messages.tooManyUnitDecimals(1)).toBe('A unidade aceita no máximo 1 casa decimal');
    expect(messages.tooManyUnitDecimals(3)).toBe('A unidade aceita no máximo 3 casas decimais');
  });
});
