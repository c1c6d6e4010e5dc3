import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pageApi, signIn, useBrowser } from './support/browser.js';
import { pick } from './support/select.js';

const ctx = useBrowser();
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/** This run's own names: the browser tests share one database. */
const RUN = Date.now().toString(36).slice(-4).toUpperCase();
const UNIT = `M2${RUN}`;
const FEEDSTOCK = { code: `TEC-BOM-${RUN}`, name: `Tecido ficha ${RUN}` };
const OUTLAY = `Costura ficha ${RUN}`;
const LOCATION = `Almoxarifado ficha ${RUN}`;
const PRODUCT = { code: `CAM-BOM-${RUN}`, name: `Camiseta com ficha ${RUN}` };

const toasts = (page: Page) => page.locator('.ant-notification-notice').allTextContents();
/** The message under a line table's cell, found by the cell's label ("Quantidade…, linha 1"). */
const cellError = (page: Page, label: string) =>
  page
    .locator('td .ant-form-item')
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .locator('.ant-form-item-explain-error');
const lines = (page: Page, name: string) =>
  page.getByTestId(`lines-${name}`).locator('tbody tr[data-line]');
const focusedLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);

async function api(page: Page, method: string, url: string, body?: unknown) {
  const answer = await pageApi(page, method, url, body);
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return answer.body as Record<string, unknown> & { id: number };
}

/**
 * A feedstock in square metres of 2 places with 10 on hand at R$ 12,50 (its average cost), and a
 * per-unit production cost.
 */
async function seed(page: Page) {
  const unit = await api(page, 'POST', '/units-of-measurement', {
    code: UNIT,
    description: 'Metro quadrado (ficha)',
    decimals: 2,
  });
  const location = await api(page, 'POST', '/stock-locations', { name: LOCATION });
  const feedstock = await api(page, 'POST', '/feedstocks', { ...FEEDSTOCK, unitId: unit.id });
  await api(page, 'POST', '/stock-movements', {
    type: 'IN',
    itemId: feedstock.id,
    toLocationId: location.id,
    quantity: '10',
    unitCost: '12.50',
  });
  await api(page, 'POST', '/outlays', { name: OUTLAY, kind: 'PER_UNIT', defaultValue: '2.50' });
  return { feedstockId: feedstock.id, locationId: location.id };
}

describe('a product with a bill of materials in Chromium', () => {
  it('creates a manufactured product with a material and a production cost, with messages under the cells, and reopens it with its standard cost and what the stock allows', async () => {
    const { page } = ctx;
    await signIn(page, ctx.admin.email, ctx.admin.password);
    await page.waitForURL(/\/dashboard$/);
    const stock = await seed(page);

    await page.goto('/product/new');
    // A new product starts "Fabricado", its Ficha técnica there to fill before the first save.
    await expect.poll(() => page.getByRole('radio', { name: 'Fabricado' }).isChecked()).toBe(true);
    expect(await page.getByText('Ficha técnica', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Custos de produção', { exact: true }).isVisible()).toBe(true);
    await page.getByLabel('Código', { exact: true }).fill(PRODUCT.code);
    await page.getByLabel('Nome', { exact: true }).fill(PRODUCT.name);
    await pick(page, 'Unidade de medida', UNIT);
    // A product for resale has no bill of materials.
    await page.getByText('Revenda', { exact: true }).click();
    expect(await page.getByText('Ficha técnica', { exact: true }).count()).toBe(0);
    await page.getByText('Fabricado', { exact: true }).click();

    await page.getByRole('button', { name: 'Adicionar insumo' }).click();
    await expect.poll(() => focusedLabel(page)).toBe('Insumo, linha 1');
    await pick(page, 'Insumo, linha 1', FEEDSTOCK.code, FEEDSTOCK.name);
    await page.getByLabel('Quantidade por unidade, linha 1', { exact: true }).fill('0');
    await page.getByLabel('Perda %, linha 1', { exact: true }).fill('10');

    // Enter in the last cell adds a line and goes to it; its "Remover" is reached by Tab.
    await page.getByLabel('Perda %, linha 1', { exact: true }).press('Enter');
    await expect.poll(() => lines(page, 'components').count()).toBe(2);
    await expect.poll(() => focusedLabel(page)).toBe('Insumo, linha 2');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).toBe('Remover linha 2');
    await page.keyboard.press('Enter');
    await expect.poll(() => lines(page, 'components').count()).toBe(1);

    await page.getByRole('button', { name: 'Adicionar custo' }).click();
    await pick(page, 'Custo, linha 1', OUTLAY);
    // The cost picked brings its default value; it is changed here.
    await expect
      .poll(() => page.getByLabel('Valor, linha 1', { exact: true }).inputValue())
      .toBe('2,50');
    await page.getByLabel('Valor, linha 1', { exact: true }).fill('3,00');

    // The shared schema's message, under the cell.
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect
      .poll(() => cellError(page, 'Quantidade por unidade, linha 1').textContent())
      .toBe('Valor deve ser maior que zero');
    expect(new URL(page.url()).pathname).toBe('/product/new');

    // The server's message about one line (`components.0.quantity`), under the same cell: the
    // unit takes 2 places.
    await page.getByLabel('Quantidade por unidade, linha 1', { exact: true }).fill('1,255');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect
      .poll(() => cellError(page, 'Quantidade por unidade, linha 1').textContent())
      .toBe('A unidade aceita no máximo 2 casas decimais');
    await ctx.screenshot('product-bom-cell-error-1280');

    await page.getByLabel('Quantidade por unidade, linha 1', { exact: true }).fill('1,25');
    // 1,25 × 1,10 × 12,50 + 3,00, from the average cost the select already read.
    await expect
      .poll(() => page.getByTestId('standard-cost-estimate').textContent())
      .toBe('R$ 20,1875');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/product$/);
    await expect.poll(() => toasts(page)).toContain('Registro salvo com sucesso.');

    const { items } = (await pageApi(page, 'GET', `/products?q=${PRODUCT.code}`)).body as {
      items: { id: number }[];
    };
    await page.goto(`/product/${items[0]!.id}`);
    const material = lines(page, 'components');
    await expect.poll(() => material.count()).toBe(1);
    await expect.poll(() => material.first().textContent()).toContain(FEEDSTOCK.name);
    expect(
      await page.getByLabel('Quantidade por unidade, linha 1', { exact: true }).inputValue(),
    ).toBe('1,25');
    expect(await page.getByLabel('Perda %, linha 1', { exact: true }).inputValue()).toBe('10,00');
    await expect.poll(() => lines(page, 'outlays').first().textContent()).toContain(OUTLAY);
    expect(await page.getByLabel('Valor, linha 1', { exact: true }).inputValue()).toBe('3,00');
    await expect
      .poll(() => page.getByTestId('standard-cost').textContent())
      .toContain('SalvoR$ 20,1875');

    // 10 m² on hand, 1,375 m² per unit with the loss: 7 units, limited by the fabric.
    const canProduce = page.getByTestId('can-produce');
    const row = canProduce.locator('tbody tr.ant-table-row').filter({ hasText: LOCATION });
    await expect.poll(() => row.count()).toBe(1);
    const text = await row.textContent();
    expect(text).toContain('7');
    expect(text).toContain(FEEDSTOCK.name);

    // A movement changes what the stock allows: 5 m² more make 15 m², 10 units.
    await api(page, 'POST', '/stock-movements', {
      type: 'IN',
      itemId: stock.feedstockId,
      toLocationId: stock.locationId,
      quantity: '5',
      unitCost: '12.50',
    });
    await page.reload();
    // The second cell is "Unidades".
    await expect.poll(() => row.locator('td').nth(1).textContent()).toBe('10');

    await page.getByTestId('lines-components').scrollIntoViewIfNeeded();
    await ctx.screenshot('product-bom-1280');

    // The history names the lines and their fields.
    await page.getByTestId('history-button').click();
    const history = page.getByTestId('history-drawer');
    await expect.poll(() => history.textContent()).toContain('Insumo 1 incluído');
    await expect.poll(() => history.textContent()).toContain(FEEDSTOCK.name);
    expect(await history.textContent()).toContain('Custo de produção 1 incluído');
    // Once the drawer has slid in.
    await expect
      .poll(async () => {
        const box = await history.boundingBox();
        return box ? box.x + box.width : Infinity;
      })
      .toBeLessThanOrEqual(DESKTOP.width);
    await ctx.screenshot('product-bom-history-1280');
    await page.keyboard.press('Escape');
    await expect.poll(() => history.isVisible()).toBe(false);

    await page.setViewportSize(PHONE);
    await page.getByTestId('lines-components').scrollIntoViewIfNeeded();
    // The line table scrolls inside itself; the page does not scroll sideways.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await ctx.screenshot('product-bom-375');
    await canProduce.scrollIntoViewIfNeeded();
    await ctx.screenshot('product-can-produce-375');
    await page.setViewportSize(DESKTOP);

    // A line removed is a change: leaving asks first.
    await page.getByRole('button', { name: 'Remover linha 1' }).last().click();
    await expect.poll(() => lines(page, 'outlays').count()).toBe(0);
    await page.getByRole('button', { name: 'Voltar' }).click();
    const prompt = page.getByRole('dialog').filter({ hasText: 'Descartar alterações?' });
    await expect.poll(() => prompt.isVisible()).toBe(true);
    await prompt.getByRole('button', { name: 'Sair sem salvar' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/product');

    // From the product to its stock and movements (the kardex of Consulta de Estoque).
    await page.goto(`/product/${items[0]!.id}`);
    await page.getByTestId('item-movements-link').waitFor();
    await ctx.screenshot('product-top-1280');
    await page.getByTestId('item-movements-link').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/stockitems/${items[0]!.id}`);
    await expect.poll(() => page.locator('main').textContent()).toContain('Saldo atual');
    expect(await page.locator('main').textContent()).toContain(PRODUCT.name);
  });
});
