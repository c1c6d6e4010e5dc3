import { describe, expect, it } from 'vitest';
import { useTestApi } from '../../testing/api-app.js';
import { userWith } from '../master-data/testing/master-data-helpers.js';
import { validateAgainst } from '../nfe/index.js';
import { useSefazScene } from './testing/sefaz-scene.js';

/**
 * `GET /invoices/:id/events/:eventId/xml`: a registered cancellation or carta de correção as
 * procEventoNFe (the signed evento + SEFAZ's retEvento), against the SEFAZ double.
 */
const api = useTestApi();
const BASE = '/api/v1/invoices';
const scene = useSefazScene(api);
const { send, authorisedSale: authorised } = scene;

const eventsOf = async (id: number) =>
  (await send('GET', `${BASE}/${id}/events`)).json().items as {
    id: number;
    kind: string;
    statusCode: string | null;
    protocol: string | null;
  }[];

describe('GET /invoices/:id/events/:eventId/xml', () => {
  it('serves a carta de correção and a cancellation as procEventoNFe, valid against their proc schemas', async () => {
    const invoice = await authorised();
    const corrected = await send('POST', `${BASE}/${invoice.id}/correction`, {
      text: 'Endereço de entrega: Rua das Flores, 100',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const cancelled = await send('POST', `${BASE}/${invoice.id}/cancel`, {
      reason: 'Cliente desistiu da compra',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const events = await eventsOf(invoice.id);

    const cases = [
      { kind: 'CORRECTION', type: '110110', schema: 'procCCeNFe_v1.00.xsd' },
      { kind: 'CANCEL', type: '110111', schema: 'procEventoCancNFe_v1.00.xsd' },
    ];
    for (const { kind, type, schema } of cases) {
      const event = events.find((e) => e.kind === kind)!;
      const response = await send('GET', `${BASE}/${invoice.id}/events/${event.id}/xml`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="${type}${invoice.accessKey}01-procEventoNFe.xml"`,
      );
      const xml = response.body;
      expect(xml).toMatch(
        /^<procEventoNFe xmlns="http:\/\/www.portalfiscal.inf.br\/nfe" versao="1.00">/,
      );
      expect(validateAgainst(schema, xml)).toEqual({ valid: true, errors: [] });
      expect(xml).toContain(`<tpEvento>${type}</tpEvento>`);
      expect(xml).toContain(`<nProt>${event.protocol}</nProt>`);
      // The other type's proc schema refuses it: the file is the event's own.
      const other = cases.find((c) => c.kind !== kind)!.schema;
      expect(validateAgainst(other, xml).valid).toBe(false);
    }
  });

  it("answers 404 for another invoice's event, an exchange that is not an event, and an event SEFAZ refused", async () => {
    const first = await authorised();
    const second = await authorised();
    api.sefaz.reply('NFeRecepcaoEvento4', { cStat: '501' });
    const refused = await send('POST', `${BASE}/${second.id}/cancel`, {
      reason: 'Cliente desistiu da compra',
    });
    expect(refused.statusCode).toBe(422);
    api.sefaz.reset();
    const corrected = await send('POST', `${BASE}/${first.id}/correction`, {
      text: 'Endereço de entrega: Rua das Flores, 100',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);

    const correction = (await eventsOf(first.id)).find((e) => e.kind === 'CORRECTION')!;
    expect((await send('GET', `${BASE}/${first.id}/events/${correction.id}/xml`)).statusCode).toBe(
      200,
    );
    const elsewhere = await send('GET', `${BASE}/${second.id}/events/${correction.id}/xml`);
    expect(elsewhere.statusCode).toBe(404);

    const secondEvents = await eventsOf(second.id);
    const authorisation = secondEvents.find((e) => e.kind === 'AUTHORIZATION')!;
    const cancel = secondEvents.find((e) => e.kind === 'CANCEL')!;
    expect(cancel.statusCode).toBe('501');
    for (const event of [authorisation, cancel]) {
      const response = await send('GET', `${BASE}/${second.id}/events/${event.id}/xml`);
      expect(response.statusCode).toBe(404);
    }
  });

  it('asks invoices:read', async () => {
    const invoice = await authorised();
    const corrected = await send('POST', `${BASE}/${invoice.id}/correction`, {
      text: 'Endereço de entrega: Rua das Flores, 100',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const event = (await eventsOf(invoice.id)).find((e) => e.kind === 'CORRECTION')!;
    const url = `${BASE}/${invoice.id}/events/${event.id}/xml`;
    const nobody = await userWith(api, []);
    expect((await send('GET', url, undefined, nobody.token)).statusCode).toBe(403);
    const reader = await userWith(api, ['invoices:read']);
    expect((await send('GET', url, undefined, reader.token)).statusCode).toBe(200);
  });
});
