import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { recordsFound, signInAsAdmin, useBrowser } from './support/browser.js';
import { openFromMenu } from './support/menu.js';
import { pick } from './support/select.js';

/** Issue 18's fiscal set-up: Naturezas de Operação and a product's Origem and CEST. */
const ctx = useBrowser();
const PHONE = { width: 375, height: 740 };

/** This run's own names: the browser tests share one database, kept across runs. */
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const REMESSA = `Remessa para conserto ${RUN}`;
const SALE = 'Venda de produção do estabelecimento';

const rows = (page: Page) => page.getByTestId('resource-table').locator('tbody tr.ant-table-row');
const row = (page: Page, name: string) => rows(page).filter({ hasText: name });
/** The message under the form field labelled `label`. */
const fieldError = (page: Page, label: string) =>
  page
    .locator('.ant-form-item')
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .locator('.ant-form-item-explain-error');

describe('Naturezas de Operação in Chromium', () => {
  it('opens from the Financeiro menu with the seeded ones, edits one and creates another', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    await openFromMenu(page, 'Financeiro', 'Naturezas de Operação');
    await page.waitForURL(/\/fiscaloperations$/);
    await expect.poll(() => row(page, SALE).count()).toBe(1);
    await expect.poll(() => row(page, SALE).textContent()).toMatch(/Saída.*Normal.*5101.*6101/);
    await expect
      .poll(() => row(page, 'Devolução de venda').textContent())
      .toMatch(/Entrada.*Devolução.*1202.*2202/);
    await page.mouse.move(640, 780);
    await ctx.screenshot('fiscal-operations-1280');

    // Edit a seeded one: the ICMS rate of the regime normal and the default text.
    await page.getByRole('link', { name: SALE }).click();
    await page.waitForURL(/\/fiscaloperations\/\d+$/);
    await expect
      .poll(() => page.getByLabel('CFOP dentro do estado', { exact: true }).inputValue())
      .toBe('5101');
    await page.getByLabel('Alíquota do ICMS', { exact: true }).fill('18');
    const text = `Documento emitido por ME ou EPP optante pelo Simples Nacional ${RUN}`;
    await page.getByLabel('Informações complementares', { exact: true }).fill(text);
    await ctx.screenshot('fiscal-operation-form-1280', true);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/fiscaloperations$/);
    const [sale] = await recordsFound(page, '/fiscal-operations', SALE);
    expect(sale).toMatchObject({ icmsRate: '18.00', additionalInfo: text, cfopInState: '5101' });

    // Create one: a CFOP of the wrong direction is refused at its field.
    await page.getByTestId('new-button').click();
    await page.waitForURL(/\/fiscaloperations\/new$/);
    await page.locator('form').getByLabel('Nome', { exact: true }).fill(REMESSA);
    await page.locator('form').getByText('Saída', { exact: true }).click();
    await page.getByLabel('CFOP dentro do estado', { exact: true }).fill('1915');
    await page.getByLabel('CFOP para outro estado', { exact: true }).fill('6915');
    await pick(page, 'CSOSN (Simples Nacional)', '400', '400 — Não tributada');
    await page.locator('form').getByText('Gera contas a receber/pagar').click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect
      .poll(() => fieldError(page, 'CFOP dentro do estado').textContent())
      .toBe('Nesta operação o CFOP começa com 5');
    await page.getByLabel('CFOP dentro do estado', { exact: true }).fill('5915');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/fiscaloperations$/);

    const [created] = await recordsFound(page, '/fiscal-operations', REMESSA);
    expect(created).toMatchObject({
      name: REMESSA,
      direction: 'OUT',
      purpose: 'NORMAL',
      cfopInState: '5915',
      cfopOutOfState: '6915',
      icmsCsosn: '400',
      icmsCst: '00',
      createsBills: false,
      movesStock: true,
    });
    expect(ctx.consoleErrors).toEqual([]);
  });

  it("saves a product's Origem da mercadoria and CEST", async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const code = `FIS-${RUN}`;
    await page.goto('/product/new');
    await page.getByLabel('Código', { exact: true }).fill(code);
    await page.getByLabel('Nome', { exact: true }).fill(`Luminária importada ${RUN}`);
    await page.getByText('Revenda', { exact: true }).click();
    await pick(page, 'Unidade de medida', 'UN');
    // A new product is Nacional (0) until told otherwise.
    await expect
      .poll(() =>
        page
          .locator('.ant-form-item')
          .filter({ has: page.getByLabel('Origem da mercadoria', { exact: true }) })
          .textContent(),
      )
      .toContain('0 — Nacional');
    await pick(page, 'Origem da mercadoria', 'adquirida', '2 — Estrangeira, adquirida');
    await page.getByLabel('CEST', { exact: true }).fill('2803800x');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect
      .poll(() => fieldError(page, 'CEST').textContent())
      .toBe('CEST inválido: use 7 dígitos');
    await page.getByLabel('CEST', { exact: true }).fill('28.038.00');
    await ctx.screenshot('product-fiscal-1280', true);
    await page.setViewportSize(PHONE);
    // Once the form has laid itself out for the phone (it re-renders on the width change).
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(PHONE.width);
    await ctx.screenshot('product-fiscal-375', true);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/product$/);
    const [product] = await recordsFound(page, '/products', code);
    expect(product).toMatchObject({ code, taxOrigin: '2', cest: '2803800' });
    expect(ctx.consoleErrors).toEqual([]);
  });

  it('fits 375 px without sideways scroll, list and form', async () => {
    const { page } = ctx;
    await page.setViewportSize(PHONE);
    await signInAsAdmin(page);
    await page.goto('/fiscaloperations');
    await expect.poll(() => row(page, SALE).count()).toBe(1);
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await width()).toBeLessThanOrEqual(PHONE.width);
    await ctx.screenshot('fiscal-operations-375');
    await page.getByRole('link', { name: SALE }).click();
    await page.waitForURL(/\/fiscaloperations\/\d+$/);
    await expect
      .poll(() => page.getByLabel('CFOP dentro do estado', { exact: true }).inputValue())
      .toBe('5101');
    expect(await width()).toBeLessThanOrEqual(PHONE.width);
    await ctx.screenshot('fiscal-operation-form-375', true);
  });
});
