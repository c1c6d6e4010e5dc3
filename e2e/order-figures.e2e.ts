import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { todayInSaoPaulo } from '../src/shared/plain-date.js';
import { cnpjFrom } from '../src/server/testing/documents.js';
import { pageApi, signInAsAdmin, useBrowser } from './support/browser.js';
import { pick } from './support/select.js';

/**
 * The figures an order's form shows are the ones it saves (issue 16 §1, §4): a purchase line's
 * 4-place unit price comes back as typed, and a receipt in small lots makes it the next order's
 * price; a planned production order's materials, costs and shortage follow its quantity as it is
 * typed, before saving, and the save keeps what was shown.
 */
const ctx = useBrowser();
const RUN = Date.now().toString(36).slice(-6).toUpperCase();

async function created(page: Page, url: string, body: unknown): Promise<Record<string, unknown>> {
  const answer = await pageApi(page, 'POST', url, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as Record<string, unknown>;
}

async function settled(page: Page) {
  await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
  await page.waitForTimeout(300);
}

/** Meters with 2 decimals (`prefix`: a code of its own) and a location of this run's own. */
async function metersAndLocation(page: Page, name: string, prefix: string) {
  const meters = await created(page, '/units-of-measurement', {
    code: `${prefix}${RUN.slice(-5)}`,
    decimals: 2,
  });
  const location = await created(page, '/stock-locations', { name: `${name} ${RUN}` });
  return { metersId: meters.id as number, locationId: location.id as number };
}

describe('order figures in Chromium', () => {
  it("a purchase line's 4-place price is saved and shown as typed, and a lot of 1 m makes it the next order's price", async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const supplierName = `Fornecedor preço ${RUN}`;
    const supplier = await created(page, '/suppliers', {
      personType: 'J',
      name: supplierName,
      document: cnpjFrom(`55${String(Date.now()).slice(-10)}`),
    });
    const { metersId, locationId } = await metersAndLocation(page, 'Depósito preço', 'M');
    const fabric = { code: `PRC${RUN}`, name: `Tecido preço ${RUN}` };
    const item = await created(page, '/feedstocks', {
      ...fabric,
      unitId: metersId,
      defaultSupplierId: supplier.id,
    });
    const categories = await pageApi(page, 'GET', '/financial-categories?kind=EXPENSE&pageSize=1');
    const order = await created(page, '/purchase-orders', {
      supplierId: supplier.id,
      orderDate: todayInSaoPaulo(),
      locationId,
      categoryId: (categories.body.items as { id: number }[])[0]!.id,
      items: [{ itemId: item.id, quantity: '50', unitPrice: '10.00' }],
    });

    await page.goto(`/purchaseorders/${order.id}/edit`);
    const price = page.getByLabel('Preço unitário, linha 1', { exact: true });
    await expect.poll(() => price.inputValue()).toBe('10,00');
    await price.fill('12,8718');
    await price.blur();
    expect(await price.inputValue()).toBe('12,8718');
    await expect.poll(() => page.getByTestId('line-total-0').textContent()).toContain('643,59');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(new RegExp(`/purchaseorders/${order.id}$`));
    const saved = await pageApi(page, 'GET', `/purchase-orders/${order.id}`);
    expect((saved.body as { items: { unitPrice: string }[] }).items[0]!.unitPrice).toBe('12.8718');
    await expect.poll(() => page.getByTestId('order-lines').textContent()).toContain('12,8718');

    await page.goto(`/purchaseorders/${order.id}/edit`);
    await expect.poll(() => price.inputValue()).toBe('12,8718');

    // Received in a lot of 1 m: the next order offers the line's landed cost, not 12,87.
    expect((await pageApi(page, 'POST', `/purchase-orders/${order.id}/approve`, {})).status).toBe(
      200,
    );
    const lot = await pageApi(page, 'POST', `/purchase-orders/${order.id}/receive`, {
      date: todayInSaoPaulo(),
      lines: [{ itemId: item.id, quantity: '1' }],
    });
    expect(lot.status, JSON.stringify(lot.body)).toBe(201);
    await page.goto('/purchaseorders/new');
    await settled(page);
    await pick(page, 'Fornecedor', supplierName);
    await pick(page, 'Item, linha 1', fabric.code);
    await expect.poll(() => price.inputValue()).toBe('12,8718');
  });

  it("a production order's form shows its materials, costs and shortage for the quantity typed, and saves them", async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const { metersId, locationId } = await metersAndLocation(page, 'Fábrica escala', 'E');
    const units = await created(page, '/units-of-measurement', {
      code: `P${RUN.slice(-5)}`,
      decimals: 0,
    });
    const fabric = await created(page, '/feedstocks', {
      code: `ESC${RUN}`,
      name: `Tecido escala ${RUN}`,
      unitId: metersId,
    });
    // 200 m on hand: 214,20 m for 170 shirts is short of 14,20 m; 189,00 m for 150 is not.
    await created(page, '/stock-movements', {
      type: 'IN',
      itemId: fabric.id,
      toLocationId: locationId,
      quantity: '200',
      unitCost: '10.00',
    });
    const labour = await created(page, '/outlays', {
      name: `Costura escala ${RUN}`,
      kind: 'PER_UNIT',
      defaultValue: '3.50',
    });
    const setup = await created(page, '/outlays', {
      name: `Preparação escala ${RUN}`,
      kind: 'PER_ORDER',
      defaultValue: '80.00',
    });
    const product = await created(page, '/products', {
      code: `CES${RUN}`,
      name: `Camisa escala ${RUN}`,
      origin: 'MANUFACTURED',
      unitId: units.id,
      components: [{ feedstockId: fabric.id, quantity: '1.2', lossPercent: '5' }],
      outlays: [
        { outlayId: labour.id, value: '3.50' },
        { outlayId: setup.id, value: '80.00' },
      ],
    });
    const order = await created(page, '/production-orders', {
      productId: product.id,
      quantity: '170',
      sourceLocationId: locationId,
      targetLocationId: locationId,
    });

    await page.goto(`/productionorders/${order.id}/edit`);
    const required = page.getByLabel('Necessário, linha 1', { exact: true });
    const cost = (line: number) =>
      page.getByLabel(`Valor na ordem, linha ${line}`, { exact: true });
    const missing = page.getByTestId('form-material-missing');
    await expect.poll(() => required.inputValue()).toBe('214,20');
    await expect.poll(() => missing.textContent()).toMatch(/^14,20 E/);
    expect(await cost(1).inputValue()).toBe('595,00');

    await page.getByLabel('Quantidade', { exact: true }).fill('150');
    await expect.poll(() => required.inputValue()).toBe('189,00');
    await expect.poll(() => missing.textContent()).toMatch(/^0,00 E/);
    expect(await cost(1).inputValue()).toBe('525,00');
    expect(await cost(2).inputValue()).toBe('80,00');
    await ctx.screenshot('production-order-rescaled-1280');
    await page.setViewportSize({ width: 375, height: 740 });
    await settled(page);
    await ctx.screenshot('production-order-rescaled-375', true);
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(new RegExp(`/productionorders/${order.id}$`));
    const saved = (await pageApi(page, 'GET', `/production-orders/${order.id}`)).body as {
      quantity: string;
      materials: { requiredQuantity: string }[];
      costs: { value: string }[];
    };
    expect(saved.quantity).toBe('150.000');
    expect(saved.materials.map((line) => line.requiredQuantity)).toEqual(['189.000']);
    expect(saved.costs.map((line) => line.value)).toEqual(['525.00', '80.00']);
  });
});
