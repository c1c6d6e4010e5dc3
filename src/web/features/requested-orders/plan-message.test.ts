import { describe, expect, it } from 'vitest';
import { planMessage } from './plan-message.js';

const linked = (production: number, purchases: number) => ({
  productionOrders: Array.from({ length: production }, (_, i) => ({
    id: i,
    number: `OP-${i}`,
    status: 'PLANNED',
    quantity: '1',
    plannedEnd: null,
  })),
  purchaseOrders: Array.from({ length: purchases }, (_, i) => ({
    id: i,
    number: `OC-${i}`,
    status: 'DRAFT',
    expectedDate: null,
    supplierName: 'Fornecedor',
  })),
});

describe('planMessage', () => {
  it('says what the planning made, and that there was nothing when it made nothing', () => {
    expect(planMessage(linked(0, 0), linked(1, 0))).toBe('Produção planejada para o que falta.');
    expect(planMessage(linked(1, 0), linked(1, 2))).toBe('Compras planejadas para o que falta.');
    expect(planMessage(linked(0, 0), linked(2, 1))).toBe(
      'Produção e compras planejadas para o que falta.',
    );
    expect(planMessage(linked(1, 1), linked(1, 1))).toBe(
      'Nada a planejar: o que falta já está em produção ou em compra.',
    );
  });
});
