import fs from 'node:fs';
import { expect } from 'vitest';
import type { SefazDouble } from '../../src/server/modules/nfe/testing/sefaz-double.js';
import {
  makePfx,
  makeTestCertificate,
} from '../../src/server/modules/nfe/testing/test-certificate.js';
import { startSefazDoubleFor } from './sefaz-double-env.js';
import { startServer, stopServer, tempDataDir, type RunningServer } from './server.js';

/**
 * A server of the test's own pointed at a SEFAZ double, started as an operator would with
 * NFE_SEFAZ_URL and NFE_CA_FILE (its double in the test's own process, scripted directly), its company in SP
 * with the A1 issued by the double's client CA: what the SEFAZ browser tests start from.
 */
export const sefazAdmin = { email: 'fiscal@fabril.test', password: 'senha-do-fiscal-1' };
const CNPJ = '11222333000181';
const PASSWORD = 'senha-do-a1';

export interface SefazServer {
  double: SefazDouble;
  server: RunningServer;
  /** The API as the admin (or without a token), JSON or multipart. */
  api: (method: string, url: string, body?: unknown) => Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a test's view of any answer
  close: () => Promise<void>;
}

export async function startSefazServer(): Promise<SefazServer> {
  const dataDir = await tempDataDir();
  const { double, env } = await startSefazDoubleFor(dataDir);
  const server = await startServer({
    FABRIL_DATA_DIR: dataDir,
    ADMIN_EMAIL: sefazAdmin.email,
    ADMIN_PASSWORD: sefazAdmin.password,
    DATABASE_URL: '',
    ...env,
  });
  // The admin's token, once signed in below: the API's calls before that go without one.
  const session: { token?: string } = {};
  const api: SefazServer['api'] = async (method, url, body) => {
    const response = await fetch(`${server.url}/api/v1${url}`, {
      method,
      headers: {
        ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
        cookie: 'XSRF-TOKEN=sefaz',
        'x-xsrf-token': 'sefaz',
        ...(session.token ? { authorization: `Bearer ${session.token}` } : {}),
      },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json().catch(() => undefined) };
  };
  session.token = (await api('POST', '/account/login', sefazAdmin)).body.accessToken;
  const company = (await api('GET', '/company')).body;
  const saved = await api('PUT', '/company', {
    ...company,
    legalName: 'Metalúrgica Exemplo Ltda',
    cnpj: CNPJ,
    address: { ...company.address, city: 'São Paulo', state: 'SP', cityCode: '3550308' },
  });
  expect(saved.status).toBe(200);
  const form = new FormData();
  const pfx = makePfx(makeTestCertificate({ cnpj: CNPJ, issuer: double.clientCa }), PASSWORD);
  form.append('password', PASSWORD);
  form.append('file', new Blob([new Uint8Array(pfx)]), 'a1.pfx');
  expect((await api('POST', '/company/certificate', form)).status).toBe(200);
  return {
    double,
    server,
    api,
    close: async () => {
      await stopServer(server);
      await double.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
