import { describe, expect, it } from 'vitest';
import { useTestApi } from '../../testing/api-app.js';
import { userWith } from '../master-data/testing/master-data-helpers.js';
import { validateNfeProc } from '../nfe/index.js';
import { saleInput } from './testing/invoice-fixtures.js';
import { useSefazScene } from './testing/sefaz-scene.js';

/**
 * NF-e contingency (`/nfe/contingency`) against the SEFAZ double: on only while the UF's
 * authoriser (SP) is not in operation, invoices keyed tpEmis 6 and sent to SVC-AN meanwhile,
 * their queries and events there too, off only when none of them awaits an answer.
 */
const api = useTestApi();
const BASE = '/api/v1';
const CONTINGENCY = `${BASE}/nfe/contingency`;
const REASON = 'SEFAZ-SP fora do ar desde as 9h';
const scene = useSefazScene(api);
const { send } = scene;

const requestsTo = (service: string) => api.sefaz.requests.filter((r) => r.service === service);

async function issue() {
  const created = await send('POST', `${BASE}/invoices`, saleInput(scene.fx));
  expect(created.statusCode, created.body).toBe(201);
  const issued = await send('POST', `${BASE}/invoices/${created.json().id}/issue`, {});
  expect(issued.statusCode, issued.body).toBe(200);
  return issued.json();
}

async function turnOn() {
  api.sefaz.reply('NFeStatusServico4', { cStat: '108' });
  const on = await send('PUT', CONTINGENCY, { reason: REASON });
  expect(on.statusCode, on.body).toBe(200);
  api.sefaz.reset();
  return on.json();
}

describe('turning it on and off', () => {
  it('starts normal and names the SVC of the UF', async () => {
    const response = await send('GET', CONTINGENCY);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      mode: 'NORMAL',
      since: null,
      reason: null,
      contingencyMode: 'SVC_AN',
    });
  });

  it('refuses with 409 while the home authoriser answers 107, asking it afresh each time', async () => {
    const asked = requestsTo('NFeStatusServico4').length;
    for (let i = 0; i < 2; i += 1) {
      const refused = await send('PUT', CONTINGENCY, { reason: REASON });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('SEFAZ_IN_OPERATION');
      expect(refused.json().error.message).toBe(
        'A SEFAZ autorizadora (SP) está em operação: emita normalmente. A contingência só pode ser ativada quando ela estiver fora do ar ou inacessível.',
      );
    }
    const status = requestsTo('NFeStatusServico4').slice(asked);
    expect(status).toHaveLength(2);
    // The UF's own authoriser is asked, not an SVC.
    expect(status.map((r) => r.path)).toEqual(['/NFeStatusServico4', '/NFeStatusServico4']);
    expect((await send('GET', CONTINGENCY)).json().mode).toBe('NORMAL');
  });

  it('takes a reason of 15 to 256 characters', async () => {
    api.sefaz.reply('NFeStatusServico4', { cStat: '108' });
    for (const reason of ['curta demais', 'x'.repeat(257)]) {
      const refused = await send('PUT', CONTINGENCY, { reason });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields.reason).toBe(
        'Informe a justificativa da contingência com 15 a 256 caracteres.',
      );
    }
  });

  it('is read with invoices:read and switched only with invoices:issue (403)', async () => {
    const reader = await userWith(api, ['invoices:read']);
    expect((await send('GET', CONTINGENCY, undefined, reader.token)).statusCode).toBe(200);
    api.sefaz.reply('NFeStatusServico4', { cStat: '108' });
    expect((await send('PUT', CONTINGENCY, { reason: REASON }, reader.token)).statusCode).toBe(403);
    expect((await send('DELETE', CONTINGENCY, undefined, reader.token)).statusCode).toBe(403);
    const nobody = await userWith(api, ['clients:read']);
    expect((await send('GET', CONTINGENCY, undefined, nobody.token)).statusCode).toBe(403);
    expect((await send('GET', CONTINGENCY)).json().mode).toBe('NORMAL');
  });

  it('turns on when the home authoriser is unreachable or answers badly, keeps dhCont on a new reason, audits each switch', async () => {
    api.sefaz.reply('NFeStatusServico4', { fault: 'Servico indisponivel' });
    const on = await send('PUT', CONTINGENCY, { reason: REASON });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ mode: 'SVC_AN', reason: REASON, contingencyMode: 'SVC_AN' });
    const since = on.json().since;
    expect(Date.parse(since)).not.toBeNaN();

    api.sefaz.reply('NFeStatusServico4', { cStat: '109' });
    const again = await send('PUT', CONTINGENCY, { reason: `${REASON}, sem previsão` });
    expect(again.json()).toMatchObject({ since, reason: `${REASON}, sem previsão` });

    const off = await send('DELETE', CONTINGENCY);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({
      mode: 'NORMAL',
      since: null,
      reason: null,
      contingencyMode: 'SVC_AN',
    });
    // Off again is no change.
    expect((await send('DELETE', CONTINGENCY)).statusCode).toBe(200);

    const audit = await api.db
      .selectFrom('auditLog')
      .select(['changes'])
      .where('entity', '=', 'company')
      .where('action', '=', 'contingency')
      .orderBy('id')
      .execute();
    expect(audit).toHaveLength(3);
    expect(audit[0]!.changes).toMatchObject({
      nfeContingencyMode: { from: 'NORMAL', to: 'SVC_AN' },
      nfeContingencyReason: { from: null, to: REASON },
    });
    expect(audit[1]!.changes).not.toHaveProperty('nfeContingencySince');
    expect(audit[2]!.changes).toMatchObject({
      nfeContingencyMode: { from: 'SVC_AN', to: 'NORMAL' },
      nfeContingencySince: { from: since, to: null },
    });
  });
});

describe('issuing in contingency', () => {
  it('keys the NF-e tpEmis 6 with dhCont and xJust, sends it to SVC-AN and is authorised there', async () => {
    const state = await turnOn();
    const invoice = await issue();
    expect(invoice.sefazStatus).toBe('AUTHORIZED');
    expect(invoice.accessKey.charAt(34)).toBe('6');

    const batch = requestsTo('NFeAutorizacao4').at(-1)!;
    expect(batch.path).toBe('/SVCAN/NFeAutorizacao4');
    expect(batch.authoriser).toBe('SVCAN');
    expect(batch.schemaErrors).toEqual([]);
    expect(batch.messageXml).toContain('<tpEmis>6</tpEmis>');
    expect(batch.messageXml).toContain(`<xJust>${REASON}</xJust>`);
    const dhCont = /<dhCont>([^<]+)<\/dhCont>/.exec(batch.messageXml)?.[1];
    expect(Date.parse(dhCont!)).toBe(Math.floor(Date.parse(state.since) / 1000) * 1000);

    const events = await api.db
      .selectFrom('invoiceSefazEvents')
      .select(['kind', 'statusCode', 'url'])
      .where('invoiceId', '=', invoice.id)
      .execute();
    expect(events).toEqual([
      { kind: 'AUTHORIZATION', statusCode: '100', url: `${api.sefaz.url}/SVCAN/NFeAutorizacao4` },
    ]);
    const xml = (await send('GET', `${BASE}/invoices/${invoice.id}/xml`)).body;
    expect(validateNfeProc(xml)).toEqual({ valid: true, errors: [] });

    // Its cancellation goes where its key says, SVC-AN, even once back to normal.
    expect((await send('DELETE', CONTINGENCY)).statusCode).toBe(200);
    const cancelled = await send('POST', `${BASE}/invoices/${invoice.id}/cancel`, {
      reason: 'Cancelamento de teste em contingencia',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(requestsTo('NFeRecepcaoEvento4').at(-1)!.path).toBe('/SVCAN/NFeRecepcaoEvento4');
  });

  it('re-keys and re-signs a rejected invoice sent again in contingency, with the same number', async () => {
    api.sefaz.reply('NFeAutorizacao4', { cStat: '225' });
    const rejected = await issue();
    expect(rejected.sefazStatus).toBe('REJECTED');
    expect(rejected.accessKey.charAt(34)).toBe('1');
    expect(requestsTo('NFeAutorizacao4').at(-1)!.path).toBe('/NFeAutorizacao4');

    await turnOn();
    const again = await send('POST', `${BASE}/invoices/${rejected.id}/transmit`, {});
    expect(again.statusCode, again.body).toBe(200);
    const sent = again.json();
    expect(sent).toMatchObject({ number: rejected.number, sefazStatus: 'AUTHORIZED' });
    expect(sent.accessKey.charAt(34)).toBe('6');
    // The same cNF and number: only tpEmis (and the check digit) moved.
    expect(sent.accessKey.slice(0, 34)).toBe(rejected.accessKey.slice(0, 34));
    expect(sent.accessKey.slice(35, 43)).toBe(rejected.accessKey.slice(35, 43));
    expect(requestsTo('NFeAutorizacao4').at(-1)!.path).toBe('/SVCAN/NFeAutorizacao4');
    expect((await send('DELETE', CONTINGENCY)).statusCode).toBe(200);
  });

  it('refuses to go back to normal while one awaits SEFAZ (409), then issues normally once it is settled', async () => {
    await turnOn();
    api.sefazSettings.timeoutSeconds = 1;
    api.sefaz.reply('NFeAutorizacao4', { silence: true });
    const pending = await issue();
    expect(pending.sefazStatus).toBe('PENDING');
    api.sefaz.reset();
    api.sefazSettings.timeoutSeconds = 10;

    const refused = await send('DELETE', CONTINGENCY);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'CONTINGENCY_PENDING',
      message:
        'Uma nota enviada em contingência ainda aguarda a resposta da SEFAZ: use "Consultar" antes de voltar ao normal.',
    });

    const queried = await send('POST', `${BASE}/invoices/${pending.id}/query`, {});
    expect(queried.json().sefazStatus).toBe('AUTHORIZED');
    expect(requestsTo('NFeConsultaProtocolo4').at(-1)!.path).toBe('/SVCAN/NFeConsultaProtocolo4');

    expect((await send('DELETE', CONTINGENCY)).json().mode).toBe('NORMAL');
    const normal = await issue();
    expect(normal.sefazStatus).toBe('AUTHORIZED');
    expect(normal.accessKey.charAt(34)).toBe('1');
    const batch = requestsTo('NFeAutorizacao4').at(-1)!;
    expect(batch.path).toBe('/NFeAutorizacao4');
    expect(batch.messageXml).not.toContain('<dhCont>');
  });
});
