import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../../testing/api-app.js';
import { validateAgainst } from '../nfe/index.js';
import { readyCompany, saleInput } from './testing/invoice-fixtures.js';
import { useSefazScene } from './testing/sefaz-scene.js';

/**
 * "Cancelar" against the SEFAZ double: an authorised NF-e is cancelled by the event 110111 and
 * only when SEFAZ registers it; one SEFAZ never authorised is cancelled in Fabril alone.
 */
const api = useTestApi();
const BASE = '/api/v1/invoices';
const REASON = 'Cliente desistiu da compra';
const scene = useSefazScene(api);
const { send } = scene;

async function issued(reply?: Parameters<typeof api.sefaz.reply>[1]) {
  if (reply) api.sefaz.reply('NFeAutorizacao4', reply);
  const created = await send('POST', BASE, saleInput(scene.fx));
  expect(created.statusCode, created.body).toBe(201);
  const before = await stockOf(scene.fx.products[0]!.id);
  const response = await send('POST', `${BASE}/${created.json().id}/issue`, {});
  expect(response.statusCode, response.body).toBe(200);
  return { invoice: response.json(), stockBefore: before };
}

const stockOf = async (itemId: number) =>
  (
    await api.db
      .selectFrom('stockBalances')
      .select('quantity')
      .where('itemId', '=', itemId)
      .where('locationId', '=', scene.fx.location.id)
      .executeTakeFirst()
  )?.quantity ?? '0';

const eventRequests = () => api.sefaz.requests.filter((r) => r.service === 'NFeRecepcaoEvento4');

const eventsOf = async (id: number) =>
  (await send('GET', `${BASE}/${id}/events`)).json().items as {
    kind: string;
    service: string;
    sequence: number | null;
    statusCode: string | null;
    protocol: string | null;
    requestXml: string;
    responseXml: string | null;
  }[];

/** The invoice as stored, without the route's help. */
const stored = (id: number) =>
  api.db
    .selectFrom('invoices')
    .select(['status', 'sefazStatus', 'cancelledAt'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('an authorised invoice', () => {
  it('is cancelled by the event 110111 registered (135): stock back, bills cancelled, the event listed with its XML', async () => {
    const { invoice, stockBefore } = await issued();
    expect(invoice.sefazStatus).toBe('AUTHORIZED');
    expect(new Decimal(stockBefore).minus(await stockOf(scene.fx.products[0]!.id)).toFixed(0)).toBe(
      '3',
    );

    const response = await send('POST', `${BASE}/${invoice.id}/cancel`, { reason: REASON });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 'CANCELLED', cancelReason: REASON });
    expect(await stockOf(scene.fx.products[0]!.id)).toBe(stockBefore);
    expect(body.movements.every((m: { reversed: boolean }) => m.reversed)).toBe(true);
    expect(body.bills.length).toBeGreaterThan(0);
    expect(body.bills.every((bill: { status: string }) => bill.status === 'CANCELLED')).toBe(true);

    const received = eventRequests().at(-1)!;
    expect(received.schemaErrors).toEqual([]);
    expect(received.signatureValid).toBe(true);
    expect(received.messageXml).toContain(`Id="ID110111${invoice.accessKey}01"`);
    expect(received.messageXml).toContain(`<nProt>${invoice.protocol}</nProt>`);
    expect(received.messageXml).toContain(`<xJust>${REASON}</xJust>`);

    const events = await eventsOf(invoice.id);
    const cancel = events.find((e) => e.kind === 'CANCEL')!;
    expect(cancel).toMatchObject({
      service: 'NFeRecepcaoEvento4',
      sequence: 1,
      statusCode: '135',
    });
    expect(cancel.protocol).toMatch(/^\d{15}$/);
    const envEvento = /<envEvento[\s\S]*<\/envEvento>/.exec(cancel.requestXml)![0];
    expect(validateAgainst('envEventoCancNFe_v1.00.xsd', envEvento)).toEqual({
      valid: true,
      errors: [],
    });
    expect(cancel.responseXml).toContain('<cStat>135</cStat>');

    // The nfeProc stays served: the authorised NF-e, now with its cancellation among the events.
    expect((await send('GET', `${BASE}/${invoice.id}/xml`)).statusCode).toBe(200);
    const again = await send('POST', `${BASE}/${invoice.id}/cancel`, { reason: REASON });
    expect(again.statusCode).toBe(409);
  });

  it('refused by SEFAZ (501, out of time): 422 with the pt-BR message, nothing cancelled, the exchange kept', async () => {
    const { invoice } = await issued();
    const stockBefore = await stockOf(scene.fx.products[0]!.id);
    api.sefaz.reply('NFeRecepcaoEvento4', { cStat: '501' });
    const response = await send('POST', `${BASE}/${invoice.id}/cancel`, { reason: REASON });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('SEFAZ_REJECTED');
    expect(response.json().error.message).toBe(
      'A SEFAZ recusou o cancelamento (501): Rejeição: Pedido de Cancelamento intempestivo (NF-e autorizada a mais de 7 dias). A nota continua autorizada.',
    );
    expect(await stored(invoice.id)).toMatchObject({
      status: 'ISSUED',
      sefazStatus: 'AUTHORIZED',
      cancelledAt: null,
    });
    expect(await stockOf(scene.fx.products[0]!.id)).toBe(stockBefore);
    const detail = (await send('GET', `${BASE}/${invoice.id}`)).json();
    expect(detail.bills.every((bill: { status: string }) => bill.status !== 'CANCELLED')).toBe(
      true,
    );
    const cancel = (await eventsOf(invoice.id)).filter((e) => e.kind === 'CANCEL');
    expect(cancel).toHaveLength(1);
    expect(cancel[0]).toMatchObject({ statusCode: '501', protocol: null });
  });

  it('unanswered: 502 asking to try again, nothing cancelled; sent again, the duplicity (573) cancels it', async () => {
    const { invoice, stockBefore } = await issued();
    api.sefazSettings.timeoutSeconds = 1;
    api.sefaz.reply('NFeRecepcaoEvento4', { silence: true });
    const response = await send('POST', `${BASE}/${invoice.id}/cancel`, { reason: REASON });
    expect(response.statusCode).toBe(502);
    expect(response.json().error.code).toBe('SEFAZ_NO_ANSWER');
    expect(response.json().error.message).toContain('SEFAZ não respondeu; tente de novo');
    expect(await stored(invoice.id)).toMatchObject({ status: 'ISSUED', sefazStatus: 'AUTHORIZED' });
    expect((await eventsOf(invoice.id)).filter((e) => e.kind === 'CANCEL')).toMatchObject([
      { statusCode: null, responseXml: null },
    ]);

    // The first one was registered after all: SEFAZ answers the repeat with 573.
    api.sefazSettings.timeoutSeconds = 10;
    api.sefaz.reply('NFeRecepcaoEvento4', { cStat: '573' });
    const again = await send('POST', `${BASE}/${invoice.id}/cancel`, { reason: REASON });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().status).toBe('CANCELLED');
    expect(await stockOf(scene.fx.products[0]!.id)).toBe(stockBefore);
  });
});

describe('refusals of Fabril', () => {
  it('a paid bill refuses (409) before SEFAZ is asked: the NF-e is not cancelled there alone', async () => {
    const { invoice } = await issued();
    const account = await api.db
      .insertInto('checkingAccounts')
      .values({
        name: `Caixa ${invoice.id}`,
        bankCode: '000',
        openingBalance: '0',
        openingDate: '2026-01-01',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const bill = invoice.bills[0];
    const paid = await send('POST', `/api/v1/bills-to-receive/${bill.id}/receive`, {
      date: '2026-11-21',
      amount: bill.amount,
      checkingAccountId: account.id,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const sent = eventRequests().length;
    const refused = await send('POST', `${BASE}/${invoice.id}/cancel`, { reason: REASON });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('PAID_BILLS');
    expect(eventRequests()).toHaveLength(sent);
    expect(await stored(invoice.id)).toMatchObject({ status: 'ISSUED', sefazStatus: 'AUTHORIZED' });
  });
});

describe('an invoice SEFAZ never authorised', () => {
  it('NOT_SENT is cancelled in Fabril only, no event sent', async () => {
    api.sefazSettings.timeoutSeconds = 1;
    const { invoice } = await issued({ silence: true, processAs: '999' });
    api.sefazSettings.timeoutSeconds = 10;
    const queried = await send('POST', `${BASE}/${invoice.id}/query`, {});
    expect(queried.json().sefazStatus).toBe('NOT_SENT');
    const sent = eventRequests().length;
    const response = await send('POST', `${BASE}/${invoice.id}/cancel`, { reason: REASON });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'CANCELLED', sefazStatus: 'NOT_SENT' });
    expect(eventRequests()).toHaveLength(sent);
    expect((await eventsOf(invoice.id)).some((e) => e.kind === 'CANCEL')).toBe(false);
  });

  it('REJECTED is cancelled in Fabril only, no event sent', async () => {
    const { invoice } = await issued({ cStat: '228' });
    expect(invoice.sefazStatus).toBe('REJECTED');
    const sent = eventRequests().length;
    const response = await send('POST', `${BASE}/${invoice.id}/cancel`, { reason: REASON });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('CANCELLED');
    expect(eventRequests()).toHaveLength(sent);
  });
});

describe('without the A1', () => {
  it('an authorised invoice is not cancelled (422 SEFAZ_NOT_CONFIGURED), nothing sent or changed', async () => {
    const { invoice } = await issued();
    const sent = eventRequests().length;
    expect((await send('DELETE', '/api/v1/company/certificate')).statusCode).toBe(204);
    try {
      const response = await send('POST', `${BASE}/${invoice.id}/cancel`, { reason: REASON });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.code).toBe('SEFAZ_NOT_CONFIGURED');
      expect(eventRequests()).toHaveLength(sent);
      expect(await stored(invoice.id)).toMatchObject({
        status: 'ISSUED',
        sefazStatus: 'AUTHORIZED',
      });
    } finally {
      await readyCompany(api);
    }
  });
});
