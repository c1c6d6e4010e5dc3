import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { errorMessages } from '../src/shared/error-codes.js';
import { addDays, todayInSaoPaulo } from '../src/shared/plain-date.js';
import { cnpjFrom } from '../src/server/testing/documents.js';
import { pageApi, signInAsAdmin, useBrowser } from './support/browser.js';

/**
 * One way a document's screen says an action was refused (issue 17 §5): "Cancelar" pressed on a
 * purchase order, a production order or a bill that another tab has cancelled meanwhile shows the
 * server's 409 INVALID_STATUS under the action bar, the same message the same way on the three,
 * never a toast, and the screen then shows the document as it now is.
 */
const ctx = useBrowser();
const PHONE = { width: 375, height: 740 };

/** Names of this run's own: the browser tests share one server and database, kept across runs. */
const RUN = Date.now().toString(36).slice(-6).toUpperCase();

const toasts = (page: Page) => page.locator('.ant-notification-notice').allTextContents();

async function created(page: Page, url: string, body: unknown): Promise<Record<string, unknown>> {
  const answer = await pageApi(page, 'POST', url, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as Record<string, unknown>;
}

/** A supplier, a location, a manufactured product of one feedstock and a leaf expense category. */
async function seed(page: Page) {
  const supplier = await created(page, '/suppliers', {
    personType: 'J',
    name: `Fornecedor repetido ${RUN}`,
    document: cnpjFrom(`66${String(Date.now()).slice(-10)}`),
  });
  const unit = await created(page, '/units-of-measurement', {
    code: `R${RUN.slice(-5)}`,
    decimals: 3,
  });
  const location = await created(page, '/stock-locations', { name: `Depósito repetido ${RUN}` });
  const feedstock = await created(page, '/feedstocks', {
    code: `RFT${RUN}`,
    name: `Linha repetida ${RUN}`,
    unitId: unit.id,
  });
  const product = await created(page, '/products', {
    code: `RFP${RUN}`,
    name: `Bolsa repetida ${RUN}`,
    origin: 'MANUFACTURED',
    unitId: unit.id,
    components: [{ feedstockId: feedstock.id, quantity: '1', lossPercent: '0' }],
  });
  const categories = await pageApi(page, 'GET', '/financial-categories?kind=EXPENSE&pageSize=100');
  const items = categories.body.items as { id: number; parentId: number | null }[];
  const category = items.find((item) => !items.some((other) => other.parentId === item.id))!;
  return {
    supplierId: supplier.id as number,
    locationId: location.id as number,
    feedstockId: feedstock.id as number,
    productId: product.id as number,
    categoryId: category.id,
  };
}
type Scene = Awaited<ReturnType<typeof seed>>;

/** A document of each kind: how to make one that can be cancelled, and where it is. */
interface DocumentCase {
  name: string;
  create: (page: Page, scene: Scene) => Promise<number>;
  /** Its API path (`/purchase-orders/7`) and its screen's (`/purchaseorders/7`). */
  apiPath: (id: number) => string;
  screenPath: (id: number) => string;
}

const documents: DocumentCase[] = [
  {
    name: 'purchase order',
    create: async (page, s) =>
      (
        await created(page, '/purchase-orders', {
          supplierId: s.supplierId,
          orderDate: todayInSaoPaulo(),
          locationId: s.locationId,
          categoryId: s.categoryId,
          items: [{ itemId: s.feedstockId, quantity: '2', unitPrice: '10.00' }],
        })
      ).id as number,
    apiPath: (id) => `/purchase-orders/${id}`,
    screenPath: (id) => `/purchaseorders/${id}`,
  },
  {
    name: 'production order',
    create: async (page, s) =>
      (
        await created(page, '/production-orders', {
          productId: s.productId,
          quantity: '2',
          sourceLocationId: s.locationId,
          targetLocationId: s.locationId,
        })
      ).id as number,
    apiPath: (id) => `/production-orders/${id}`,
    screenPath: (id) => `/productionorders/${id}`,
  },
  {
    name: 'bill',
    create: async (page, s) => {
      const answer = await created(page, '/bills-to-pay', {
        description: `Conta repetida ${RUN}`,
        issueDate: todayInSaoPaulo(),
        dueDate: addDays(todayInSaoPaulo(), 20),
        categoryId: s.categoryId,
        amount: '80.00',
      });
      return (answer.items as { id: number }[])[0]!.id;
    },
    apiPath: (id) => `/bills-to-pay/${id}`,
    screenPath: (id) => `/billstopay/${id}`,
  },
];

describe('A repeated action on a document in Chromium', () => {
  it('cancelling what another tab cancelled shows the same refusal under the action bar on the three documents', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const scene = await seed(page);
    for (const [index, document] of documents.entries()) {
      const id = await document.create(page, scene);
      if (index === documents.length - 1) await page.setViewportSize(PHONE);
      await page.goto(document.screenPath(id));
      const cancel = page.getByRole('button', { name: 'Cancelar', exact: true });
      await cancel.waitFor();

      // The other tab cancels first.
      const other = await pageApi(page, 'POST', `${document.apiPath(id)}/cancel`, {});
      expect(other.status, JSON.stringify(other.body)).toBe(200);

      await cancel.click();
      await page.locator('.ant-popconfirm:visible .ant-popconfirm-buttons button').last().click();

      const refusal = page.getByTestId('document-action-error');
      await expect
        .poll(() => refusal.count(), { timeout: 10_000, message: document.name })
        .toBe(1);
      expect(await refusal.textContent(), document.name).toContain(
        errorMessages.INVALID_STATUS('Cancelada'),
      );
      expect(await toasts(page), document.name).toEqual([]);
      // The screen reads the document again: cancelled, with nothing left to press.
      await expect
        .poll(() => page.getByTestId('document-status').first().textContent())
        .toBe('Cancelada');
      expect(await cancel.count(), document.name).toBe(0);
      await expect.poll(() => refusal.isVisible()).toBe(true);
      await ctx.screenshot(`document-repeated-cancel-${document.name.replace(' ', '-')}`);
    }
  });
});
