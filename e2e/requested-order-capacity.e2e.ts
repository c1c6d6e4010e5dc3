import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cnpjFrom } from '../src/server/testing/documents.js';
import { pageApi, signInAsAdmin, useBrowser } from './support/browser.js';
import { created } from './support/documents.js';

const ctx = useBrowser();
/** Names of this run's own: the browser tests share one server and database, kept across runs. */
const RUN = Date.now().toString(36).slice(-6).toUpperCase();

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
/** "Pode produzir" of each of the order's lines, in their order. */
const canProduce = (page: Page) =>
  page.getByTestId('order-line').getByTestId('line-canProduceNow').allTextContents();
async function settled(page: Page) {
  await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
  await page.waitForTimeout(400);
}

/**
 * An order of a manufactured shirt (1,5 m of fabric with 10 % loss and 6 buttons each; 20 m and
 * 100 buttons at the order's location) and of a cap for resale.
 */
async function seed(page: Page) {
  const client = await created(page, '/clients', {
    personType: 'J',
    name: `Loja Produção ${RUN}`,
    document: cnpjFrom(String(Date.now()).slice(-12)),
  });
  const pieces = await created(page, '/units-of-measurement', {
    code: `P${RUN.slice(-5)}`,
    decimals: 0,
  });
  const meters = await created(page, '/units-of-measurement', {
    code: `M${RUN.slice(-5)}`,
    decimals: 2,
  });
  const location = await created(page, '/stock-locations', { name: `Fábrica ${RUN}` });
  const feedstock = (name: string, unitId: unknown) =>
    created(page, '/feedstocks', {
      code: `F${name.slice(0, 2)}${RUN}`,
      name: `${name} ${RUN}`,
      unitId,
    });
  const fabric = await feedstock('Tecido', meters.id);
  const buttons = await feedstock('Botão', pieces.id);
  for (const [item, quantity] of [
    [fabric, '20'],
    [buttons, '100'],
  ] as const) {
    await created(page, '/stock-movements', {
      type: 'IN',
      itemId: item.id,
      toLocationId: location.id,
      quantity,
      unitCost: '1.00',
    });
  }
  const shirt = await created(page, '/products', {
    code: `CM${RUN}`,
    name: `Camisa sob medida ${RUN}`,
    origin: 'MANUFACTURED',
    unitId: pieces.id,
    salePrice: '120.00',
    components: [
      { feedstockId: fabric.id, quantity: '1.5', lossPercent: '10' },
      { feedstockId: buttons.id, quantity: '6', lossPercent: '0' },
    ],
  });
  const cap = await created(page, '/products', {
    code: `BN${RUN}`,
    name: `Boné ${RUN}`,
    origin: 'RESALE',
    unitId: pieces.id,
    salePrice: '25.00',
  });
  const categories = await pageApi(page, 'GET', '/financial-categories?kind=INCOME&pageSize=100');
  const items = categories.body.items as { id: number; name: string; parentId: number | null }[];
  const leaves = items.filter((item) => !items.some((other) => other.parentId === item.id));
  const category = leaves.find((item) => item.name === 'Venda de produtos') ?? leaves[0]!;
  return created(page, '/requested-orders', {
    clientId: client.id,
    orderDate: '2026-11-20',
    locationId: location.id,
    categoryId: category.id,
    items: [
      { productId: shirt.id, quantity: '30' },
      { productId: cap.id, quantity: '2' },
    ],
  });
}

describe('Pedidos Recebidos › Pode produzir', () => {
  it('shows what the materials at the location allow of a manufactured product, at 1280 and 375 px', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const order = await seed(page);
    const unit = `P${RUN.slice(-5)}`;

    await page.goto(`/requestedorders/${order.id as number}`);
    await page.getByTestId('order-lines').waitFor();
    // 20 m ÷ 1,65 m a shirt: 12; the buttons would allow 16. The cap is not produced.
    await expect.poll(() => canProduce(page)).toEqual([`12 ${unit}`, '—']);
    await settled(page);
    await ctx.screenshot('requested-order-can-produce-1280', true);

    await page.setViewportSize({ width: 375, height: 740 });
    await page.reload();
    await page.getByTestId('order-lines').waitFor();
    await expect.poll(() => canProduce(page)).toEqual([`12 ${unit}`, '—']);
    await settled(page);
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
    await ctx.screenshot('requested-order-can-produce-375', true);
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
