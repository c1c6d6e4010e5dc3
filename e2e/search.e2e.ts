import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { todayInSaoPaulo } from '../src/shared/plain-date.js';
import { cnpjFrom } from '../src/server/testing/documents.js';
import { pageApi, signInAsAdmin, useBrowser } from './support/browser.js';
import { created, newDocument, seedDocuments } from './support/documents.js';

const ctx = useBrowser();
const PHONE = { width: 375, height: 740 };

/** Names of this run's own: the browser tests share one server and database, kept across runs. */
const RUN = Date.now().toString(36).slice(-6).toUpperCase();
const CLIENT = `Confecção Ângela Buscável ${RUN}`;

/** "OC-000042" → 42. */
const digitsOf = (number: string) => Number(number.replace(/\D/g, ''));
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const palette = (page: Page) => page.getByTestId('search-palette');
const options = (page: Page) => page.getByTestId('search-option');
const marked = (page: Page) => page.locator('[data-testid="search-option"][aria-selected="true"]');

/** Ctrl+K, `q` typed, then the option titled `title` reached with the arrows and opened. */
async function openByKeyboard(page: Page, q: string, title: string) {
  await page.keyboard.press('Control+k');
  const input = page.getByTestId('search-input');
  await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
  await input.fill(q);
  await expect
    .poll(() => options(page).allInnerTexts())
    .toContainEqual(expect.stringContaining(title));
  const titles = await options(page).allInnerTexts();
  const target = titles.findIndex((text) => text.startsWith(title));
  expect(await marked(page).innerText()).toBe(titles[0]);
  for (let i = 0; i < target; i++) await page.keyboard.press('ArrowDown');
  expect(await marked(page).innerText()).toBe(titles[target]);
  await page.keyboard.press('Enter');
  await expect.poll(() => palette(page).isVisible()).toBe(false);
}

describe('Search from anywhere (Ctrl+K) in Chromium', () => {
  it('finds a client, a purchase order, a production order and a sales order by keyboard', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const scene = await seedDocuments(page, `Busca ${RUN}`, `S${RUN}`);
    const client = await created(page, '/clients', {
      personType: 'J',
      name: CLIENT,
      document: cnpjFrom(String(Date.now()).slice(-12)),
    });
    const purchaseId = await newDocument.purchaseOrder(page, scene);
    const purchase = (await pageApi(page, 'GET', `/purchase-orders/${purchaseId}`)).body;
    const productionId = await newDocument.productionOrder(page, scene);
    const production = (await pageApi(page, 'GET', `/production-orders/${productionId}`)).body;
    const incomes = await pageApi(page, 'GET', '/financial-categories?kind=INCOME&pageSize=100');
    const leaves = incomes.body.items as { id: number; parentId: number | null }[];
    const sale = await created(page, '/requested-orders', {
      clientId: client.id,
      orderDate: todayInSaoPaulo(),
      locationId: scene.locationId,
      categoryId: leaves.find((item) => !leaves.some((other) => other.parentId === item.id))!.id,
      items: [{ productId: scene.productId, quantity: '1', unitPrice: '50.00' }],
    });

    // A client by a word of its name typed without accents: the page of that client opens.
    await openByKeyboard(page, `angela buscavel ${RUN}`, CLIENT);
    await page.waitForURL(new RegExp(`/client/${client.id}$`));
    await expect.poll(() => page.getByLabel('Nome').first().inputValue()).toBe(CLIENT);
    await ctx.screenshot('search-client-opened');

    // A purchase order by its number as "OC42": the order's page.
    const purchaseNumber = purchase.number as string;
    await openByKeyboard(page, `oc${digitsOf(purchaseNumber)}`, purchaseNumber);
    await page.waitForURL(new RegExp(`/purchaseorders/${purchaseId}$`));
    await expect
      .poll(() => page.getByTestId('order-number').textContent())
      .toContain(purchaseNumber);

    // The digits alone ("000001") list every kind of order with that number; the arrows reach the production order.
    const productionNumber = production.number as string;
    await openByKeyboard(page, productionNumber.replace(/^OP-/, ''), productionNumber);
    await page.waitForURL(new RegExp(`/productionorders/${productionId}$`));
    await expect
      .poll(() => page.getByTestId('order-number').textContent())
      .toContain(productionNumber);

    const saleNumber = sale.number as string;
    await openByKeyboard(page, saleNumber, saleNumber);
    await page.waitForURL(new RegExp(`/requestedorders/${sale.id as number}$`));
    await expect.poll(() => page.getByTestId('order-number').textContent()).toContain(saleNumber);

    // Esc closes the palette and leaves the page as it was.
    await page.keyboard.press('Control+k');
    await page.getByTestId('search-input').fill('ab');
    await page.keyboard.press('Escape');
    await expect.poll(() => palette(page).isVisible()).toBe(false);
    expect(page.url()).toMatch(new RegExp(`/requestedorders/${sale.id as number}$`));
    expect(ctx.consoleErrors).toEqual([]);
  });

  it('has the box in the top bar at 1280 px and an icon at 375 px, with no sideways scroll', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    await created(page, '/clients', {
      personType: 'J',
      name: `Ângela Buscável Celular ${RUN}`,
      document: cnpjFrom(`9${String(Date.now()).slice(-11)}`),
    });

    const box = page.getByTestId('search-box');
    await expect.poll(() => box.innerText()).toContain('Buscar');
    await box.click();
    await page.getByTestId('search-input').fill(`buscavel`);
    await expect.poll(() => options(page).count()).toBeGreaterThan(0);
    await page.waitForTimeout(300);
    await ctx.screenshot('search-palette-1280');
    await page.keyboard.press('Escape');

    await page.setViewportSize(PHONE);
    await page.reload();
    await expect.poll(() => box.isVisible()).toBe(true);
    expect(await box.innerText()).toBe('');
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await ctx.screenshot('search-top-bar-375');
    await box.click();
    await page.getByTestId('search-input').fill(`buscavel`);
    await expect.poll(() => options(page).count()).toBeGreaterThan(0);
    await page.waitForTimeout(300);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    const dialog = await page
      .locator('.ant-modal-container, .ant-modal-content')
      .first()
      .boundingBox();
    expect(dialog!.x).toBeGreaterThanOrEqual(0);
    expect(dialog!.x + dialog!.width).toBeLessThanOrEqual(PHONE.width);
    await ctx.screenshot('search-palette-375');
  });
});
