import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cnpjFrom } from '../src/server/testing/documents.js';
import { pageApi, pageBytes, SCREENSHOTS, signInAsAdmin, useBrowser } from './support/browser.js';
import { created, ok } from './support/documents.js';
import { issuableClient, withIssuingCompany } from './support/fiscal.js';
import { openFromMenu } from './support/menu.js';
import { replyAtSefaz, resetSefaz } from './support/sefaz-control.js';
import { pick } from './support/select.js';

const ctx = useBrowser();
/** Names of this run's own: the browser tests share one server and database, kept across runs. */
const RUN = Date.now().toString(36).slice(-6).toUpperCase();
const CLIENT = `Loja NF ${RUN}`;
const PRODUCT = { code: `NFP${RUN}`, name: `Camiseta NF ${RUN}` };

const sefazTag = (page: Page) => page.getByTestId('sefaz-status').first();
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
async function settled(page: Page) {
  await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
  await page.waitForTimeout(400);
}

/** A client with a full address, a product without NCM yet, with a sale price and stock. */
async function seed(page: Page) {
  const client = await created(
    page,
    '/clients',
    issuableClient(CLIENT, cnpjFrom(String(Date.now()).slice(-12))),
  );
  const unit = await created(page, '/units-of-measurement', {
    code: `N${RUN.slice(-5)}`,
    decimals: 0,
  });
  const location = await created(page, '/stock-locations', { name: `Expedição ${RUN}` });
  const product = await created(page, '/products', {
    ...PRODUCT,
    origin: 'RESALE',
    unitId: unit.id,
    salePrice: '49.90',
  });
  await created(page, '/stock-movements', {
    type: 'IN',
    itemId: product.id,
    toLocationId: location.id,
    quantity: '100',
    unitCost: '20.00',
  });
  return { client, location, product };
}

describe('Financeiro › Notas Fiscais', () => {
  it('writes a draft, lists what the NF-e lacks, issues it, shows a rejection, transmits it again and gives its protocol, DANFE and XML', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    await withIssuingCompany(page, async () => {
      const scene = await seed(page);

      await openFromMenu(page, 'Financeiro', 'Notas Fiscais');
      await page.getByRole('button', { name: 'Nova nota' }).click();
      await pick(page, 'Natureza de operação', 'Venda de mercadoria');
      await pick(page, 'Cliente', CLIENT);
      await pick(page, 'Local de estoque', `Expedição ${RUN}`);
      await pick(page, 'Item, linha 1', PRODUCT.code);
      // The item's sale price fills the line; the preview figures it as typed.
      await expect
        .poll(() => page.getByLabel('Preço unitário, linha 1').inputValue())
        .toBe('49,90');
      await page.getByLabel('Quantidade, linha 1').fill('3');
      await expect.poll(() => page.getByTestId('total-invoice').textContent()).toContain('149,70');
      await page.getByLabel('Categoria').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect.poll(() => page.url()).toMatch(/\/invoices\/\d+$/);
      const id = Number(page.url().split('/').pop());

      // The product has no NCM yet: "Emitir" says what to fill in and issues nothing.
      await page.getByTestId('action-issue').click();
      await page.locator('.ant-popconfirm .ant-btn-primary').click();
      const problems = page.getByTestId('issue-problems');
      await expect.poll(() => problems.textContent()).toContain(`NCM do item 1 (${PRODUCT.name})`);
      expect((await pageApi(page, 'GET', `/invoices/${id}`)).body.status).toBe('DRAFT');
      await settled(page);
      await ctx.screenshot('invoice-incomplete-1280');

      // Filled in on the product, the same draft issues; SEFAZ rejects it first (228): its
      // message shows, nothing is posted, and "Transmitir" sends it again with its number.
      const product = (await pageApi(page, 'GET', `/products/${scene.product.id}`)).body;
      await ok(page, 'PUT', `/products/${scene.product.id}`, { ...product, ncm: '61091000' });
      await replyAtSefaz('NFeAutorizacao4', { cStat: '228' });
      try {
        await page.getByTestId('action-issue').click();
        await page.locator('.ant-popconfirm .ant-btn-primary').click();
        await expect.poll(() => sefazTag(page).textContent()).toBe('Rejeitada');
      } finally {
        await resetSefaz();
      }
      const rejected = (await pageApi(page, 'GET', `/invoices/${id}`)).body;
      expect(rejected).toMatchObject({
        status: 'ISSUED',
        sefazStatus: 'REJECTED',
        sefazCode: '228',
      });
      const rejection = page.getByTestId('sefaz-rejection');
      await expect
        .poll(() => rejection.textContent())
        .toContain(`Código 228: ${rejected.sefazMessage}`);
      expect(rejected.sefazMessage).toMatch(/^Rejeição/);
      expect(rejected.bills).toEqual([]);
      expect(await page.getByText('A nota não gerou títulos.').count()).toBe(1);
      expect(await page.getByTestId('action-query').count()).toBe(0);
      await expect.poll(() => page.getByTestId('invoice-events').textContent()).toContain('228');
      await settled(page);
      await ctx.screenshot('invoice-rejected-1280', true);

      await page.getByTestId('action-transmit').click();
      await expect.poll(() => sefazTag(page).textContent()).toBe('Autorizada');
      expect(await page.getByTestId('sefaz-rejection').count()).toBe(0);
      expect(await page.getByTestId('action-transmit').count()).toBe(0);
      const issued = (await pageApi(page, 'GET', `/invoices/${id}`)).body;
      expect(issued.number).toBe(rejected.number);
      expect(issued.protocol).toMatch(/^\d{15}$/);
      await expect
        .poll(() => page.getByTestId('invoice-protocol').textContent())
        .toBe(issued.protocol);
      expect(await page.getByTestId('sefaz-authorization').textContent()).toContain(
        'Autorizada em',
      );
      const groups = (issued.accessKey as string).match(/.{4}/g)!.join(' ');
      await expect.poll(() => page.getByTestId('access-key').textContent()).toContain(groups);
      expect(await page.getByTestId('issue-problems').count()).toBe(0);
      await expect.poll(() => page.getByTestId('invoice-bills').textContent()).toContain('149,70');
      // Both exchanges are listed, oldest first, each with the XML SEFAZ answered.
      const events = page.getByTestId('invoice-events').locator('tbody tr.ant-table-row');
      await expect.poll(() => events.count()).toBe(2);
      expect(await events.nth(0).textContent()).toContain('228');
      expect(await events.nth(1).textContent()).toContain('Autorização');
      expect(await events.nth(1).textContent()).toContain('100');
      const [answer] = await Promise.all([
        page.waitForEvent('download'),
        events.nth(1).getByTestId('event-response-xml').click(),
      ]);
      expect(fs.readFileSync((await answer.path())!, 'utf8')).toContain(
        `<nProt>${issued.protocol}</nProt>`,
      );
      await settled(page);
      await ctx.screenshot('invoice-issued-1280', true);

      // The DANFE opens in a tab; read with the page's token, it is the NF-e printed.
      const [danfeResponse, tab] = await Promise.all([
        page.waitForResponse((response) => /\/invoices\/\d+\/danfe$/.test(response.url())),
        page.context().waitForEvent('page'),
        page.getByTestId('invoice-danfe').click(),
      ]);
      expect(danfeResponse.status()).toBe(200);
      await tab.close();
      const danfe = await pageBytes(page, `/api/v1/invoices/${id}/danfe`);
      expect(danfe.type).toBe('application/pdf');
      fs.mkdirSync(SCREENSHOTS, { recursive: true });
      const pdfFile = path.join(SCREENSHOTS, 'invoice-danfe.pdf');
      fs.writeFileSync(pdfFile, danfe.body);
      const text = execFileSync('pdftotext', ['-raw', pdfFile, '-']).toString();
      // Authorised in homologation: the protocol printed, no "not sent" mark, still no value.
      for (const expected of [groups, PRODUCT.name, issued.protocol, 'SEM VALOR FISCAL']) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain('NÃO TRANSMITIDA');
      execFileSync('pdftoppm', [
        '-png',
        '-r',
        '80',
        '-singlefile',
        pdfFile,
        path.join(SCREENSHOTS, 'invoice-danfe'),
      ]);
      expect(fs.existsSync(path.join(SCREENSHOTS, 'invoice-danfe.png'))).toBe(true);

      // The XML downloads as <key>-procNFe.xml: the signed NF-e with SEFAZ's protocol (nfeProc).
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('invoice-xml').click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${issued.accessKey}-procNFe.xml`);
      const xml = fs.readFileSync((await download.path())!, 'utf8');
      expect(xml).toContain(`Id="NFe${issued.accessKey}"`);
      expect(xml).toMatch(/^(<\?xml[^>]*\?>\s*)?<nfeProc /);
      expect(xml).toContain('<Signature');
      expect(xml).toContain(`<nProt>${issued.protocol}</nProt>`);

      // On a phone the page keeps to the screen's width.
      await page.setViewportSize({ width: 375, height: 740 });
      await page.reload();
      await page.getByTestId('access-key').waitFor();
      await settled(page);
      expect(await pageWidth(page)).toBeLessThanOrEqual(375);
      await ctx.screenshot('invoice-issued-375', true);
      await page.goto('/invoices');
      await page.getByTestId('invoices-table').waitFor();
      await settled(page);
      expect(await pageWidth(page)).toBeLessThanOrEqual(375);
      await ctx.screenshot('invoices-list-375');
      await page.setViewportSize({ width: 1280, height: 800 });
    });
    // Two trips to SEFAZ besides the rest: more than the default minute on a busy machine.
  }, 120_000);
});
