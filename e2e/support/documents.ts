import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { addDays, todayInSaoPaulo } from '../../src/shared/plain-date.js';
import { cnpjFrom } from '../../src/server/testing/documents.js';
import { pageApi } from './browser.js';

/** A POST that must create (201): its answer. */
export async function created(
  page: Page,
  url: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  const answer = await pageApi(page, 'POST', url, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as Record<string, unknown>;
}

/** A request that must succeed (200): its answer. */
export async function ok(page: Page, method: string, url: string, body?: unknown) {
  const answer = await pageApi(page, method, url, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Record<string, unknown>;
}

/**
 * What a test of the documents needs: a supplier, a feedstock with stock in a location (so a
 * production order can start), a manufactured product made of it, a leaf expense category, and
 * for a sales order a client and a leaf income category.
 * `label` ("409 K3X9Q2") names the rows of one file's run, `code` ("CK3X9Q2", a letter and the
 * run) starts their codes; the browser tests share one database, kept across runs.
 */
export async function seedDocuments(page: Page, label: string, code: string) {
  const supplier = await created(page, '/suppliers', {
    personType: 'J',
    name: `Fornecedor ${label}`,
    document: cnpjFrom(String(Date.now()).slice(-12)),
  });
  const unit = await created(page, '/units-of-measurement', {
    code: `${code[0]}${code.slice(-5)}`,
    decimals: 3,
  });
  const location = await created(page, '/stock-locations', { name: `Depósito ${label}` });
  const feedstock = await created(page, '/feedstocks', {
    code: `${code[0]}FT${code.slice(1)}`,
    name: `Tecido ${label}`,
    unitId: unit.id,
  });
  await created(page, '/stock-movements', {
    type: 'IN',
    itemId: feedstock.id,
    toLocationId: location.id,
    quantity: '100',
    unitCost: '10.00',
  });
  const product = await created(page, '/products', {
    code: `${code[0]}FP${code.slice(1)}`,
    name: `Camisa ${label}`,
    origin: 'MANUFACTURED',
    unitId: unit.id,
    components: [{ feedstockId: feedstock.id, quantity: '1', lossPercent: '0' }],
  });
  const categories = await pageApi(page, 'GET', '/financial-categories?kind=EXPENSE&pageSize=100');
  const items = categories.body.items as { id: number; parentId: number | null }[];
  const category = items.find((item) => !items.some((other) => other.parentId === item.id))!;
  const incomes = await pageApi(page, 'GET', '/financial-categories?kind=INCOME&pageSize=100');
  const incomeItems = incomes.body.items as { id: number; parentId: number | null }[];
  const income = incomeItems.find(
    (item) => !incomeItems.some((other) => other.parentId === item.id),
  )!;
  const client = await created(page, '/clients', {
    personType: 'J',
    name: `Cliente ${label}`,
    document: cnpjFrom(String(Date.now() + 1).slice(-12)),
  });
  return {
    label,
    supplierId: supplier.id as number,
    locationId: location.id as number,
    feedstockId: feedstock.id as number,
    productId: product.id as number,
    categoryId: category.id,
    clientId: client.id as number,
    incomeCategoryId: income.id,
  };
}
export type DocumentScene = Awaited<ReturnType<typeof seedDocuments>>;

/** A new document of each kind, as its first status (a draft, planned, open): its id. */
export const newDocument = {
  purchaseOrder: async (page: Page, scene: DocumentScene) =>
    (
      await created(page, '/purchase-orders', {
        supplierId: scene.supplierId,
        orderDate: todayInSaoPaulo(),
        locationId: scene.locationId,
        categoryId: scene.categoryId,
        items: [{ itemId: scene.feedstockId, quantity: '2', unitPrice: '10.00' }],
      })
    ).id as number,
  productionOrder: async (page: Page, scene: DocumentScene) =>
    (
      await created(page, '/production-orders', {
        productId: scene.productId,
        quantity: '2',
        sourceLocationId: scene.locationId,
        targetLocationId: scene.locationId,
      })
    ).id as number,
  /** A sales order of the product (which has no sale price: the line names one). */
  requestedOrder: async (page: Page, scene: DocumentScene) =>
    (
      await created(page, '/requested-orders', {
        clientId: scene.clientId,
        orderDate: todayInSaoPaulo(),
        locationId: scene.locationId,
        categoryId: scene.incomeCategoryId,
        items: [{ productId: scene.productId, quantity: '2', unitPrice: '50.00' }],
      })
    ).id as number,
  /** `extra` adds to or overrides the bill's fields (its checking account…). */
  billToPay: async (page: Page, scene: DocumentScene, extra: Record<string, unknown> = {}) => {
    const answer = await created(page, '/bills-to-pay', {
      description: `Conta ${scene.label}`,
      issueDate: todayInSaoPaulo(),
      dueDate: addDays(todayInSaoPaulo(), 20),
      categoryId: scene.categoryId,
      amount: '80.00',
      ...extra,
    });
    return (answer.items as { id: number }[])[0]!.id;
  },
  /** A devolução of the feedstock to the supplier: a draft needs no fiscal set-up. */
  invoice: async (page: Page, scene: DocumentScene) => {
    const operations = await pageApi(page, 'GET', '/fiscal-operations?q=Devolução de compra');
    return (
      await created(page, '/invoices', {
        fiscalOperationId: (operations.body.items as { id: number }[])[0]!.id,
        supplierId: scene.supplierId,
        issueDate: todayInSaoPaulo(),
        locationId: scene.locationId,
        items: [{ itemId: scene.feedstockId, quantity: '2', unitPrice: '10.00' }],
      })
    ).id as number;
  },
};
