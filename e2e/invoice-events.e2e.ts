import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInSaoPaulo } from '../src/shared/plain-date.js';
import { signIn, useBrowser } from './support/browser.js';
import { issuableClient } from './support/fiscal.js';
import { sefazAdmin as admin, startSefazServer, type SefazServer } from './support/sefaz-server.js';

/**
 * An authorised NF-e's events against the SEFAZ double (a server of its own): "Carta de correção"
 * registered from its dialog, then "Cancelar" with a reason, registered by SEFAZ and the invoice
 * cancelled; at 1280 and 375 px without sideways scroll.
 */
const ctx = useBrowser();
let sefaz: SefazServer;

beforeAll(async () => {
  sefaz = await startSefazServer();
}, 180_000);

afterAll(async () => {
  await sefaz?.close();
});

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** An invoice issued and authorised by the double, made through the API. */
async function authorisedInvoice(): Promise<{ id: number; number: number }> {
  const { api } = sefaz;
  const made = async (url: string, body: unknown) => {
    const answer = await api('POST', url, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.id as number;
  };
  // The double's server has the company's CNPJ, UF and A1; an NF-e also needs its IE and address.
  const company = (await api('GET', '/company')).body;
  const saved = await api('PUT', '/company', {
    ...company,
    stateRegistration: '110042490114',
    address: {
      ...company.address,
      zipCode: '01310100',
      street: 'Avenida Paulista',
      number: '1000',
      district: 'Bela Vista',
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const clientId = await made('/clients', issuableClient('Loja Eventos', '11444777000161'));
  const unitId = await made('/units-of-measurement', { code: 'EVT', decimals: 0 });
  const locationId = await made('/stock-locations', { name: 'Expedição eventos' });
  const itemId = await made('/products', {
    code: 'EVT1',
    name: 'Camiseta eventos',
    origin: 'RESALE',
    unitId,
    salePrice: '49.90',
    ncm: '61091000',
  });
  await made('/stock-movements', {
    type: 'IN',
    itemId,
    toLocationId: locationId,
    quantity: '100',
    unitCost: '20.00',
  });
  const categoryId = await made('/financial-categories', {
    name: 'Vendas eventos',
    kind: 'INCOME',
    dreGroup: 'GROSS_REVENUE',
  });
  const operations = await api('GET', '/fiscal-operations?q=Venda de mercadoria');
  const invoiceId = await made('/invoices', {
    fiscalOperationId: operations.body.items[0].id,
    clientId,
    issueDate: todayInSaoPaulo(),
    locationId,
    categoryId,
    items: [{ itemId, quantity: '3' }],
  });
  const issued = await api('POST', `/invoices/${invoiceId}/issue`, {});
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  expect(issued.body.sefazStatus).toBe('AUTHORIZED');
  return { id: invoiceId, number: issued.body.number };
}

describe('Notas Fiscais › eventos da NF-e', () => {
  it('sends a carta de correção and cancels an authorised NF-e at SEFAZ', async () => {
    const { page } = ctx;
    const { server, double } = sefaz;
    const invoice = await authorisedInvoice();
    await signIn(page, admin.email, admin.password, `${server.url}/account/login`);
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${server.url}/invoices/${invoice.id}`);

    await page.getByTestId('invoice-correction').click();
    const correction = page.getByTestId('correction-dialog');
    await correction.getByRole('textbox').fill('curta');
    await page.getByTestId('correction-submit').click();
    await expect
      .poll(() => correction.textContent())
      .toContain('Informe a correção com 15 a 1.000 caracteres.');
    await correction.getByRole('textbox').fill('Onde se le Rua A, leia-se Rua B, numero 10');
    await ctx.screenshot('invoice-correction-1280');
    await page.getByTestId('correction-submit').click();
    await expect
      .poll(() => page.textContent('body'))
      .toContain('Carta de correção registrada na SEFAZ.');
    const events = () => double.requests.filter((r) => r.service === 'NFeRecepcaoEvento4');
    expect(events()).toHaveLength(1);
    expect(events()[0]!.schemaErrors).toEqual([]);

    await page.setViewportSize({ width: 375, height: 800 });
    await page.waitForTimeout(400);
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
    await ctx.screenshot('invoice-authorised-375', true);

    // Cancelled: SEFAZ refuses first (out of time), said in the dialog; then registers it.
    double.reply('NFeRecepcaoEvento4', { cStat: '501' });
    await page.getByTestId('action-cancel').click();
    const dialog = page.getByTestId('cancel-dialog');
    await dialog.getByRole('textbox').fill('Cliente desistiu da compra');
    await page.getByTestId('cancel-submit').click();
    await expect
      .poll(() => page.getByTestId('dialog-refusal').textContent())
      .toContain('A SEFAZ recusou o cancelamento (501)');
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
    await ctx.screenshot('invoice-cancel-refused-375');
    double.reset();
    await page.getByTestId('cancel-submit').click();
    await expect
      .poll(() => page.getByTestId('document-status').first().textContent())
      .toBe('Cancelada');
    expect(events().map((r) => /<tpEvento>(\d+)<\/tpEvento>/.exec(r.messageXml)?.[1])).toEqual([
      '110110',
      '110111',
      '110111',
    ]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForTimeout(400);
    // No carta de correção for a cancelled NF-e.
    expect(await page.getByTestId('invoice-correction').count()).toBe(0);
    await ctx.screenshot('invoice-cancelled-1280', true);
  });
});
