import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../shared/error-codes.js';
import { messages } from '../../../shared/messages.js';
import { useTestApi } from '../../testing/api-app.js';
import { multipart } from '../../testing/multipart.js';
import { userWith } from '../master-data/testing/master-data-helpers.js';
import type { SefazSettings } from './index.js';
import { startSefazDouble, type SefazDouble } from './testing/sefaz-double.js';
import {
  makePfx,
  makeTestCa,
  makeTestCertificate,
  type TestCertificate,
} from './testing/test-certificate.js';

/**
 * GET /api/v1/nfe/status against the SEFAZ double (mutual TLS on 127.0.0.1), the app pointed at
 * it as NFE_SEFAZ_URL and NFE_CA_FILE would: through the app's `sefaz` settings, read at each
 * call, so a test can change them without touching process.env.
 */
const sefaz: SefazSettings = { timeoutSeconds: 10 };
let double: SefazDouble;

beforeAll(async () => {
  double = await startSefazDouble();
  sefaz.serviceUrl = double.url;
  sefaz.extraCaPem = double.serverCa.certificatePem;
});
afterAll(() => double?.close());

const api = useTestApi({ sefaz });

const CNPJ = '11222333000181';
const PASSWORD = 'S3nha-do-Certificado!';
const STATUS = '/api/v1/nfe/status';

async function status(query = '', token?: string) {
  return api.request({
    method: 'GET',
    url: `${STATUS}${query}`,
    token: token ?? (await api.adminToken()),
  });
}

async function setCompany(state: string | null) {
  const token = await api.adminToken();
  const current = (await api.request({ method: 'GET', url: '/api/v1/company', token })).json();
  const saved = await api.request({
    method: 'PUT',
    url: '/api/v1/company',
    token,
    payload: {
      ...current,
      legalName: 'Metalúrgica Exemplo Ltda',
      cnpj: CNPJ,
      nfeEnvironment: 'HOMOLOGATION',
      address: { ...current.address, state, city: state ? 'São Paulo' : null, cityCode: null },
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

async function uploadCertificate(certificate: TestCertificate) {
  const uploaded = await api.request({
    method: 'POST',
    url: '/api/v1/company/certificate',
    token: await api.adminToken(),
    ...multipart('a1.pfx', makePfx(certificate, PASSWORD), 'file', { password: PASSWORD }),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
}

const statusRequests = () =>
  double.requests.filter((request) => request.service === 'NFeStatusServico4').length;

describe('GET /nfe/status', () => {
  it('answers 422 saying what the company lacks before SEFAZ can be asked', async () => {
    await setCompany(null);
    const neither = await status();
    expect(neither.statusCode).toBe(422);
    expect(neither.json().error).toMatchObject({
      code: ErrorCode.SEFAZ_NOT_CONFIGURED,
      message: messages.sefaz.noUfNorCertificate,
    });

    await setCompany('SP');
    const noCertificate = await status();
    expect(noCertificate.statusCode).toBe(422);
    expect(noCertificate.json().error.message).toBe(messages.sefaz.noCertificate);

    await uploadCertificate(makeTestCertificate({ cnpj: CNPJ, issuer: double.clientCa }));
    await setCompany(null);
    const noUf = await status();
    expect(noUf.statusCode).toBe(422);
    expect(noUf.json().error.message).toBe(messages.sefaz.noUf);
    expect(statusRequests()).toBe(0);
  });

  it('says SEFAZ is in operation, asking with the company A1 a schema-valid consStatServ', async () => {
    await setCompany('SP');
    double.reply('NFeStatusServico4', { cStat: '107', tMed: 1 });
    const before = Date.now();
    const response = await status('?refresh=true');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      environment: 'HOMOLOGATION',
      uf: 'SP',
      authoriser: 'SP',
      online: true,
      statusCode: '107',
      message: 'Serviço em Operação',
      checkedAt: expect.any(String),
      averageSeconds: 1,
    });
    expect(Date.parse(response.json().checkedAt)).toBeGreaterThanOrEqual(before - 1000);
    const received = double.requests.at(-1)!;
    expect(received.schemaErrors).toEqual([]);
    expect(received.messageXml).toContain('<tpAmb>2</tpAmb><cUF>35</cUF>');
    expect(received.clientCertificate).toBe(`FABRIL TESTE LTDA:${CNPJ}`);
  });

  it('reuses the answer for 60 s and asks again with ?refresh=true', async () => {
    double.reply('NFeStatusServico4', { cStat: '107' });
    const first = await status('?refresh=true');
    const asked = statusRequests();
    const again = await status();
    const explicit = await status('?refresh=false');
    expect(statusRequests()).toBe(asked);
    expect(again.json()).toEqual(first.json());
    expect(explicit.json().checkedAt).toBe(first.json().checkedAt);

    double.reply('NFeStatusServico4', { cStat: '108' });
    const refreshed = await status('?refresh=true');
    expect(statusRequests()).toBe(asked + 1);
    expect(refreshed.json()).toMatchObject({ online: false, statusCode: '108' });
    // The refreshed answer is the one reused from now on.
    expect((await status()).json().statusCode).toBe('108');
    expect(statusRequests()).toBe(asked + 1);
  });

  it('says why SEFAZ is out of operation, in its pt-BR message', async () => {
    double.reply('NFeStatusServico4', { cStat: '109' });
    const response = await status('?refresh=true');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      online: false,
      statusCode: '109',
      message: 'Serviço Paralisado sem Previsão',
    });
  });

  it('says offline, with the reason, when SEFAZ does not answer within NFE_TIMEOUT_S', async () => {
    double.reply('NFeStatusServico4', { silence: true });
    sefaz.timeoutSeconds = 1;
    try {
      const started = Date.now();
      const response = await status('?refresh=true');
      const took = Date.now() - started;
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        online: false,
        statusCode: null,
        message: 'A SEFAZ não respondeu em 1 segundo.',
      });
      expect(took).toBeGreaterThanOrEqual(950);
      expect(took).toBeLessThan(5000);
    } finally {
      sefaz.timeoutSeconds = 10;
      double.reply('NFeStatusServico4', { cStat: '107' });
    }
  });

  it('says offline when the double refuses the company A1 in the TLS handshake', async () => {
    await uploadCertificate(
      makeTestCertificate({ cnpj: CNPJ, issuer: makeTestCa('AC QUE A SEFAZ NÃO CONHECE') }),
    );
    try {
      const asked = double.requests.length;
      const response = await status('?refresh=true');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        online: false,
        statusCode: null,
        message: messages.sefaz.failures.CLIENT_CERTIFICATE_REFUSED,
      });
      expect(double.requests.length).toBe(asked);
    } finally {
      await uploadCertificate(makeTestCertificate({ cnpj: CNPJ, issuer: double.clientCa }));
    }
  });

  it('refuses a SEFAZ whose server certificate no trusted authority issued', async () => {
    const impostor = await startSefazDouble({
      clientCa: double.clientCa,
      serverCa: makeTestCa('AC IMPOSTORA'),
    });
    sefaz.serviceUrl = impostor.url;
    try {
      const response = await status('?refresh=true');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        online: false,
        message: messages.sefaz.failures.SERVER_CERTIFICATE_UNTRUSTED,
      });
      expect(impostor.requests).toHaveLength(0);
    } finally {
      sefaz.serviceUrl = double.url;
      await impostor.close();
    }
    // Trusting the double's CA again, the same route reaches it.
    expect((await status('?refresh=true')).json().online).toBe(true);
  });

  it('is refused without invoices:read', async () => {
    const stranger = await userWith(api, ['clients:read']);
    expect((await status('', stranger.token)).statusCode).toBe(403);
    const reader = await userWith(api, ['invoices:read']);
    expect((await status('', reader.token)).statusCode).toBe(200);
  });
});
