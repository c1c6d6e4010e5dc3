import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startSefazDouble,
  type SefazDouble,
} from '../src/server/modules/nfe/testing/sefaz-double.js';
import {
  makePfx,
  makeTestCertificate,
} from '../src/server/modules/nfe/testing/test-certificate.js';
import { SCREENSHOTS, signIn, useBrowser } from './support/browser.js';
import { startServer, stopServer, tempDataDir, type RunningServer } from './support/server.js';

/**
 * The Notas Fiscais banner against the SEFAZ double: a server of its own, started as an operator
 * would with NFE_SEFAZ_URL and NFE_CA_FILE pointing at the double (the shared test server talks
 * to no SEFAZ), the company's A1 issued by the double's client CA.
 */
const ctx = useBrowser();
const admin = { email: 'fiscal@fabril.test', password: 'senha-do-fiscal-1' };
const CNPJ = '11222333000181';
const PASSWORD = 'senha-do-a1';

let double: SefazDouble;
let server: RunningServer;
let dataDir = '';

async function api(method: string, url: string, token?: string, body?: unknown | FormData) {
  const response = await fetch(`${server.url}/api/v1${url}`, {
    method,
    headers: {
      ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
      cookie: 'XSRF-TOKEN=sefaz',
      'x-xsrf-token': 'sefaz',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => undefined) };
}

beforeAll(async () => {
  double = await startSefazDouble();
  dataDir = await tempDataDir();
  const caFile = path.join(dataDir, 'sefaz-ca.pem');
  fs.writeFileSync(caFile, double.serverCa.certificatePem);
  server = await startServer({
    FABRIL_DATA_DIR: dataDir,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    DATABASE_URL: '',
    NFE_SEFAZ_URL: double.url,
    NFE_CA_FILE: caFile,
    NFE_TIMEOUT_S: '10',
  });
  const token = (await api('POST', '/account/login', undefined, admin)).body.accessToken;
  const company = (await api('GET', '/company', token)).body;
  const saved = await api('PUT', '/company', token, {
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
  expect((await api('POST', '/company/certificate', token, form)).status).toBe(200);
}, 180_000);

afterAll(async () => {
  if (server) await stopServer(server);
  await double?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const banner = (page: Page) => page.getByTestId('sefaz-status');
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('Notas Fiscais › SEFAZ status', () => {
  it('says SEFAZ is in operation, and the reason once it stops, after "Verificar novamente"', async () => {
    const { page } = ctx;
    double.reply('NFeStatusServico4', { cStat: '107', tMed: 1 });
    await signIn(page, admin.email, admin.password, `${server.url}/account/login`);
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${server.url}/invoices`);
    await expect
      .poll(() => banner(page).textContent())
      .toContain('SEFAZ (homologação, SP): em operação');
    await ctx.screenshot('sefaz-status-1280');

    double.reply('NFeStatusServico4', { cStat: '109' });
    const asked = double.requests.length;
    await banner(page).getByRole('button', { name: 'Verificar novamente' }).click();
    await expect
      .poll(() => banner(page).textContent())
      .toContain('SEFAZ (homologação, SP): Serviço Paralisado sem Previsão');
    expect(double.requests.length).toBe(asked + 1);

    // A reload within the minute shows the answer the server keeps, without asking SEFAZ again.
    await page.reload();
    await expect.poll(() => banner(page).textContent()).toContain('Serviço Paralisado');
    expect(double.requests.length).toBe(asked + 1);

    await page.setViewportSize({ width: 375, height: 800 });
    await page.waitForTimeout(400);
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
    await ctx.screenshot('sefaz-status-375');
    expect(fs.existsSync(path.join(SCREENSHOTS, 'sefaz-status-375.png'))).toBe(true);
  });
});
