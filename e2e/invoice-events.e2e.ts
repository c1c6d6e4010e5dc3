import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInSaoPaulo } from '../src/shared/plain-date.js';
import { signIn, useBrowser } from './support/browser.js';
import { issuableClient } from './support/fiscal.js';
import { sefazAdmin as admin, startSefazServer, type SefazServer } from './support/sefaz-server.js';

/**
 * An authorised NF-e's events against the SEFAZ double (a server of its own): "Carta de correção"
 * registered from its dialog, then "Cancelar" with a reason, registered by SEFAZ and the invoice
 * cancelled, each event downloaded as procEventoNFe ("Evento (XML)"); an invoice that never
 * reached SEFAZ cancelled, and its number voided there; at 1280 and 375 px without sideways scroll.
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

/** What an invoice needs, made once through the API: the company's IE and address, a client… */
let made: Promise<Record<string, number>> | undefined;

function invoiceParts(): Promise<Record<string, number>> {
  made ??= (async () => {
    const { api } = sefaz;
    const create = async (url: string, body: unknown) => {
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
    const clientId = await create('/clients', issuableClient('Loja Eventos', '11444777000161'));
    const unitId = await create('/units-of-measurement', { code: 'EVT', decimals: 0 });
    const locationId = await create('/stock-locations', { name: 'Expedição eventos' });
    const itemId = await create('/products', {
      code: 'EVT1',
      name: 'Camiseta eventos',
      origin: 'RESALE',
      unitId,
      salePrice: '49.90',
      ncm: '61091000',
    });
    await create('/stock-movements', {
      type: 'IN',
      itemId,
      toLocationId: locationId,
      quantity: '100',
      unitCost: '20.00',
    });
    const categoryId = await create('/financial-categories', {
      name: 'Vendas eventos',
      kind: 'INCOME',
      dreGroup: 'GROSS_REVENUE',
    });
    const operations = await api('GET', '/fiscal-operations?q=Venda de mercadoria');
    return {
      fiscalOperationId: operations.body.items[0].id,
      clientId,
      locationId,
      categoryId,
      itemId,
    };
  })();
  return made;
}

/** An invoice issued through the API: authorised by the double, or never received by it. */
async function issuedInvoice(
  outcome: 'AUTHORIZED' | 'NOT_SENT' = 'AUTHORIZED',
): Promise<{ id: number; number: number; accessKey: string }> {
  const { api, double } = sefaz;
  const { itemId, ...parts } = await invoiceParts();
  const created = await api('POST', '/invoices', {
    ...parts,
    issueDate: todayInSaoPaulo(),
    items: [{ itemId, quantity: '3' }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const invoiceId = created.body.id as number;
  // Lost on its way: the double keeps silent (the server gives up after NFE_TIMEOUT_S) and,
  // asked, knows nothing of it (217).
  if (outcome === 'NOT_SENT') double.reply('NFeAutorizacao4', { silence: true, processAs: '999' });
  const issued = await api('POST', `/invoices/${invoiceId}/issue`, {});
  double.reset();
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  if (outcome === 'NOT_SENT') {
    const queried = await api('POST', `/invoices/${invoiceId}/query`, {});
    expect(queried.body.sefazStatus).toBe('NOT_SENT');
  } else {
    expect(issued.body.sefazStatus).toBe('AUTHORIZED');
  }
  return { id: invoiceId, number: issued.body.number, accessKey: issued.body.accessKey };
}

/** The file "Evento (XML)" of the events list's `index`-th registered event saves. */
async function downloadedEvent(page: Page, index: number) {
  const download = page.waitForEvent('download');
  await page.getByTestId('event-proc-xml').nth(index).click();
  const file = await download;
  return { name: file.suggestedFilename(), xml: fs.readFileSync((await file.path())!, 'utf8') };
}

describe('Notas Fiscais › eventos da NF-e', () => {
  it('sends a carta de correção and cancels an authorised NF-e at SEFAZ', async () => {
    const { page } = ctx;
    const { server, double } = sefaz;
    const invoice = await issuedInvoice();
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

    // Each registered event as the file the recipient keeps: the refused cancellation has none.
    await expect.poll(() => page.getByTestId('event-proc-xml').count()).toBe(2);
    const correctionFile = await downloadedEvent(page, 0);
    expect(correctionFile.name).toBe(`110110${invoice.accessKey}01-procEventoNFe.xml`);
    expect(correctionFile.xml).toMatch(/^<procEventoNFe [^>]*versao="1.00">/);
    expect(correctionFile.xml).toContain('<xCorrecao>Onde se le Rua A, leia-se Rua B, numero 10');
    const cancelFile = await downloadedEvent(page, 1);
    expect(cancelFile.name).toBe(`110111${invoice.accessKey}01-procEventoNFe.xml`);
    expect(cancelFile.xml).toContain('<cStat>135</cStat>');
    await page.getByTestId('invoice-events').scrollIntoViewIfNeeded();
    await ctx.screenshot('invoice-event-xml-1280');
  });

  it('cancels an invoice that never reached SEFAZ and voids its number there', async () => {
    const { page } = ctx;
    const { server, double } = sefaz;
    const invoice = await issuedInvoice('NOT_SENT');
    const voidings = () => double.requests.filter((r) => r.service === 'NFeInutilizacao4');
    await signIn(page, admin.email, admin.password, `${server.url}/account/login`);
    await page.waitForURL(/\/dashboard$/);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${server.url}/invoices/${invoice.id}`);
    await expect.poll(() => page.getByTestId('not-transmitted').count()).toBe(1);

    await page.getByTestId('action-cancel').click();
    const dialog = page.getByTestId('cancel-dialog');
    await expect.poll(() => dialog.textContent()).toContain('seu número é inutilizado na SEFAZ');
    await dialog.getByRole('textbox').fill('Nota emitida por engano');
    await page.getByTestId('cancel-submit').click();
    await expect
      .poll(() => page.getByTestId('document-status').first().textContent())
      .toBe('Cancelada');
    await expect
      .poll(() => page.textContent('body'))
      .toContain(`Nota fiscal cancelada; o número ${invoice.number} foi inutilizado na SEFAZ.`);
    const voided = page.getByTestId('number-voided');
    await expect
      .poll(() => voided.textContent())
      .toContain(`Número ${invoice.number} da série 1 inutilizado na SEFAZ`);
    expect(await voided.textContent()).toMatch(/Protocolo \d{15}/);
    expect(voidings()).toHaveLength(1);
    expect(voidings()[0]!.schemaErrors).toEqual([]);
    expect(voidings()[0]!.messageXml).toContain(
      `<nNFIni>${invoice.number}</nNFIni><nNFFin>${invoice.number}</nNFFin>`,
    );
    await expect
      .poll(() => page.getByTestId('invoice-events').textContent())
      .toContain('Inutilização do número');
    await page.waitForTimeout(400);
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
    await ctx.screenshot('invoice-number-voided-375', true);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForTimeout(400);
    await voided.scrollIntoViewIfNeeded();
    await ctx.screenshot('invoice-number-voided-1280');
  });
});
