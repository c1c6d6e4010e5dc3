import { expect } from 'vitest';
import type { ProductionOrderDetail } from '../../../../shared/resources/production-orders.js';
import type { TestApi } from '../../../testing/api-app.js';
import { stockBalance } from '../../stock-movements/testing/stock-balance.js';

/**
 * What the production orders' API tests set up, through the APIs a person would use: units,
 * locations, feedstocks, a manufactured product with its bill of materials and costs, and stock
 * entered with a cost (POST /stock-movements), so that balances and average costs are the ones
 * real postings leave.
 */
export const BASE = '/api/v1';
export const ORDERS = `${BASE}/production-orders`;

let serial = 0;
const unique = () => `${++serial}${Math.random().toString(36).slice(2, 6)}`;

export function productionFixtures(api: TestApi) {
  const post = async (path: string, payload: Record<string, unknown>) => {
    const response = await api.request({
      method: 'POST',
      url: `${BASE}/${path}`,
      token: await api.adminToken(),
      payload,
    });
    expect(response.statusCode, `${path}: ${response.body}`).toBe(201);
    return response.json() as { id: number } & Record<string, unknown>;
  };

  const fx = {
    post,
    unit: async (decimals: number) =>
      (await post('units-of-measurement', { code: `U${unique()}`.slice(0, 6), decimals })).id,
    location: async () => (await post('stock-locations', { name: `Local ${unique()}` })).id,
    outlay: async (kind: 'PER_UNIT' | 'PER_ORDER', name = `Custo ${unique()}`) =>
      (await post('outlays', { name, kind, defaultValue: '1.00' })).id,
    feedstock: async (unitId: number, name = `Insumo ${unique()}`) =>
      (await post('feedstocks', { code: `INS-${unique()}`, name, unitId })).id,
    /** A manufactured product with these components and outlays. */
    product: async (
      unitId: number,
      components: { feedstockId: number; quantity: string; lossPercent?: string }[],
      outlays: { outlayId: number; value: string }[] = [],
      extra: Record<string, unknown> = {},
    ) =>
      (
        await post('products', {
          code: `PRD-${unique()}`,
          name: `Produto ${unique()}`,
          origin: 'MANUFACTURED',
          unitId,
          components: components.map((line) => ({ lossPercent: '0', ...line })),
          outlays,
          ...extra,
        })
      ).id,
    /** Stock entering `locationId` at `unitCost` (moves the average). */
    stockIn: async (itemId: number, locationId: number, quantity: string, unitCost: string) =>
      post('stock-movements', {
        type: 'IN',
        itemId,
        toLocationId: locationId,
        quantity,
        unitCost,
      }),
    balance: (itemId: number, locationId: number) => stockBalance(api.db, itemId, locationId),
    averageCost: async (itemId: number): Promise<string> =>
      (
        await api.db
          .selectFrom('items')
          .select('averageCost')
          .where('id', '=', itemId)
          .executeTakeFirstOrThrow()
      ).averageCost,
    /** The order's movements in the ledger, oldest first. */
    movementsOf: (orderId: number) =>
      api.db
        .selectFrom('stockMovements')
        .selectAll()
        .where('originType', '=', 'PRODUCTION_ORDER')
        .where('originId', '=', orderId)
        .orderBy('id')
        .execute(),
    createOrder: async (
      payload: Record<string, unknown>,
      token?: string,
    ): Promise<ProductionOrderDetail> => {
      const response = await api.request({
        method: 'POST',
        url: ORDERS,
        token: token ?? (await api.adminToken()),
        payload,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as ProductionOrderDetail;
    },
    action: async (id: number, action: string, payload?: object, token?: string) =>
      api.request({
        method: 'POST',
        url: `${ORDERS}/${id}/${action}`,
        token: token ?? (await api.adminToken()),
        ...(payload ? { payload } : {}),
      }),
    get: async (url: string, token?: string) =>
      api.request({ method: 'GET', url, token: token ?? (await api.adminToken()) }),
  };
  return fx;
}
