import { createPublicKey } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { resolveJwtSecret } from '../../platform/tokens.js';
import { useTestApi } from '../../testing/api-app.js';
import { multipart } from '../../testing/multipart.js';
import { makeLegacyRc2Pfx, makePfx, makeTestCertificate } from '../nfe/testing/test-certificate.js';
import { userWith } from '../master-data/testing/master-data-helpers.js';
import { companySigningCertificate } from './index.js';

const api = useTestApi();
const URL_CERTIFICATE = '/api/v1/company/certificate';
const COMPANY_CNPJ = '11222333000181';
const PASSWORD = 'S3nha-do-Certificado!';
const DAY = 86_400_000;

/** Made once: key generation is the slow part. */
const holder = makeTestCertificate({ cnpj: COMPANY_CNPJ });
const pfx = makePfx(holder, PASSWORD);

/** X.509 keeps validity to the second. */
const toTheSecond = (instant: Date) =>
  new Date(Math.floor(instant.getTime() / 1000) * 1000).toISOString();

function upload(token: string, file: Buffer | string, password = PASSWORD, fileName = 'a1.pfx') {
  return api.request({
    method: 'POST',
    url: URL_CERTIFICATE,
    token,
    ...multipart(fileName, file, 'file', { password }),
  });
}

async function setCompany(token: string, changes: Record<string, unknown>) {
  const current = (await api.request({ method: 'GET', url: '/api/v1/company', token })).json();
  return api.request({
    method: 'PUT',
    url: '/api/v1/company',
    token,
    payload: { ...current, ...changes },
  });
}

beforeAll(async () => {
  const saved = await setCompany(await api.adminToken(), { cnpj: COMPANY_CNPJ });
  expect(saved.statusCode, saved.body).toBe(200);
});

describe('fiscal settings', () => {
  it('start as Simples Nacional, homologation and series 1, and save as chosen', async () => {
    const token = await api.adminToken();
    const read = (await api.request({ method: 'GET', url: '/api/v1/company', token })).json();
    expect(read).toMatchObject({
      taxRegime: 1,
      nfeEnvironment: 'HOMOLOGATION',
      invoiceSeries: 1,
      certificate: null,
    });
    const saved = await setCompany(token, {
      taxRegime: 3,
      nfeEnvironment: 'PRODUCTION',
      invoiceSeries: '2',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      taxRegime: 3,
      nfeEnvironment: 'PRODUCTION',
      invoiceSeries: 2,
    });
    const history = await api.request({
      method: 'GET',
      url: '/api/v1/audit?entity=company&entityId=1',
      token,
    });
    expect(history.json().items[0].changes).toMatchObject({
      taxRegime: { from: 1, to: 3 },
      nfeEnvironment: { from: 'HOMOLOGATION', to: 'PRODUCTION' },
      invoiceSeries: { from: 1, to: 2 },
    });
    await setCompany(token, { taxRegime: 1, nfeEnvironment: 'HOMOLOGATION', invoiceSeries: 1 });
  });

  it('refuses a regime out of 1–4, an unknown environment and a series SEFAZ keeps, with 400', async () => {
    const token = await api.adminToken();
    const refused = await setCompany(token, {
      taxRegime: 5,
      nfeEnvironment: 'TESTE',
      invoiceSeries: 890,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({
      taxRegime: 'Valor está fora do intervalo',
      nfeEnvironment: 'Valor inválido',
      invoiceSeries: 'Valor está fora do intervalo',
    });
    expect((await setCompany(token, { invoiceSeries: 0 })).json().invoiceSeries).toBe(0);
    expect((await setCompany(token, { invoiceSeries: 889 })).json().invoiceSeries).toBe(889);
    await setCompany(token, { invoiceSeries: 1 });
  });
});

describe('POST /company/certificate', () => {
  it('reads the certificate, answers what it is, and GET /company shows it', async () => {
    const token = await api.adminToken();
    const response = await upload(token, pfx);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toEqual({
      subject: expect.stringContaining(`CN=FABRIL TESTE LTDA:${COMPANY_CNPJ}`),
      cnpj: COMPANY_CNPJ,
      validFrom: toTheSecond(holder.certificate.validity.notBefore),
      validTo: toTheSecond(holder.certificate.validity.notAfter),
    });
    const company = (await api.request({ method: 'GET', url: '/api/v1/company', token })).json();
    expect(company.certificate).toEqual({
      subject: answer.subject,
      cnpj: COMPANY_CNPJ,
      validTo: answer.validTo,
    });
  });

  it('stores it sealed: neither the file, the key nor the password is in the database', async () => {
    await upload(await api.adminToken(), pfx);
    const row = await api.db.selectFrom('companyCertificate').selectAll().executeTakeFirstOrThrow();
    const stored = JSON.stringify(row) + row.sealed.toString('binary');
    expect(row.sealed.includes(pfx)).toBe(false);
    expect(row.sealed.includes(pfx.subarray(0, 64))).toBe(false);
    expect(stored).not.toContain(PASSWORD);
    expect(stored).not.toContain('PRIVATE KEY');
    expect(stored).not.toContain(holder.privateKeyPem.split('\n')[1]);
    const company = await api.db.selectFrom('company').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(company)).not.toContain('PRIVATE KEY');
  });

  it('gives other modules the key and certificate to sign with, and nothing without one', async () => {
    const token = await api.adminToken();
    await upload(token, pfx);
    const signing = await companySigningCertificate(api.db, api.certificateKey);
    expect(signing).not.toBeNull();
    expect(signing!.certificatePem).toBe(holder.certificatePem);
    expect(createPublicKey(signing!.privateKeyPem).export({ format: 'jwk' })).toEqual(
      createPublicKey(holder.privateKeyPem).export({ format: 'jwk' }),
    );
    expect(signing!.cnpj).toBe(COMPANY_CNPJ);

    // Another server key (a lost certificate.key) cannot open it: the message says to upload again.
    await expect(companySigningCertificate(api.db, Buffer.alloc(32, 7))).rejects.toMatchObject({
      statusCode: 422,
      message:
        'O certificado guardado não pôde ser aberto com a chave deste servidor: envie-o novamente.',
    });

    expect((await api.request({ method: 'DELETE', url: URL_CERTIFICATE, token })).statusCode).toBe(
      204,
    );
    expect(await companySigningCertificate(api.db, api.certificateKey)).toBeNull();
  });

  it('loads a PKCS#12 with legacy RC2-40 encryption', async () => {
    const response = await upload(await api.adminToken(), makeLegacyRc2Pfx(holder, PASSWORD));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().cnpj).toBe(COMPANY_CNPJ);
  });

  it('refuses each bad certificate with 422 and a pt-BR message at its field, keeping the one stored', async () => {
    const token = await api.adminToken();
    await upload(token, pfx);
    const before = (await api.request({ method: 'GET', url: '/api/v1/company', token })).json();

    const other = makePfx(makeTestCertificate({ cnpj: '45997418000153' }), PASSWORD);
    const expired = makePfx(
      makeTestCertificate({
        cnpj: COMPANY_CNPJ,
        validFrom: new Date(Date.now() - 400 * DAY),
        validTo: new Date(Date.now() - DAY),
      }),
      PASSWORD,
    );
    const cases: [string, Promise<Awaited<ReturnType<typeof upload>>>, Record<string, string>][] = [
      [
        'wrong password',
        upload(token, pfx, 'senha-errada'),
        { password: 'Senha do certificado incorreta.' },
      ],
      [
        'not a PKCS#12',
        upload(token, 'isto não é um certificado', PASSWORD, 'a1.pfx'),
        { file: 'O arquivo não é um certificado A1 (.pfx ou .p12).' },
      ],
      [
        'another CNPJ',
        upload(token, other),
        {
          file: 'Este certificado é do CNPJ 45.997.418/0001-53, de outra empresa: envie o certificado do CNPJ da empresa.',
        },
      ],
      [
        'expired',
        upload(token, expired),
        {
          file: expect.stringMatching(
            /^Este certificado venceu em \d{2}\/\d{2}\/\d{4}: envie um válido\.$/,
          ),
        },
      ],
      ['no password', upload(token, pfx, ''), { password: 'Informe a senha do certificado.' }],
    ];
    for (const [name, pending, fields] of cases) {
      const response = await pending;
      expect(response.statusCode, `${name}: ${response.body}`).toBe(422);
      expect(response.json().error.fields, name).toEqual(fields);
      expect(response.body, name).not.toContain(PASSWORD);
    }

    const noFile = await api.request({
      method: 'POST',
      url: URL_CERTIFICATE,
      token,
      ...multipart('x.txt', PASSWORD, 'password'),
    });
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().error.fields).toEqual({
      file: 'Envie o arquivo do certificado (.pfx ou .p12).',
    });

    const after = (await api.request({ method: 'GET', url: '/api/v1/company', token })).json();
    expect(after.certificate).toEqual(before.certificate);
  });

  it('accepts a certificate of a branch of the same company (same CNPJ root)', async () => {
    const token = await api.adminToken();
    const branch = makePfx(makeTestCertificate({ cnpj: '11222333000262' }), PASSWORD);
    const response = await upload(token, branch);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().cnpj).toBe('11222333000262');
  });

  it('asks for the company CNPJ first', async () => {
    const token = await api.adminToken();
    await setCompany(token, { cnpj: '' });
    try {
      const response = await upload(token, pfx);
      expect(response.statusCode).toBe(422);
      expect(response.json().error.fields).toEqual({
        file: 'Preencha e salve o CNPJ da empresa antes de enviar o certificado.',
      });
    } finally {
      await setCompany(token, { cnpj: COMPANY_CNPJ });
    }
  });

  it('writes the history without secrets, and DELETE removes it', async () => {
    const token = await api.adminToken();
    await upload(token, pfx);
    const removed = await api.request({ method: 'DELETE', url: URL_CERTIFICATE, token });
    expect(removed.statusCode).toBe(204);
    const company = (await api.request({ method: 'GET', url: '/api/v1/company', token })).json();
    expect(company.certificate).toBeNull();
    expect(await api.db.selectFrom('companyCertificate').selectAll().execute()).toEqual([]);

    const history = await api.request({
      method: 'GET',
      url: '/api/v1/audit?entity=company&entityId=1',
      token,
    });
    const [deletion, uploadEntry] = history.json().items;
    expect(deletion.changes.certificate.from).toMatchObject({ cnpj: COMPANY_CNPJ });
    expect(deletion.changes.certificate.to).toBeNull();
    expect(uploadEntry.changes.certificate.to).toMatchObject({ cnpj: COMPANY_CNPJ });
    expect(history.body).not.toContain(PASSWORD);
    expect(history.body).not.toContain('PRIVATE KEY');

    // Removing what is not there is no error: the outcome is the same.
    expect((await api.request({ method: 'DELETE', url: URL_CERTIFICATE, token })).statusCode).toBe(
      204,
    );
  });

  it('needs company:write to upload and remove', async () => {
    const admin = await api.adminToken();
    await upload(admin, pfx);
    const { token } = await userWith(api, ['company:read']);
    expect((await upload(token, pfx)).statusCode).toBe(403);
    expect((await api.request({ method: 'DELETE', url: URL_CERTIFICATE, token })).statusCode).toBe(
      403,
    );
    const read = (await api.request({ method: 'GET', url: '/api/v1/company', token })).json();
    expect(read.certificate).toMatchObject({ cnpj: COMPANY_CNPJ });
    const nobody = await userWith(api, []);
    expect((await upload(nobody.token, pfx)).statusCode).toBe(403);
    expect(
      (await api.request({ method: 'POST', url: URL_CERTIFICATE, ...multipart('a.pfx', pfx) }))
        .statusCode,
    ).toBe(401);
  });
});

describe('what leaves the server', () => {
  let logged: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    logged = await buildApp({
      db: api.db,
      databaseUrl: api.url,
      jwtSecret: await resolveJwtSecret(api.db, undefined),
      certificateKey: api.certificateKey,
      logLevel: 'trace',
      logFormat: 'json',
      logDestination: { write: (text) => lines.push(text) },
    });
    await logged.ready();
  });
  afterAll(async () => {
    await logged?.close();
  });

  it('never carries the password or the file in a response or a log line', async () => {
    const token = await api.adminToken();
    const headers = {
      cookie: 'XSRF-TOKEN=t',
      'x-xsrf-token': 't',
      authorization: `Bearer ${token}`,
    };
    const bodies: string[] = [];
    for (const password of [PASSWORD, `${PASSWORD}-errada`]) {
      const file = multipart('a1.pfx', pfx, 'file', { password });
      const response = await logged.inject({
        method: 'POST',
        url: URL_CERTIFICATE,
        payload: file.payload,
        headers: { ...headers, ...file.headers },
      });
      bodies.push(response.body);
    }
    bodies.push((await logged.inject({ method: 'GET', url: '/api/v1/company', headers })).body);
    expect(lines.length).toBeGreaterThan(0);

    const secrets = [
      PASSWORD,
      pfx.toString('base64').slice(0, 40),
      pfx.toString('hex').slice(0, 40),
      pfx.subarray(0, 40).toString('binary'),
      'PRIVATE KEY',
      holder.privateKeyPem.split('\n')[1]!,
    ];
    for (const text of [...bodies, ...lines]) {
      for (const secret of secrets) expect(text).not.toContain(secret);
    }
  });
});
