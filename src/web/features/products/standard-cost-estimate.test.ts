import { describe, expect, it } from 'vitest';
import { standardCostEstimate } from './standard-cost-estimate.js';

const feedstocks = new Map([
  [1, { averageCost: '10.0000' }],
  [2, { averageCost: '0.3333' }],
]);
const kinds = new Map([
  [10, { kind: 'PER_UNIT' as const }],
  [11, { kind: 'PER_ORDER' as const }],
]);

describe('standardCostEstimate', () => {
  it('adds the materials with their loss and the per-unit costs, to 4 places', () => {
    const estimate = standardCostEstimate(
      [
        // 1.5 × 1.10 × 10 = 16.5
        { feedstockId: 1, quantity: '1,5', lossPercent: '10,00' },
        // 3 × 1 × 0.3333 = 0.9999
        { feedstockId: 2, quantity: '3', lossPercent: '0,00' },
      ],
      [
        { outlayId: 10, value: '2,50' },
        // A per-order cost belongs to the production order, not to each unit.
        { outlayId: 11, value: '100,00' },
      ],
      feedstocks,
      kinds,
    );
    expect(estimate).toBe('19.9999');
  });

  it('rounds half up once, at the end', () => {
    // 0.5 × 1.01 × 0.3333 = 0.16831650 → 0.1683; three such lines sum exactly first.
    const line = { feedstockId: 2, quantity: '0,5', lossPercent: '1,00' };
    expect(standardCostEstimate([line], [], feedstocks, kinds)).toBe('0.1683');
    expect(
      standardCostEstimate([line, { ...line, feedstockId: 2 }, line], [], feedstocks, kinds),
    ).toBe('0.5049');
  });

  it('counts nothing for lines not complete or whose material is not known yet', () => {
    const estimate = standardCostEstimate(
      [
        { quantity: '2' },
        { feedstockId: 1, quantity: '' },
        { feedstockId: 99, quantity: '1' },
        { feedstockId: 1, quantity: 'abc' },
      ],
      [{ value: '5,00' }, { outlayId: 10 }],
      feedstocks,
      kinds,
    );
    expect(estimate).toBe('0.0000');
  });
});
