import { describe, expect, it } from 'vitest';
import { useTestApi } from '../../testing/api-app.js';
import { userWith } from '../master-data/testing/master-data-helpers.js';
import { CORRECTION_USE_CONDITION, validateAgainst } from '../nfe/index.js';
import { saleInput } from './testing/invoice-fixtures.js';
import { useSefazScene } from './testing/sefaz-scene.js';

/** "Carta de correção" (event 110110) against the SEFAZ double. */
const api = useTestApi();
const BASE = '/api/v1/invoices';
const TEXT = 'Onde se le Rua A, leia-se Rua B, numero 10';
const scene = useSefazScene(api);
const { send, authorisedSale: authorised } = scene;

const corrections = async (id: number) =>
  (
    (await send('GET', `${BASE}/${id}/events`)).json().items as {
      kind: string;
      sequence: number;
      statusCode: string | null;
      protocol: string | null;
      requestXml: string;
    }[]
  ).filter((e) => e.kind === 'CORRECTION');

const envEvento = (requestXml: string) => /<envEvento[\s\S]*<\/envEvento>/.exec(requestXml)![0];

describe('carta de correção', () => {
  it('registers 110110 with the legal text, numbered 1, 2… per invoice, each listed with its valid XML', async () => {
    const invoice = await authorised();
    const first = await send('POST', `${BASE}/${invoice.id}/correction`, { text: TEXT });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'ISSUED', sefazStatus: 'AUTHORIZED' });
    const second = await send('POST', `${BASE}/${invoice.id}/correction`, {
      text: `${TEXT}, apto 2`,
    });
    expect(second.statusCode, second.body).toBe(200);

    const events = await corrections(invoice.id);
    expect(events.map((e) => [e.sequence, e.statusCode])).toEqual([
      [1, '135'],
      [2, '135'],
    ]);
    const xml = envEvento(events[1]!.requestXml);
    expect(validateAgainst('envCCe_v1.00.xsd', xml)).toEqual({ valid: true, errors: [] });
    expect(xml).toContain(`Id="ID110110${invoice.accessKey}02"`);
    expect(xml).toContain(`<xCorrecao>${TEXT}, apto 2</xCorrecao>`);
    expect(xml).toContain(`<xCondUso>${CORRECTION_USE_CONDITION}</xCondUso>`);
    expect(events[1]!.protocol).toMatch(/^\d{15}$/);
    const received = api.sefaz.requests.filter((r) => r.service === 'NFeRecepcaoEvento4').at(-1)!;
    expect(received.schemaErrors).toEqual([]);
    expect(received.signatureValid).toBe(true);
  });

  it('refused by SEFAZ: 422 with its message, kept, and the number reused by the next one', async () => {
    const invoice = await authorised();
    api.sefaz.reply('NFeRecepcaoEvento4', { cStat: '501' });
    const refused = await send('POST', `${BASE}/${invoice.id}/correction`, { text: TEXT });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'SEFAZ_REJECTED' });
    expect(refused.json().error.message).toMatch(/^A SEFAZ recusou a carta de correção \(501\)/);
    api.sefaz.reset();
    expect(
      (await send('POST', `${BASE}/${invoice.id}/correction`, { text: TEXT })).statusCode,
    ).toBe(200);
    expect((await corrections(invoice.id)).map((e) => [e.sequence, e.statusCode])).toEqual([
      [1, '501'],
      [1, '135'],
    ]);
  });

  it('unanswered: 502, and the next one takes the following number', async () => {
    const invoice = await authorised();
    api.sefazSettings.timeoutSeconds = 1;
    api.sefaz.reply('NFeRecepcaoEvento4', { silence: true });
    const silent = await send('POST', `${BASE}/${invoice.id}/correction`, { text: TEXT });
    expect(silent.statusCode).toBe(502);
    expect(silent.json().error.code).toBe('SEFAZ_NO_ANSWER');
    api.sefaz.reset();
    api.sefazSettings.timeoutSeconds = 10;
    expect(
      (await send('POST', `${BASE}/${invoice.id}/correction`, { text: TEXT })).statusCode,
    ).toBe(200);
    expect((await corrections(invoice.id)).map((e) => [e.sequence, e.statusCode])).toEqual([
      [1, null],
      [2, '135'],
    ]);
  });

  it('stops at 20 (422), without asking SEFAZ', async () => {
    const invoice = await authorised();
    for (let n = 1; n <= 20; n += 1) {
      const sent = await send('POST', `${BASE}/${invoice.id}/correction`, { text: `${TEXT} ${n}` });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const asked = api.sefaz.requests.length;
    const more = await send('POST', `${BASE}/${invoice.id}/correction`, { text: TEXT });
    expect(more.statusCode).toBe(422);
    expect(more.json().error.message).toMatch(/20 cartas de correção/);
    expect(api.sefaz.requests).toHaveLength(asked);
  });

  it('only for an authorised invoice not cancelled (409), a text of 15 to 1000 characters (400)', async () => {
    const invoice = await authorised();
    const short = await send('POST', `${BASE}/${invoice.id}/correction`, { text: 'curto' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.text).toBe('Informe a correção com 15 a 1.000 caracteres.');
    const long = await send('POST', `${BASE}/${invoice.id}/correction`, { text: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);

    const cancelled = await send('POST', `${BASE}/${invoice.id}/cancel`, {
      reason: 'Cliente desistiu da compra',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await send('POST', `${BASE}/${invoice.id}/correction`, { text: TEXT });
    expect(after.statusCode).toBe(409);
    expect(after.json().error.code).toBe('INVALID_STATUS');

    const draft = await send('POST', BASE, saleInput(scene.fx));
    const onDraft = await send('POST', `${BASE}/${draft.json().id}/correction`, { text: TEXT });
    expect(onDraft.statusCode).toBe(409);
  });

  it('needs invoices:issue (403 with invoices:cancel and read only)', async () => {
    const invoice = await authorised();
    const clerk = await userWith(api, ['invoices:read', 'invoices:cancel']);
    const refused = await send(
      'POST',
      `${BASE}/${invoice.id}/correction`,
      { text: TEXT },
      clerk.token,
    );
    expect(refused.statusCode).toBe(403);
    const issuer = await userWith(api, ['invoices:read', 'invoices:issue']);
    const allowed = await send(
      'POST',
      `${BASE}/${invoice.id}/correction`,
      { text: TEXT },
      issuer.token,
    );
    expect(allowed.statusCode, allowed.body).toBe(200);
  });
});
