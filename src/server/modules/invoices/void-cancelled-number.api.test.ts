import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../shared/error-codes.js';
import { useTestApi } from '../../testing/api-app.js';
import { userWith } from '../master-data/testing/master-data-helpers.js';
import { validateAgainst } from '../nfe/index.js';
import { saleInput } from './testing/invoice-fixtures.js';
import { useSefazScene } from './testing/sefaz-scene.js';

/**
 * Cancelling an invoice SEFAZ never authorised (NOT_SENT, REJECTED) voids its number at SEFAZ
 * (NFeInutilizacao4, against the double); refused or unanswered, the invoice is cancelled all the
 * same with its number to void, which "Inutilizar numeração" then accepts.
 */
const api = useTestApi();
const BASE = '/api/v1/invoices';
const VOID = '/api/v1/nfe/void-numbers';
const REASON = 'Cliente desistiu da compra';
const scene = useSefazScene(api);
const { send } = scene;

/** An invoice issued, SEFAZ answering `reply` (a rejection), or not at all and then not found. */
async function unauthorised(how: 'REJECTED' | 'NOT_SENT') {
  const created = await send('POST', BASE, saleInput(scene.fx));
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  if (how === 'REJECTED') {
    api.sefaz.reply('NFeAutorizacao4', { cStat: '228' });
  } else {
    api.sefazSettings.timeoutSeconds = 1;
    api.sefaz.reply('NFeAutorizacao4', { silence: true, processAs: '999' });
  }
  const issued = await send('POST', `${BASE}/${id}/issue`, {});
  expect(issued.statusCode, issued.body).toBe(200);
  api.sefaz.reset();
  api.sefazSettings.timeoutSeconds = 10;
  if (how === 'NOT_SENT') {
    const queried = await send('POST', `${BASE}/${id}/query`, {});
    expect(queried.json().sefazStatus).toBe('NOT_SENT');
  } else {
    expect(issued.json().sefazStatus).toBe('REJECTED');
  }
  return issued.json() as { id: number; number: number; series: number };
}

const voidRequests = () => api.sefaz.requests.filter((r) => r.service === 'NFeInutilizacao4');
const voidEvents = async (id: number) =>
  ((await send('GET', `${BASE}/${id}/events`)).json().items as { kind: string }[]).filter(
    (event) => event.kind === 'VOID',
  );
const rangesHolding = (series: number, number: number) =>
  api.db
    .selectFrom('nfeVoidedNumbers')
    .selectAll()
    .where('series', '=', series)
    .where('numberFrom', '<=', number)
    .where('numberTo', '>=', number)
    .execute();

describe('cancelling an invoice SEFAZ never authorised', () => {
  it('NOT_SENT: cancelled, and its number voided at SEFAZ (102), recorded and shown', async () => {
    const invoice = await unauthorised('NOT_SENT');
    const response = await send('POST', `${BASE}/${invoice.id}/cancel`, { reason: REASON });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'CANCELLED',
      sefazStatus: 'NOT_SENT',
      numberVoiding: {
        state: 'VOIDED',
        protocol: expect.stringMatching(/^\d{15}$/),
        voidedAt: expect.any(String),
      },
    });

    const sent = voidRequests().at(-1)!;
    expect(sent.schemaErrors).toEqual([]);
    expect(sent.signatureValid).toBe(true);
    expect(sent.messageXml).toContain(
      `<serie>${invoice.series}</serie><nNFIni>${invoice.number}</nNFIni><nNFFin>${invoice.number}</nNFFin><xJust>${REASON}</xJust>`,
    );
    expect(validateAgainst('inutNFe_v4.00.xsd', sent.messageXml).valid).toBe(true);

    const [range] = await rangesHolding(invoice.series, invoice.number);
    expect(range).toMatchObject({ numberFrom: invoice.number, numberTo: invoice.number });
    expect(range!.protocol).toBe(response.json().numberVoiding.protocol);
    expect(await voidEvents(invoice.id)).toMatchObject([
      { kind: 'VOID', service: 'NFeInutilizacao4', statusCode: '102' },
    ]);
    const listed = (await send('GET', VOID)).json().items as { from: number }[];
    expect(listed.some((item) => item.from === invoice.number)).toBe(true);

    const audit = await api.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'invoices')
      .where('entityId', '=', String(invoice.id))
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action).slice(-2)).toEqual(['cancel', 'voidNumber']);
  });

  it('REJECTED, SEFAZ refusing the voiding: cancelled all the same, the number left to void with the reason', async () => {
    const invoice = await unauthorised('REJECTED');
    api.sefaz.reply('NFeInutilizacao4', { cStat: '241' });
    const response = await send('POST', `${BASE}/${invoice.id}/cancel`, { reason: REASON });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'CANCELLED',
      sefazStatus: 'REJECTED',
      numberVoiding: {
        state: 'TO_VOID',
        protocol: null,
        message:
          'A SEFAZ recusou a inutilização (241): Rejeição: Um número da faixa já foi utilizado',
      },
    });
    expect(await rangesHolding(invoice.series, invoice.number)).toEqual([]);
    expect(await voidEvents(invoice.id)).toMatchObject([{ statusCode: '241' }]);

    // "Inutilizar numeração" now accepts that number, and the invoice reads it as voided.
    api.sefaz.reset();
    const voided = await send('POST', VOID, {
      series: invoice.series,
      from: invoice.number,
      to: invoice.number,
      reason: REASON,
    });
    expect(voided.statusCode, voided.body).toBe(201);
    const detail = (await send('GET', `${BASE}/${invoice.id}`)).json();
    expect(detail.numberVoiding).toMatchObject({
      state: 'VOIDED',
      protocol: voided.json().protocol,
    });
  });

  it('unanswered: cancelled, the number left to void saying SEFAZ did not answer', async () => {
    const invoice = await unauthorised('NOT_SENT');
    api.sefazSettings.timeoutSeconds = 1;
    api.sefaz.reply('NFeInutilizacao4', { silence: true });
    const response = await send('POST', `${BASE}/${invoice.id}/cancel`, { reason: REASON });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('CANCELLED');
    expect(response.json().numberVoiding.state).toBe('TO_VOID');
    expect(response.json().numberVoiding.message).toContain('A SEFAZ não respondeu em 1 segundo.');
    expect(await voidEvents(invoice.id)).toMatchObject([{ statusCode: null, responseXml: null }]);
  });
});

describe('"Inutilizar numeração" and the numbers of cancelled invoices', () => {
  it('still refuses the number of an invoice authorised and then cancelled', async () => {
    const created = await send('POST', BASE, saleInput(scene.fx));
    const issued = await send('POST', `${BASE}/${created.json().id}/issue`, {});
    expect(issued.json().sefazStatus).toBe('AUTHORIZED');
    const { id, number, series } = issued.json();
    const cancelled = await send('POST', `${BASE}/${id}/cancel`, { reason: REASON });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().numberVoiding).toBeNull();

    const before = voidRequests().length;
    const refused = await send('POST', VOID, { series, from: number, to: number, reason: REASON });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe(ErrorCode.NUMBER_IN_USE);
    expect(voidRequests()).toHaveLength(before);
  });

  it('still refuses the number of a rejected invoice not cancelled (it may be sent again)', async () => {
    const invoice = await unauthorised('REJECTED');
    const refused = await send('POST', VOID, {
      series: invoice.series,
      from: invoice.number,
      to: invoice.number,
      reason: REASON,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe(ErrorCode.NUMBER_IN_USE);
  });
});

describe('permissions', () => {
  it('cancelling asks invoices:cancel (the voiding that follows asks nothing more); voiding by hand asks invoices:void', async () => {
    const invoice = await unauthorised('REJECTED');
    api.sefaz.reply('NFeInutilizacao4', { cStat: '241' });
    const reader = await userWith(api, ['invoices:read', 'invoices:void']);
    const body = { reason: REASON };
    expect(
      (await send('POST', `${BASE}/${invoice.id}/cancel`, body, reader.token)).statusCode,
    ).toBe(403);
    const canceller = await userWith(api, ['invoices:read', 'invoices:cancel']);
    const cancelled = await send('POST', `${BASE}/${invoice.id}/cancel`, body, canceller.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().numberVoiding.state).toBe('TO_VOID');

    api.sefaz.reset();
    const range = {
      series: invoice.series,
      from: invoice.number,
      to: invoice.number,
      reason: REASON,
    };
    expect((await send('POST', VOID, range, canceller.token)).statusCode).toBe(403);
    const voider = await userWith(api, ['invoices:read', 'invoices:void']);
    expect((await send('POST', VOID, range, voider.token)).statusCode).toBe(201);
  });
});
