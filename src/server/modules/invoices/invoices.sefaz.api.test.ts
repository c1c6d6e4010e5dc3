import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../../testing/api-app.js';
import { userWith } from '../master-data/testing/master-data-helpers.js';
import { validateNfeProc } from '../nfe/index.js';
import { saleInput } from './testing/invoice-fixtures.js';
import { useSefazScene } from './testing/sefaz-scene.js';

/**
 * "Emitir" = sign + transmit against the SEFAZ double (started by the test app, mutual TLS):
 * each answer's path, what it posts, and the routes Transmitir, Consultar and events.
 */
const api = useTestApi();
const BASE = '/api/v1/invoices';
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

const batches = () => api.sefaz.requests.filter((r) => r.service === 'NFeAutorizacao4');

describe('authorised', () => {
  it('keeps the protocol, serves a valid nfeProc, posts stock and bills, and lists both XMLs among its events', async () => {
    const { invoice, stockBefore } = await issued();
    expect(invoice).toMatchObject({
      status: 'ISSUED',
      sefazStatus: 'AUTHORIZED',
      sefazCode: '100',
    });
    expect(invoice.sefazMessage).toBe('Autorizado o uso da NF-e');
    expect(invoice.protocol).toMatch(/^\d{15}$/);
    expect(Date.parse(invoice.authorizedAt)).not.toBeNaN();
    const batch = batches().at(-1)!;
    expect(batch.schemaErrors).toEqual([]);
    expect(batch.messageXml).toContain('<indSinc>1</indSinc>');
    expect(batch.messageXml).toContain(`Id="NFe${invoice.accessKey}"`);

    const xml = await send('GET', `${BASE}/${invoice.id}/xml`);
    expect(validateNfeProc(xml.body)).toEqual({ valid: true, errors: [] });
    expect(xml.body).toContain(`<chNFe>${invoice.accessKey}</chNFe>`);
    expect(new Decimal(stockBefore).minus(await stockOf(scene.fx.products[0]!.id)).toFixed(0)).toBe(
      '3',
    );
    expect(invoice.movements).toHaveLength(2);
    expect(invoice.bills).toHaveLength(2);

    const events = (await send('GET', `${BASE}/${invoice.id}/events`)).json().items;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: 'AUTHORIZATION',
      service: 'NFeAutorizacao4',
      statusCode: '100',
      protocol: invoice.protocol,
    });
    expect(events[0].requestXml).toContain('<enviNFe');
    expect(events[0].responseXml).toContain('<retEnviNFe');
  });

  it('polls an asynchronous batch (103) with NFeRetAutorizacao4 until it is processed', async () => {
    const { invoice } = await issued({ cStat: '103' });
    expect(invoice.sefazStatus).toBe('AUTHORIZED');
    const kinds = (await send('GET', `${BASE}/${invoice.id}/events`))
      .json()
      .items.map((e: { kind: string; statusCode: string }) => [e.kind, e.statusCode]);
    expect(kinds).toEqual([
      ['AUTHORIZATION', '103'],
      ['RECEIPT', '100'],
    ]);
  });
});

describe('rejected', () => {
  it('posts nothing, says why in pt-BR, is edited and sent again with the same number, then authorised', async () => {
    const { invoice, stockBefore } = await issued({ cStat: '228' });
    expect(invoice).toMatchObject({ status: 'ISSUED', sefazStatus: 'REJECTED', sefazCode: '228' });
    expect(invoice.sefazMessage).toMatch(/^Rejeição/);
    expect(invoice.movements).toEqual([]);
    expect(invoice.bills).toEqual([]);
    expect(await stockOf(scene.fx.products[0]!.id)).toBe(stockBefore);
    expect(invoice.protocol).toBeNull();
    const firstXml = (await send('GET', `${BASE}/${invoice.id}/xml`)).body;

    // Editable again: one unit less of the first line.
    const edited = await send('PUT', `${BASE}/${invoice.id}`, {
      ...saleInput(scene.fx),
      items: [
        { id: invoice.items[0].id, itemId: scene.fx.products[0]!.id, quantity: '2' },
        { id: invoice.items[1].id, itemId: scene.fx.products[1]!.id, quantity: '2' },
      ],
      series: 7,
      version: invoice.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().series).toBe(invoice.series);

    api.sefaz.reset();
    const again = await send('POST', `${BASE}/${invoice.id}/transmit`, {});
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      number: invoice.number,
      series: invoice.series,
      sefazStatus: 'AUTHORIZED',
    });
    const secondXml = (await send('GET', `${BASE}/${invoice.id}/xml`)).body;
    expect(secondXml).not.toBe(firstXml);
    expect(secondXml).toContain('<qCom>2.0000</qCom>');
    expect(validateNfeProc(secondXml).valid).toBe(true);
    expect(new Decimal(stockBefore).minus(await stockOf(scene.fx.products[0]!.id)).toFixed(0)).toBe(
      '2',
    );

    // Authorised, it is neither edited nor sent again.
    const current = again.json();
    expect(
      (
        await send('PUT', `${BASE}/${invoice.id}`, {
          ...saleInput(scene.fx),
          version: current.version,
        })
      ).statusCode,
    ).toBe(409);
    expect((await send('POST', `${BASE}/${invoice.id}/transmit`, {})).statusCode).toBe(409);
  });
});

describe('denied', () => {
  it('spends the number, posts nothing, and cannot be edited, sent or cancelled', async () => {
    const { invoice, stockBefore } = await issued({ cStat: '302' });
    expect(invoice).toMatchObject({ status: 'DENIED', sefazStatus: 'DENIED', sefazCode: '302' });
    expect(invoice.number).toBeGreaterThan(0);
    expect(invoice.movements).toEqual([]);
    expect(invoice.bills).toEqual([]);
    expect(await stockOf(scene.fx.products[0]!.id)).toBe(stockBefore);
    const next = await issued();
    expect(next.invoice.number).toBe(invoice.number + 1);
    for (const [method, url, body] of [
      ['PUT', `${BASE}/${invoice.id}`, { ...saleInput(scene.fx), version: invoice.version }],
      ['POST', `${BASE}/${invoice.id}/transmit`, {}],
      ['POST', `${BASE}/${invoice.id}/cancel`, { reason: 'Cancelamento de teste' }],
    ] as const) {
      expect((await send(method, url, body)).statusCode).toBe(409);
    }
  });
});

describe('silent', () => {
  it('leaves it PENDING with nothing posted, never resends it, and Consultar settles it as authorised', async () => {
    api.sefazSettings.timeoutSeconds = 1;
    const { invoice, stockBefore } = await issued({ silence: true });
    expect(invoice).toMatchObject({ status: 'ISSUED', sefazStatus: 'PENDING' });
    expect(invoice.movements).toEqual([]);
    expect(invoice.bills).toEqual([]);
    expect(await stockOf(scene.fx.products[0]!.id)).toBe(stockBefore);

    const sent = batches().length;
    const resend = await send('POST', `${BASE}/${invoice.id}/transmit`, {});
    expect(resend.statusCode).toBe(409);
    expect(resend.json().error.code).toBe('INVALID_STATUS');
    expect(
      (await send('POST', `${BASE}/${invoice.id}/cancel`, { reason: 'x'.repeat(20) })).statusCode,
    ).toBe(409);
    expect(batches().length).toBe(sent);

    api.sefazSettings.timeoutSeconds = 10;
    const queried = await send('POST', `${BASE}/${invoice.id}/query`, {});
    expect(queried.statusCode, queried.body).toBe(200);
    expect(queried.json()).toMatchObject({ sefazStatus: 'AUTHORIZED', sefazCode: '100' });
    expect(queried.json().protocol).toMatch(/^\d{15}$/);
    expect(new Decimal(stockBefore).minus(await stockOf(scene.fx.products[0]!.id)).toFixed(0)).toBe(
      '3',
    );
    expect(queried.json().bills).toHaveLength(2);
    expect(batches().length).toBe(sent);
    expect(validateNfeProc((await send('GET', `${BASE}/${invoice.id}/xml`)).body).valid).toBe(true);
    const kinds = (await send('GET', `${BASE}/${invoice.id}/events`))
      .json()
      .items.map((e: { kind: string; statusCode: string | null }) => [e.kind, e.statusCode]);
    expect(kinds).toEqual([
      ['AUTHORIZATION', null],
      ['QUERY', '100'],
    ]);
    // Settled, there is nothing left to ask.
    expect((await send('POST', `${BASE}/${invoice.id}/query`, {})).statusCode).toBe(409);
  });

  it('goes back to "not sent" when SEFAZ never received it (217), and is transmitted again', async () => {
    api.sefazSettings.timeoutSeconds = 1;
    const { invoice } = await issued({ silence: true, processAs: '999' });
    expect(invoice.sefazStatus).toBe('PENDING');
    api.sefazSettings.timeoutSeconds = 10;
    const queried = await send('POST', `${BASE}/${invoice.id}/query`, {});
    expect(queried.json()).toMatchObject({ sefazStatus: 'NOT_SENT', sefazCode: '217' });
    expect(queried.json().movements).toEqual([]);
    api.sefaz.reset();
    const again = await send('POST', `${BASE}/${invoice.id}/transmit`, {});
    expect(again.json()).toMatchObject({ sefazStatus: 'AUTHORIZED', number: invoice.number });
  });
});

describe('access', () => {
  it('asks invoices:issue to transmit and query, invoices:read for the events', async () => {
    const { invoice } = await issued({ cStat: '228' });
    const reader = await userWith(api, ['invoices:read']);
    const writer = await userWith(api, ['invoices:read', 'invoices:write']);
    for (const token of [reader.token, writer.token]) {
      expect((await send('POST', `${BASE}/${invoice.id}/transmit`, {}, token)).statusCode).toBe(
        403,
      );
      expect((await send('POST', `${BASE}/${invoice.id}/query`, {}, token)).statusCode).toBe(403);
    }
    expect(
      (await send('GET', `${BASE}/${invoice.id}/events`, undefined, reader.token)).statusCode,
    ).toBe(200);
    const nobody = await userWith(api, []);
    expect(
      (await send('GET', `${BASE}/${invoice.id}/events`, undefined, nobody.token)).statusCode,
    ).toBe(403);
    expect((await send('GET', `${BASE}/999999/events`)).statusCode).toBe(404);
  });
});
