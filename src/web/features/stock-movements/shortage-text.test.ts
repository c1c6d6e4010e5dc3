import { describe, expect, it } from 'vitest';
import { shortageLine } from './shortage-text.js';

describe('an item short in stock', () => {
  it('says what is there, what was asked and what is missing, in the unit decimals', () => {
    const shortage = {
      item: 'Algodão cru',
      location: 'Almoxarifado',
      available: '10.000',
      required: '1025.500',
      missing: '1015.500',
    };
    expect(shortageLine(shortage, 3)).toBe(
      'Algodão cru em Almoxarifado: disponível 10,000, necessário 1.025,500, falta 1.015,500',
    );
  });

  it('works out what is missing when the answer does not say', () => {
    const shortage = { item: 'Botão', location: 'Loja', available: '3.000', required: '5.000' };
    expect(shortageLine(shortage, 0)).toBe('Botão em Loja: disponível 3, necessário 5, falta 2');
  });
});
