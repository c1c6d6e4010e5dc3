import { expect } from 'vitest';
import type { TestApi } from '../../../testing/api-app.js';
import {
  createCategory,
  createClient,
  createSupplier,
} from '../../finance/testing/finance-factories.js';
import {
  createItem,
  createLocation,
  createUnit,
} from '../../purchase-orders/testing/purchase-fixtures.js';

/**
 * What the sales orders' tests need: a client, an INCOME category, a location, and products
 * with a sale price and `stock` units there (entered through the API, as a clerk would).
 */
export async function orderFixture(api: TestApi, stock = '10') {
  const db = api.db;
  const un = await createUnit(db, 0);
  const location = await createLocation(db);
  const token = await api.adminToken();
  const product = async (name: string, price: string, origin: 'MANUFACTURED' | 'RESALE') => {
    const item = await createItem(db, { kind: 'PRODUCT', origin, unitId: un, name });
    await db.updateTable('items').set({ salePrice: price }).where('id', '=', item.id).execute();
    if (Number(stock) > 0) {
      const entry = await api.request({
        method: 'POST',
        url: '/api/v1/stock-movements',
        token,
        payload: {
          type: 'IN',
          itemId: item.id,
          toLocationId: location.id,
          quantity: stock,
          unitCost: '20.00',
        },
      });
      expect(entry.statusCode, entry.body).toBe(201);
    }
    return { ...item, price };
  };
  return {
    location,
    client: await createClient(db),
    income: await createCategory(db, 'INCOME'),
    shirt: await product('Camisa social', '89.90', 'MANUFACTURED'),
    cap: await product('Boné', '25.00', 'RESALE'),
  };
}
export type OrderFixture = Awaited<ReturnType<typeof orderFixture>>;

/**
 * What buying for an order needs: a supplier, an EXPENSE category for the drafts, and a resale
 * product (sale price 40.00, last bought at 12.50) without stock, bought from that supplier by
 * default — or from nobody (`supplier: false`).
 */
export async function resaleFixture(api: TestApi, { supplier = true } = {}) {
  const db = api.db;
  const bought = await createSupplier(db);
  await createCategory(db, 'EXPENSE');
  const item = await createItem(db, {
    kind: 'PRODUCT',
    origin: 'RESALE',
    unitId: await createUnit(db, 0),
    name: 'Óculos de proteção',
    lastPurchasePrice: '12.5000',
    defaultSupplierId: supplier ? bought.id : null,
  });
  await db.updateTable('items').set({ salePrice: '40.00' }).where('id', '=', item.id).execute();
  return { supplier: bought, product: item };
}

export function orderInput(fx: OrderFixture, changes: Record<string, unknown> = {}) {
  return {
    clientId: fx.client.id,
    orderDate: '2026-11-20',
    deliveryDate: '2026-12-10',
    locationId: fx.location.id,
    categoryId: fx.income.id,
    installments: 3,
    freight: '20.00',
    discount: '5.00',
    items: [
      { productId: fx.shirt.id, quantity: '4', discountPercent: '10' },
      { productId: fx.cap.id, quantity: '3', unitPrice: '24.00' },
    ],
    ...changes,
  };
}

/** Gives the client the full address (São Paulo, IBGE code) and the IE an NF-e needs. */
export async function createInvoiceClientAddress(api: TestApi, clientId: number) {
  await api.db
    .updateTable('clients')
    .set({
      personType: 'J',
      stateRegistration: '110042490114',
      address: JSON.stringify({
        zipCode: '01430001',
        street: 'Avenida Brasil',
        number: '1500',
        complement: null,
        district: 'Jardim América',
        city: 'São Paulo',
        state: 'SP',
        cityCode: '3550308',
      }),
    })
    .where('id', '=', clientId)
    .execute();
}
