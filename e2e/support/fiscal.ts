import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  makePfx,
  makeTestCertificate,
} from '../../src/server/modules/nfe/testing/test-certificate.js';
import { pageApi } from './browser.js';
import { ok } from './documents.js';
import { sefazClientCa } from './sefaz-control.js';

/**
 * The company ready to issue NF-e in a browser test: its CNPJ, IE and São Paulo address with the
 * IBGE code, then its A1 certificate (issued by the shared SEFAZ double's client CA, so the server
 * reaches it) sent on the Empresa screen as a person would. Put back as
 * the other files expect it (no certificate, what it had) when `work` is done.
 */
const CNPJ = '11222333000181';
const PASSWORD = 'senha-do-a1';

export const SAO_PAULO = { city: 'São Paulo', state: 'SP', cityCode: '3550308' };

export async function withIssuingCompany(page: Page, work: () => Promise<void>) {
  const before = (await pageApi(page, 'GET', '/company')).body;
  await ok(page, 'PUT', '/company', {
    ...before,
    cnpj: CNPJ,
    stateRegistration: '110042490114',
    address: {
      zipCode: '01310100',
      street: 'Avenida Paulista',
      number: '1000',
      complement: null,
      district: 'Bela Vista',
      ...SAO_PAULO,
    },
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fabril-nfe-e2e-'));
  // One a run cut short left behind (the database is kept across runs) would hide the button.
  await pageApi(page, 'DELETE', '/company/certificate');
  try {
    await uploadCertificate(page, dir);
    await work();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await pageApi(page, 'DELETE', '/company/certificate');
    const current = (await pageApi(page, 'GET', '/company')).body;
    await pageApi(page, 'PUT', '/company', { ...before, version: current.version });
  }
}

async function uploadCertificate(page: Page, dir: string) {
  const pfxFile = path.join(dir, 'empresa.pfx');
  fs.writeFileSync(
    pfxFile,
    makePfx(makeTestCertificate({ cnpj: CNPJ, issuer: sefazClientCa() }), PASSWORD),
  );
  await page.goto('/company');
  const card = page.locator('.ant-card').filter({ has: page.getByText('Certificado digital A1') });
  await card.getByRole('button', { name: 'Enviar certificado' }).click();
  const dialog = page.getByTestId('certificate-dialog');
  await dialog.locator('input[type=file]').setInputFiles(pfxFile);
  await dialog.getByTestId('certificate-password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Enviar certificado' }).click();
  await expect
    .poll(() => page.locator('.ant-notification-notice').allTextContents())
    .toContain('Certificado enviado.');
}

/** A client an NF-e can be issued to: a company with its IE and a full São Paulo address. */
export const issuableClient = (name: string, document: string) => ({
  personType: 'J',
  name,
  document,
  stateRegistration: '110042490114',
  address: {
    zipCode: '01430001',
    street: 'Avenida Brasil',
    number: '1500',
    district: 'Jardim América',
    ...SAO_PAULO,
  },
});
