import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { todayInSaoPaulo } from '../src/shared/plain-date.js';
import { cnpjFrom } from '../src/server/testing/documents.js';
import { pageApi, signInAsAdmin, useBrowser } from './support/browser.js';
import { created } from './support/documents.js';
import { issuableClient, withIssuingCompany } from './support/fiscal.js';
import { replyAtSefaz, resetSefaz } from './support/sefaz-control.js';

/**
 * NF-e contingency on the shared server and its SEFAZ double: the UF's authoriser (SP) stops, the
 * banner offers "Entrar em contingência (SVC)", a reason turns it on, an invoice issued meanwhile
 * is authorised by SVC-AN (tpEmis 6 in its key) and its page says so, and "Voltar ao normal" ends
 * it; at 1280 and 375 px without sideways scroll.
 */
const ctx = useBrowser();
/** Names of this run's own: the browser tests share one server and database, kept across runs. */
const RUN = Date.now().toString(36).slice(-6).toUpperCase();
const REASON = 'SEFAZ-SP fora do ar desde cedo, sem previsao';

/** The Notas Fiscais banner (the list's rows carry SEFAZ tags of the same test id). */
const banner = (page: Page) => page.locator('.ant-alert[data-testid="sefaz-status"]');
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
async function settled(page: Page) {
  await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
  await page.waitForTimeout(400);
}

/** A draft NF-e ready to issue: client, product with NCM and stock, category. */
async function draftInvoice(page: Page): Promise<number> {
  const client = await created(
    page,
    '/clients',
    issuableClient(`Loja SVC ${RUN}`, cnpjFrom(String(Date.now()).slice(-12))),
  );
  const unit = await created(page, '/units-of-measurement', {
    code: `V${RUN.slice(-5)}`,
    decimals: 0,
  });
  const location = await created(page, '/stock-locations', { name: `Expedição SVC ${RUN}` });
  const product = await created(page, '/products', {
    code: `SVC${RUN}`,
    name: `Camiseta SVC ${RUN}`,
    origin: 'RESALE',
    unitId: unit.id,
    salePrice: '49.90',
    ncm: '61091000',
  });
  await created(page, '/stock-movements', {
    type: 'IN',
    itemId: product.id,
    toLocationId: location.id,
    quantity: '10',
    unitCost: '20.00',
  });
  const category = await created(page, '/financial-categories', {
    name: `Vendas SVC ${RUN}`,
    kind: 'INCOME',
    dreGroup: 'GROSS_REVENUE',
  });
  const operations = await pageApi(page, 'GET', '/fiscal-operations?q=Venda de mercadoria');
  const invoice = await created(page, '/invoices', {
    fiscalOperationId: operations.body.items[0].id,
    clientId: client.id,
    issueDate: todayInSaoPaulo(),
    locationId: location.id,
    categoryId: category.id,
    items: [{ itemId: product.id, quantity: '2' }],
  });
  return invoice.id as number;
}

describe('Notas Fiscais › contingência SVC', () => {
  it('enters contingency when SEFAZ-SP is down, issues through SVC-AN and goes back to normal', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    await withIssuingCompany(page, async () => {
      try {
        const id = await draftInvoice(page);
        await replyAtSefaz('NFeStatusServico4', { cStat: '108' });
        await page.goto('/invoices');
        await banner(page).getByRole('button', { name: 'Verificar novamente' }).click();
        await expect.poll(() => banner(page).textContent()).toContain('Paralisado');
        await settled(page);
        await ctx.screenshot('nfe-contingency-offer-1280');
        await page.setViewportSize({ width: 375, height: 800 });
        await page.waitForTimeout(400);
        expect(await pageWidth(page)).toBeLessThanOrEqual(375);
        await ctx.screenshot('nfe-contingency-offer-375');
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.waitForTimeout(400);

        await banner(page).getByTestId('contingency-on').click();
        const dialog = page.getByTestId('contingency-dialog');
        await expect.poll(() => dialog.textContent()).toContain('SVC-AN');
        await dialog.getByRole('textbox').fill('curta');
        await page.getByTestId('contingency-submit').click();
        await expect
          .poll(() => dialog.textContent())
          .toContain('Informe a justificativa da contingência com 15 a 256 caracteres.');
        await dialog.getByRole('textbox').fill(REASON);
        await expect.poll(() => dialog.textContent()).not.toContain('Informe a justificativa');
        await ctx.screenshot('nfe-contingency-dialog-1280');
        await page.getByTestId('contingency-submit').click();
        await expect
          .poll(() => banner(page).getByTestId('contingency-mode').textContent())
          .toMatch(/^Em contingência SVC-AN desde \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
        expect(await banner(page).textContent()).toContain(`Justificativa: ${REASON}`);
        expect(await banner(page).getByTestId('contingency-on').count()).toBe(0);
        await settled(page);
        await ctx.screenshot('nfe-contingency-on-1280');

        // Issued now, it goes to SVC-AN (tpEmis 6 in its key) and is authorised there.
        await page.goto(`/invoices/${id}`);
        await page.getByTestId('action-issue').click();
        await page.locator('.ant-popconfirm .ant-btn-primary').click();
        await expect
          .poll(() => page.getByTestId('sefaz-status').first().textContent())
          .toBe('Autorizada');
        const issued = (await pageApi(page, 'GET', `/invoices/${id}`)).body;
        expect(issued.sefazStatus).toBe('AUTHORIZED');
        expect(issued.accessKey.charAt(34)).toBe('6');
        await expect
          .poll(() => page.getByTestId('emission-mode').textContent())
          .toBe('Emitida em contingência SVC-AN');
        await settled(page);
        // The toast goes first: it would cover the key's card.
        await page.locator('.ant-notification-notice-close').first().click();
        await expect.poll(() => page.locator('.ant-notification-notice').count()).toBe(0);
        await page.getByTestId('emission-mode').scrollIntoViewIfNeeded();
        await ctx.screenshot('nfe-contingency-invoice-1280');

        await page.setViewportSize({ width: 375, height: 800 });
        await page.waitForTimeout(400);
        expect(await pageWidth(page)).toBeLessThanOrEqual(375);
        await page.getByTestId('emission-mode').scrollIntoViewIfNeeded();
        await ctx.screenshot('nfe-contingency-invoice-375');
        await page.goto('/invoices');
        await expect
          .poll(() => banner(page).getByTestId('contingency-mode').textContent())
          .toContain('Em contingência SVC-AN');
        await settled(page);
        expect(await pageWidth(page)).toBeLessThanOrEqual(375);
        await ctx.screenshot('nfe-contingency-on-375');

        // Back to normal: asked first, then the banner gives SEFAZ's status again.
        await resetSefaz();
        await banner(page).getByTestId('contingency-off').click();
        const question = page.locator('.ant-modal-confirm');
        await expect.poll(() => question.count()).toBe(1);
        // Drawn in place under reduced motion (support/browser.ts): no zoom under way to click
        // through (once a click on "Voltar ao normal" met the page behind and the question stayed).
        expect(await question.getAttribute('class')).not.toMatch(/ant-zoom/);
        await question.getByRole('button', { name: 'Voltar ao normal' }).click();
        await expect.poll(() => page.textContent('body')).toContain('Emissão normal retomada.');
        await expect.poll(() => banner(page).getByTestId('contingency-mode').count()).toBe(0);
        expect((await pageApi(page, 'GET', '/nfe/contingency')).body.mode).toBe('NORMAL');
        await page.setViewportSize({ width: 1280, height: 800 });
      } finally {
        await resetSefaz();
        await pageApi(page, 'DELETE', '/nfe/contingency');
        // The server keeps the status a minute: the next files find SEFAZ in operation.
        await pageApi(page, 'GET', '/nfe/status?refresh=true');
      }
    });
  });
});
