import { describe, expect, it } from 'vitest';
import { linesToFormValues, linesToInput, storedQuantityText } from './product-lines-values.js';

const component = {
  id: 7,
  feedstockId: 3,
  quantity: '1234.500',
  lossPercent: '5.00',
  feedstockCode: 'ALG',
  feedstockName: 'Algodão',
  unitCode: 'KG',
  averageCost: '10.0000',
  cost: '12962.2500',
};
const outlay = {
  id: 9,
  outlayId: 4,
  value: '2.50',
  outlayName: 'Costura',
  kind: 'PER_UNIT' as const,
};

describe('storedQuantityText', () => {
  it('drops the zeros the 3 places add', () => {
    expect(storedQuantityText('1234.500')).toBe('1.234,5');
    expect(storedQuantityText('2.000')).toBe('2');
    expect(storedQuantityText('0.125')).toBe('0,125');
  });
});

describe('linesToFormValues', () => {
  it("shows a product's lines with their ids, in pt-BR", () => {
    expect(linesToFormValues({ components: [component], outlays: [outlay] })).toEqual({
      components: [{ id: 7, feedstockId: 3, quantity: '1.234,5', lossPercent: '5,00' }],
      outlays: [{ id: 9, outlayId: 4, value: '2,50' }],
    });
  });

  it('starts a new product without lines', () => {
    expect(linesToFormValues(null)).toEqual({ components: [], outlays: [] });
  });
});

describe('linesToInput', () => {
  it('sends the lines as the API takes them, keeping their ids', () => {
    const input = linesToInput({
      origin: 'MANUFACTURED',
      components: [
        { id: 7, feedstockId: 3, quantity: '1.234,5', lossPercent: '5,00' },
        { feedstockId: 5, quantity: '0,25', lossPercent: '' },
      ],
      outlays: [{ outlayId: 4, value: '1.002,50' }],
    });
    expect(input).toEqual({
      components: [
        { id: 7, feedstockId: 3, quantity: '1234.5', lossPercent: '5' },
        { id: undefined, feedstockId: 5, quantity: '0.25', lossPercent: undefined },
      ],
      outlays: [{ id: undefined, outlayId: 4, value: '1002.5' }],
    });
  });

  it('sends a product for resale without lines, so stored ones go', () => {
    expect(
      linesToInput({ origin: 'RESALE', components: [{ feedstockId: 3 }], outlays: [] }),
    ).toEqual({ components: [], outlays: [] });
  });

  it('leaves lines out when the values have none, so the stored ones stay', () => {
    expect(linesToInput({ origin: 'MANUFACTURED', name: 'Camiseta' })).toEqual({});
  });
});
