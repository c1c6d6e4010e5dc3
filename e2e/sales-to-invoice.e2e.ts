import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { errorMessages } from '../src/shared/error-codes.js';
import { cnpjFrom } from '../src/server/testing/documents.js';
import { pageApi, pageBytes, SCREENSHOTS, signInAsAdmin, useBrowser } from './support/browser.js';
import { created, ok } from './support/documents.js';
import { issuableClient, withIssuingCompany } from './support/fiscal.js';

const ctx = useBrowser();
const PHONE = { width: 375, height: 740 };
/** Names of this run's own: the browser tests share one server and database, kept across runs. */
const RUN = Date.now().toString(36).slice(-6).toUpperCase();
const UNIT = `S${RUN.slice(-5)}`;

const toasts = (page: Page) => page.locator('.ant-notification-notice').allTextContents();
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const status = (page: Page) =>
  page.getByTestId('order-number').locator('xpath=..').getByTestId('document-status').textContent();
const lineFigure = (page: Page, key: string) =>
  page.getByTestId('order-line').first().getByTestId(`line-${key}`).textContent();
async function settled(page: Page) {
  await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
  await page.waitForTimeout(400);
}
/** Clicks an action of the bar, and its confirmation when it asks one. */
async function act(page: Page, action: string, confirm = false) {
  await page.getByTestId(`action-${action}`).click();
  if (confirm) await page.getByTestId(`confirm-${action}`).click();
}

/**
 * A manufactured shirt (2 m of fabric each) with 2 in stock and fabric for 50, an INCOME
 * category, and a client an NF-e can be issued to.
 */
async function seed(page: Page) {
  const client = await created(
    page,
    '/clients',
    issuableClient(`Magazine ${RUN}`, cnpjFrom(String(Date.now()).slice(-12))),
  );
  const unit = await created(page, '/units-of-measurement', { code: UNIT, decimals: 0 });
  const location = await created(page, '/stock-locations', { name: `Fábrica ${RUN}` });
  const fabric = await created(page, '/feedstocks', {
    code: `TEC${RUN}`,
    name: `Tecido ${RUN}`,
    unitId: unit.id,
  });
  const shirt = await created(page, '/products', {
    code: `CAM${RUN}`,
    name: `Camisa sob medida ${RUN}`,
    origin: 'MANUFACTURED',
    unitId: unit.id,
    ncm: '62052000',
    salePrice: '120.00',
    components: [{ feedstockId: fabric.id, quantity: '2', lossPercent: '0' }],
  });
  const enter = (itemId: unknown, quantity: string, unitCost: string) =>
    created(page, '/stock-movements', {
      type: 'IN',
      itemId,
      toLocationId: location.id,
      quantity,
      unitCost,
    });
  await enter(fabric.id, '100', '8.00');
  await enter(shirt.id, '2', '40.00');
  const categories = await pageApi(page, 'GET', '/financial-categories?kind=INCOME&pageSize=100');
  const items = categories.body.items as { id: number; parentId: number | null }[];
  const category = items.find((item) => !items.some((other) => other.parentId === item.id))!;
  const order = (quantity: string) =>
    created(page, '/requested-orders', {
      clientId: client.id,
      orderDate: new Date().toISOString().slice(0, 10),
      locationId: location.id,
      categoryId: category.id,
      installments: 2,
      items: [{ productId: shirt.id, quantity }],
    });
  return { client, shirt, order };
}

describe('From a sales order to its NF-e in Chromium', () => {
  it('makes what is missing, reserves it, invoices, prints the DANFE and delivers', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    await withIssuingCompany(page, async () => {
      const scene = await seed(page);
      const order = await scene.order('5');
      await page.goto(`/requestedorders/${order.id}`);
      await page.getByTestId('order-number').waitFor();

      // Approved: the 2 shirts in stock are reserved, 3 are missing.
      await act(page, 'approve');
      await expect.poll(() => status(page)).toBe('Aprovado');
      await expect.poll(() => lineFigure(page, 'reservedQuantity')).toBe(`2 ${UNIT}`);
      await expect.poll(() => lineFigure(page, 'missing')).toBe(`3 ${UNIT}`);

      // "Planejar produção": one production order of the 3, made and completed.
      await act(page, 'planProduction');
      await expect.poll(() => toasts(page)).toContain('Produção planejada para o que falta.');
      const productions = await pageApi(page, 'GET', `/production-orders?q=&pageSize=100`);
      const production = (
        productions.body.items as {
          id: number;
          requestedOrderId: number | null;
          quantity: string;
        }[]
      ).find((row) => row.requestedOrderId === order.id)!;
      expect(production.quantity).toBe('3.000');
      await ok(page, 'POST', `/production-orders/${production.id}/start`, {});
      await ok(page, 'POST', `/production-orders/${production.id}/complete`, {
        producedQuantity: '3',
      });
      await page.reload();
      await expect.poll(() => lineFigure(page, 'reservedQuantity')).toBe(`5 ${UNIT}`);
      await expect.poll(() => lineFigure(page, 'missing')).toBe(`0 ${UNIT}`);

      // "Faturar": the NF-e is issued, the stock leaves, the bills to receive appear.
      await act(page, 'invoice', true);
      await expect.poll(() => status(page)).toBe('Faturado');
      await expect.poll(() => lineFigure(page, 'invoicedQuantity')).toBe(`5 ${UNIT}`);
      const invoices = await pageApi(
        page,
        'GET',
        `/invoices?q=${encodeURIComponent(`Magazine ${RUN}`)}`,
      );
      const invoice = invoices.body.items[0] as {
        id: number;
        number: number;
        total: string;
        accessKey: string;
      };
      expect(invoice.total).toBe(order.total);
      const bills = await pageApi(page, 'GET', `/bills-to-receive?originType=INVOICE&pageSize=50`);
      const ours = (bills.body.items as { origin: { id: number }; amount: string }[]).filter(
        (bill) => bill.origin.id === invoice.id,
      );
      expect(ours).toHaveLength(2);
      const stock = await pageApi(page, 'GET', `/stock-items?itemId=${scene.shirt.id}`);
      expect(stock.body.items[0].quantity).toBe('0.000');
      // The page links what was made for it.
      const linked = page.getByTestId('linked-documents');
      await expect.poll(() => linked.textContent()).toContain(`NF-e nº ${invoice.number}`);
      expect(await linked.textContent()).toContain('OP-');
      await settled(page);
      await ctx.screenshot('sales-order-invoiced-1280', true);

      const danfe = await pageBytes(page, `/api/v1/invoices/${invoice.id}/danfe`);
      expect(danfe.type).toBe('application/pdf');
      fs.mkdirSync(SCREENSHOTS, { recursive: true });
      const pdfFile = path.join(SCREENSHOTS, 'sales-order-danfe.pdf');
      fs.writeFileSync(pdfFile, danfe.body);
      const text = execFileSync('pdftotext', ['-raw', pdfFile, '-']).toString();
      expect(text).toContain(`Camisa sob medida ${RUN}`);
      expect(text).toContain(invoice.accessKey.match(/.{4}/g)!.join(' '));
      const xml = await pageBytes(page, `/api/v1/invoices/${invoice.id}/xml`);
      expect(xml.body.toString('utf8')).toContain(`Id="NFe${invoice.accessKey}"`);

      // "Entregar", on a phone.
      await page.setViewportSize(PHONE);
      await act(page, 'deliver');
      await page.getByTestId('deliver-submit').click();
      await expect.poll(() => status(page)).toBe('Entregue');
      await settled(page);
      expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
      await ctx.screenshot('sales-order-delivered-375', true);
      await page.setViewportSize({ width: 1280, height: 800 });

      // The credit gate: a client at its limit is refused, said under the action bar.
      const client = (await pageApi(page, 'GET', `/clients/${scene.client.id}`)).body;
      await ok(page, 'PUT', `/clients/${scene.client.id}`, { ...client, creditLimit: '100.00' });
      const second = await scene.order('1');
      await page.goto(`/requestedorders/${second.id}`);
      await page.getByTestId('order-number').waitFor();
      await act(page, 'approve');
      await expect
        .poll(() => page.getByTestId('credit-refusal').textContent())
        .toContain(errorMessages.CREDIT_LIMIT);
      expect(await status(page)).toBe('Aberto');
      // Released by whoever may, with a reason (requested-order-credit.e2e.ts follows the
      // dialog and the Histórico).
      await page.getByTestId('credit-release').click();
      await page.getByTestId('credit-release-reason').fill('Cliente com pagamento antecipado');
      await page.keyboard.press('Enter');
      await expect.poll(() => status(page)).toBe('Aprovado');
    });
  });
});
