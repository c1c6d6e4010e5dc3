import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../shared/error-codes.js';
import { useTestApi } from '../../testing/api-app.js';
import { multipart } from '../../testing/multipart.js';
import { userWith } from '../master-data/testing/master-data-helpers.js';
import { decompressXml, type SefazSettings } from '../nfe/index.js';
import { startSefazDouble, type SefazDouble } from '../nfe/testing/sefaz-double.js';
import { makePfx, makeTestCertificate } from '../nfe/testing/test-certificate.js';
import {
  COMPANY_CNPJ,
  invoiceFixture,
  readyCompany,
  saleInput,
  type InvoiceFixture,
} from './testing/invoice-fixtures.js';

/**
 * Inutilização (`/api/v1/nfe/void-numbers`) against the SEFAZ double: the app signs inutNFe with
 * the company's A1 (issued by the double's client CA) and the double validates it against
 * inutNFe_v4.00.xsd and checks its signature before answering.
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
const VOID = '/api/v1/nfe/void-numbers';
const REASON = 'Numeração pulada por falha na emissão';
let fx: InvoiceFixture;

beforeAll(async () => {
  await readyCompany(api);
  // The A1 the double accepts: the same CNPJ, issued by its client CA.
  const password = 'Outra-S3nha!';
  const certificate = makeTestCertificate({ cnpj: COMPANY_CNPJ, issuer: double.clientCa });
  const uploaded = await api.request({
    method: 'POST',
    url: '/api/v1/company/certificate',
    token: await api.adminToken(),
    ...multipart('a1.pfx', makePfx(certificate, password), 'file', { password }),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  fx = await invoiceFixture(api);
});

async function send(method: 'GET' | 'POST', url: string, payload?: unknown, token?: string) {
  return api.request({
    method,
    url,
    token: token ?? (await api.adminToken()),
    payload: payload as never,
  });
}

/** A draft issued: its number. */
async function issueOne(): Promise<number> {
  const created = await send('POST', '/api/v1/invoices', saleInput(fx, { series: 1 }));
  expect(created.statusCode, created.body).toBe(201);
  const issued = await send('POST', `/api/v1/invoices/${created.json().id}/issue`, {});
  expect(issued.statusCode, issued.body).toBe(200);
  return issued.json().number;
}

const voidRequests = () => double.requests.filter((r) => r.service === 'NFeInutilizacao4');
const recorded = () => api.db.selectFrom('nfeVoidedNumbers').selectAll().orderBy('id').execute();

describe('POST /nfe/void-numbers', () => {
  it('voids numbers above the last one (102), records and lists them, and the next issues skip them', async () => {
    const numbers = [];
    for (let i = 0; i < 4; i += 1) numbers.push(await issueOne());
    expect(numbers).toEqual([1, 2, 3, 4]);

    const voided = await send('POST', VOID, { series: 1, from: 5, to: 7, reason: REASON });
    expect(voided.statusCode, voided.body).toBe(201);
    expect(voided.json()).toMatchObject({
      series: 1,
      from: 5,
      to: 7,
      reason: REASON,
      protocol: expect.stringMatching(/^135\d{12}$/),
      createdByName: expect.any(String),
    });
    const sent = voidRequests().at(-1)!;
    expect(sent.schemaErrors).toEqual([]);
    expect(sent.signatureValid).toBe(true);
    expect(sent.messageXml).toContain(
      `<serie>1</serie><nNFIni>5</nNFIni><nNFFin>7</nNFFin><xJust>${REASON}</xJust>`,
    );
    expect(sent.messageXml).toMatch(/<infInut Id="ID35\d{2}11222333000181550010000000050+7">/);
    const [row] = await recorded();
    expect(decompressXml(row!.requestGz)).toContain('<inutNFe');
    expect(decompressXml(row!.responseGz)).toContain('<cStat>102</cStat>');

    const listed = await send('GET', VOID);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(listed.json().items[0]).toEqual(voided.json());

    // The series' sequence steps over 5–7: the next three issues get 8, 9 and 10.
    expect([await issueOne(), await issueOne(), await issueOne()]).toEqual([8, 9, 10]);
  });

  it('refuses (422) a range with a number an invoice holds, naming it, without asking SEFAZ', async () => {
    const before = voidRequests().length;
    const refused = await send('POST', VOID, { series: 1, from: 4, to: 5, reason: REASON });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe(ErrorCode.NUMBER_IN_USE);
    expect(refused.json().error.message).toBe(
      'O número 4 da série 1 já pertence a uma nota: só números nunca usados podem ser inutilizados.',
    );
    // A draft keeps no number; a cancelled invoice keeps its own.
    const many = await send('POST', VOID, { series: 1, from: 1, to: 3, reason: REASON });
    expect(many.statusCode).toBe(422);
    expect(many.json().error.message).toContain('Os números 1, 2, 3 da série 1');
    expect(voidRequests()).toHaveLength(before);
  });

  it('refuses (422) a range overlapping one voided, naming it', async () => {
    const refused = await send('POST', VOID, { series: 1, from: 6, to: 7, reason: REASON });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: ErrorCode.ALREADY_VOIDED,
      message: 'A faixa 5 a 7 da série 1 já foi inutilizada.',
    });
    // Another series is another numbering.
    const other = await send('POST', VOID, { series: 2, from: 5, to: 7, reason: REASON });
    expect(other.statusCode, other.body).toBe(201);
  });

  it("answers SEFAZ's rejection with its pt-BR message (422) and records nothing", async () => {
    const before = (await recorded()).length;
    double.reply('NFeInutilizacao4', { cStat: '241' });
    try {
      const refused = await send('POST', VOID, { series: 1, from: 20, to: 25, reason: REASON });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error).toMatchObject({
        code: ErrorCode.SEFAZ_REJECTED,
        message:
          'A SEFAZ recusou a inutilização (241): Rejeição: Um número da faixa já foi utilizado',
      });
    } finally {
      double.reply('NFeInutilizacao4', { cStat: '102' });
    }
    expect(await recorded()).toHaveLength(before);
  });

  it('records a range SEFAZ says it voided already (563) without a protocol', async () => {
    double.reply('NFeInutilizacao4', { cStat: '563' });
    try {
      const voided = await send('POST', VOID, { series: 1, from: 30, to: 30, reason: REASON });
      expect(voided.statusCode, voided.body).toBe(201);
      expect(voided.json()).toMatchObject({ from: 30, to: 30, protocol: null });
    } finally {
      double.reply('NFeInutilizacao4', { cStat: '102' });
    }
  });

  it('answers 502 when SEFAZ does not answer, records nothing, and a repeat records it', async () => {
    const before = (await recorded()).length;
    double.reply('NFeInutilizacao4', { silence: true });
    sefaz.timeoutSeconds = 1;
    try {
      const silent = await send('POST', VOID, { series: 1, from: 40, to: 41, reason: REASON });
      expect(silent.statusCode).toBe(502);
      expect(silent.json().error.code).toBe(ErrorCode.SEFAZ_NO_ANSWER);
      expect(silent.json().error.message).toContain('A SEFAZ não respondeu em 1 segundo.');
      expect(silent.json().error.message).toContain('Repita o pedido com a mesma faixa');
    } finally {
      sefaz.timeoutSeconds = 10;
      double.reply('NFeInutilizacao4', { cStat: '102' });
    }
    expect(await recorded()).toHaveLength(before);
    const again = await send('POST', VOID, { series: 1, from: 40, to: 41, reason: REASON });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('checks the request: reason 15–255 characters, from ≤ to, at most 10,000 numbers, series 0–889', async () => {
    const fieldsOf = async (body: Record<string, unknown>) => {
      const refused = await send('POST', VOID, { series: 1, from: 50, to: 51, ...body });
      expect(refused.statusCode).toBe(400);
      return refused.json().error.fields;
    };
    const reasonMessage = 'Informe a justificativa com 15 a 255 caracteres.';
    expect(await fieldsOf({ reason: 'x'.repeat(14) })).toEqual({ reason: reasonMessage });
    expect(await fieldsOf({ reason: 'x'.repeat(256) })).toEqual({ reason: reasonMessage });
    expect(await fieldsOf({ reason: REASON, from: 52 })).toEqual({
      to: 'O número final deve ser maior ou igual ao inicial.',
    });
    expect(await fieldsOf({ reason: REASON, from: 100, to: 10_100 })).toEqual({
      to: 'Inutilize no máximo 10.000 números por vez.',
    });
    expect(Object.keys(await fieldsOf({ reason: REASON, series: 890 }))).toEqual(['series']);
    const exactly = await send('POST', VOID, { series: 3, from: 1, to: 10_000, reason: REASON });
    expect(exactly.statusCode, exactly.body).toBe(201);
  });

  it('asks invoices:void to void and invoices:read to list', async () => {
    const reader = await userWith(api, ['invoices:read', 'invoices:cancel']);
    const body = { series: 1, from: 60, to: 60, reason: REASON };
    expect((await send('GET', VOID, undefined, reader.token)).statusCode).toBe(200);
    expect((await send('POST', VOID, body, reader.token)).statusCode).toBe(403);
    const nobody = await userWith(api, []);
    expect((await send('GET', VOID, undefined, nobody.token)).statusCode).toBe(403);
    const voider = await userWith(api, ['invoices:read', 'invoices:void']);
    expect((await send('POST', VOID, body, voider.token)).statusCode).toBe(201);
  });
});

describe('GET /nfe/void-numbers', () => {
  it('lists newest first, paged, and by series', async () => {
    const page = await send('GET', `${VOID}?pageSize=2&page=1`);
    expect(page.statusCode).toBe(200);
    const all = await recorded();
    expect(page.json().total).toBe(all.length);
    expect(page.json().items).toHaveLength(2);
    const newest = [...all].sort(
      (a, b) => b.voidedAt.getTime() - a.voidedAt.getTime() || b.id - a.id,
    );
    expect(page.json().items.map((i: { id: number }) => i.id)).toEqual(
      newest.slice(0, 2).map((row) => row.id),
    );
    const series2 = await send('GET', `${VOID}?series=2`);
    expect(series2.json().items.map((i: { series: number }) => i.series)).toEqual([2]);
  });
});
