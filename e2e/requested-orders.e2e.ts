import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cnpjFrom } from '../src/server/testing/documents.js';
import { pageApi, signInAsAdmin, useBrowser } from './support/browser.js';
import { created, ok } from './support/documents.js';
import { openFromMenu } from './support/menu.js';
import { pick } from './support/select.js';

const ctx = useBrowser();
const PHONE = { width: 375, height: 740 };
/** Names of this run's own: the browser tests share one server and database, kept across runs. */
const RUN = Date.now().toString(36).slice(-6).toUpperCase();
const CLIENT = `Loja PV ${RUN}`;
const LOCATION = `Expedição PV ${RUN}`;
const PRODUCT = { code: `PVP${RUN}`, name: `Bermuda PV ${RUN}` };
const UNIT = `V${RUN.slice(-5)}`;
const SUPPLIER = `Atacado PV ${RUN}`;

const toasts = (page: Page) => page.locator('.ant-notification-notice').allTextContents();
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const status = (page: Page) =>
  page.getByTestId('order-number').locator('xpath=..').getByTestId('document-status').textContent();
/** A figure of the order's first line: reserved, invoiced, on hand, available, missing. */
const lineFigure = (page: Page, key: string) =>
  page.getByTestId('order-line').first().getByTestId(`line-${key}`).textContent();
async function settled(page: Page) {
  await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
  await page.waitForTimeout(400);
}

/**
 * A client, a location, a product for resale at R$ 25,00 with 5 units there, and the INCOME
 * category the order's bills will take.
 */
async function seed(page: Page) {
  await created(page, '/clients', {
    personType: 'J',
    name: CLIENT,
    document: cnpjFrom(String(Date.now()).slice(-12)),
  });
  const categories = await pageApi(page, 'GET', '/financial-categories?kind=INCOME&pageSize=100');
  const items = categories.body.items as { id: number; name: string; parentId: number | null }[];
  const leaves = items.filter((item) => !items.some((other) => other.parentId === item.id));
  const category = leaves.find((item) => item.name === 'Venda de produtos') ?? leaves[0]!;
  const unit = await created(page, '/units-of-measurement', { code: UNIT, decimals: 0 });
  const location = await created(page, '/stock-locations', { name: LOCATION });
  const product = await created(page, '/products', {
    ...PRODUCT,
    origin: 'RESALE',
    unitId: unit.id,
    salePrice: '25.00',
  });
  const enter = (quantity: string) =>
    created(page, '/stock-movements', {
      type: 'IN',
      itemId: product.id,
      toLocationId: location.id,
      quantity,
      unitCost: '10.00',
    });
  await enter('5');
  return { category, location, product, enter };
}

describe('Movimentações › Pedidos Recebidos', () => {
  it('orders more than is in stock, reserves what there is, then the rest, and cancels', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const scene = await seed(page);

    await openFromMenu(page, 'Movimentações', 'Pedidos Recebidos');
    await page.getByTestId('requested-orders-table').waitFor();
    await page.getByRole('button', { name: 'Novo pedido' }).click();
    await pick(page, 'Cliente', CLIENT);
    await pick(page, 'Local de estoque', LOCATION);
    await pick(page, 'Produto, linha 1', PRODUCT.code);
    await expect.poll(() => page.getByLabel('Preço unitário, linha 1').inputValue()).toBe('25,00');
    await page.getByLabel('Quantidade, linha 1').fill('8');
    await page.getByLabel('Desconto %, linha 1').fill('10');
    await expect.poll(() => page.getByTestId('line-total-0').textContent()).toContain('180,00');
    await page.getByLabel('Desconto %, linha 1').fill('0');
    await expect.poll(() => page.getByTestId('line-total-0').textContent()).toContain('200,00');
    await expect.poll(() => page.getByTestId('total-order').textContent()).toContain('200,00');
    await page.getByLabel('Categoria').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: scene.category.name })
      .first()
      .click();
    await settled(page);
    await ctx.screenshot('requested-order-form-1280', true);
    // Below the fixed menu bar, which a full-page picture lays over the lines.
    await page
      .getByLabel('Desconto %, linha 1')
      .evaluate((input) =>
        window.scrollTo(0, input.getBoundingClientRect().top + window.scrollY - 300),
      );
    await page.waitForTimeout(200);
    await ctx.screenshot('requested-order-form-lines-1280');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => page.url()).toMatch(/\/requestedorders\/\d+$/);
    const id = Number(page.url().split('/').pop());
    await expect.poll(() => status(page)).toBe('Aberto');
    expect(await page.getByTestId('order-number').textContent()).toMatch(/^PV-\d{6}$/);

    // Approving reserves the 5 on hand; 3 are missing.
    await page.getByTestId('action-approve').click();
    await expect.poll(() => status(page)).toBe('Aprovado');
    await expect.poll(() => toasts(page)).toContain('Pedido aprovado.');
    await expect.poll(() => lineFigure(page, 'reservedQuantity')).toBe(`5 ${UNIT}`);
    await expect.poll(() => lineFigure(page, 'missing')).toBe(`3 ${UNIT}`);
    expect(await lineFigure(page, 'onHand')).toBe(`5 ${UNIT}`);
    expect(await lineFigure(page, 'available')).toBe(`0 ${UNIT}`);
    // A resale product is not produced: nothing to say under "Pode produzir".
    expect(await lineFigure(page, 'canProduceNow')).toBe('—');
    await settled(page);
    await ctx.screenshot('requested-order-approved-1280', true);

    // "Imprimir": the PDF, fetched with the token and opened in a tab.
    const [pdf, tab] = await Promise.all([
      page.waitForResponse((response) => /\/requested-orders\/\d+\/pdf$/.test(response.url())),
      page.context().waitForEvent('page'),
      page.getByTestId('print-order').click(),
    ]);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    await expect.poll(() => tab.url()).toMatch(/^blob:/);
    await tab.close();

    // "Planejar produção" would buy the 3 missing, but the product has no default supplier yet:
    // the refusal names it under the buttons, and nothing is made.
    await page.getByTestId('action-planProduction').click();
    await expect
      .poll(() => page.getByTestId('document-actions').locator('xpath=..').textContent())
      .toContain(`Itens sem fornecedor padrão: ${PRODUCT.name}.`);
    expect(await page.getByTestId('linked-documents').count()).toBe(0);
    await settled(page);
    await ctx.screenshot('requested-order-plan-refused-1280', true);

    // With its "Fornecedor padrão" set on the product, the same button drafts a purchase order
    // of the 3 missing for that supplier, linked to the order.
    const supplier = await created(page, '/suppliers', {
      personType: 'J',
      name: SUPPLIER,
      document: cnpjFrom(String(Date.now() + 7).slice(-12)),
    });
    const product = (await pageApi(page, 'GET', `/products/${scene.product.id}`)).body;
    await ok(page, 'PUT', `/products/${scene.product.id}`, {
      ...product,
      defaultSupplierId: supplier.id,
    });
    await page.getByTestId('action-planProduction').click();
    await expect
      .poll(() => page.getByTestId('linked-purchase-order').first().textContent())
      .toMatch(new RegExp(`^OC-\\d{6} — Rascunho, ${SUPPLIER}`));
    await expect.poll(() => toasts(page)).toContain('Compras planejadas para o que falta.');
    await settled(page);
    await ctx.screenshot('requested-order-plan-bought-1280', true);
    // The toast stays while the pointer rests on it, over the action bar: move away, let it go.
    await page.mouse.move(0, 400);
    await expect.poll(() => toasts(page)).toEqual([]);

    // 3 more arrive; "Reservar" takes them.
    await scene.enter('3');
    await page.getByTestId('action-reserve').click();
    await expect.poll(() => toasts(page)).toContain('Reserva atualizada.');
    await expect.poll(() => lineFigure(page, 'reservedQuantity')).toBe(`8 ${UNIT}`);
    await expect.poll(() => lineFigure(page, 'missing')).toBe(`0 ${UNIT}`);
    expect(await lineFigure(page, 'onHand')).toBe(`8 ${UNIT}`);

    // A manual exit may not take the reserved units.
    const out = await pageApi(page, 'POST', '/stock-movements', {
      type: 'OUT',
      itemId: scene.product.id,
      fromLocationId: scene.location.id,
      quantity: '8',
    });
    expect(out.status).toBe(422);
    expect((out.body.error as { code: string }).code).toBe('STOCK_RESERVED');

    // Cancelling releases the reservation.
    await page.getByTestId('action-cancel').click();
    await page.getByTestId('confirm-cancel').click();
    await expect.poll(() => status(page)).toBe('Cancelado');
    await expect.poll(() => toasts(page)).toContain('Pedido cancelado.');
    await expect.poll(() => lineFigure(page, 'reservedQuantity')).toBe(`0 ${UNIT}`);
    await expect.poll(() => lineFigure(page, 'available')).toBe(`8 ${UNIT}`);
    // A cancelled order expects nothing more: nothing is missing.
    expect(await lineFigure(page, 'missing')).toBe('—');
    const availability = await ok(page, 'GET', `/requested-orders/${id}/availability`);
    expect((availability.items as { reservedQuantity: string }[])[0]!.reservedQuantity).toMatch(
      /^0(\.0+)?$/,
    );
    await settled(page);
    await ctx.screenshot('requested-order-cancelled-1280', true);

    await page.goto(`/requestedorders?q=${encodeURIComponent(CLIENT)}`);
    await page.getByTestId('requested-orders-table').waitFor();
    await settled(page);
    expect(await page.getByTestId('requested-order-totals').textContent()).toContain('200,00');
    await ctx.screenshot('requested-orders-list-1280');

    await page.setViewportSize(PHONE);
    await page.reload();
    await page.getByTestId('requested-orders-table').waitFor();
    await settled(page);
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
    await ctx.screenshot('requested-orders-list-375');
    await page.goto(`/requestedorders/${id}`);
    await page.getByTestId('order-lines').waitFor();
    await settled(page);
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
    await ctx.screenshot('requested-order-375', true);
    await page.goto('/requestedorders/new');
    await page.getByLabel('Produto, linha 1').waitFor();
    await settled(page);
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
    await ctx.screenshot('requested-order-form-375', true);
    await pick(page, 'Produto, linha 1', PRODUCT.code);
    await page.getByLabel('Quantidade, linha 1').fill('2');
    await expect.poll(() => page.getByTestId('line-total-0').textContent()).toContain('50,00');
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
