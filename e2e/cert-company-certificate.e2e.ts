import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makePfx,
  makeTestCertificate,
} from '../src/server/modules/nfe/testing/test-certificate.js';
import { pageApi, signInAsAdmin, useBrowser } from './support/browser.js';

const ctx = useBrowser();
const CNPJ = '11222333000181';
const PASSWORD = 'senha-do-a1';
const DAY = 86_400_000;
const toasts = (page: Page) => page.locator('.ant-notification-notice').allTextContents();
const fiscalCard = (page: Page) =>
  page.locator('.ant-card').filter({ has: page.getByText('Certificado digital A1') });

/** A certificate of the company's CNPJ that expires in 20 days, made now: no key is committed. */
let pfxFile: string;
let validTo: Date;
beforeAll(async () => {
  validTo = new Date(Date.now() + 20 * DAY);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fabril-cert-e2e-'));
  pfxFile = path.join(dir, 'empresa.pfx');
  await fs.writeFile(pfxFile, makePfx(makeTestCertificate({ cnpj: CNPJ, validTo }), PASSWORD));
});
afterAll(async () => {
  await fs.rm(path.dirname(pfxFile), { recursive: true, force: true });
});

/** The company as the other files expect it back: its CNPJ and settings, no certificate. */
async function withCompanyCnpj(page: Page, work: () => Promise<void>) {
  // The browser tests share one database: start without a certificate another file may have sent.
  await pageApi(page, 'DELETE', '/company/certificate');
  const before = (await pageApi(page, 'GET', '/company')).body;
  expect((await pageApi(page, 'PUT', '/company', { ...before, cnpj: CNPJ })).status).toBe(200);
  try {
    await work();
  } finally {
    await pageApi(page, 'DELETE', '/company/certificate');
    const current = (await pageApi(page, 'GET', '/company')).body;
    await pageApi(page, 'PUT', '/company', {
      ...current,
      cnpj: before.cnpj,
      nfeEnvironment: before.nfeEnvironment,
    });
  }
}

async function sendCertificate(page: Page, password: string) {
  const dialog = page.getByTestId('certificate-dialog');
  await dialog.locator('input[type=file]').setInputFiles(pfxFile);
  await expect.poll(() => dialog.getByTestId('certificate-file').textContent()).toBe('empresa.pfx');
  await dialog.getByTestId('certificate-password').fill(password);
  await dialog.getByRole('button', { name: 'Enviar certificado' }).click();
}

describe('Empresa › Fiscal › Certificado digital A1', () => {
  it('uploads the certificate, refusing a wrong password at its field, shows its expiry and removes it', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    await withCompanyCnpj(page, async () => {
      await page.goto('/company');
      const card = fiscalCard(page);
      await card.getByText('Nenhum certificado enviado.', { exact: false }).waitFor();
      await card.getByRole('button', { name: 'Enviar certificado' }).click();

      await sendCertificate(page, 'senha-errada');
      const dialog = page.getByTestId('certificate-dialog');
      await expect
        .poll(() => dialog.locator('.ant-form-item-explain-error').allTextContents())
        .toEqual(['Senha do certificado incorreta.']);

      await dialog.getByTestId('certificate-password').fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Enviar certificado' }).click();
      await expect.poll(() => toasts(page)).toContain('Certificado enviado.');
      await expect.poll(() => dialog.isVisible()).toBe(false);

      const day = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(
        validTo,
      );
      await expect.poll(() => card.getByTestId('certificate-valid-to').textContent()).toBe(day);
      expect(await card.textContent()).toContain('11.222.333/0001-81');
      expect(await card.textContent()).toContain('FABRIL TESTE LTDA:11222333000181');
      expect(await card.getByTestId('certificate-expiring').textContent()).toContain(
        `O certificado vence em 20 dias (${day}).`,
      );
      // The password is not kept anywhere the page can read.
      expect(JSON.stringify((await pageApi(page, 'GET', '/company')).body)).not.toContain(PASSWORD);

      await card.getByTestId('company-certificate').scrollIntoViewIfNeeded();
      await ctx.screenshot('cert-company-certificate-1280');
      await page.setViewportSize({ width: 375, height: 740 });
      await card.getByTestId('company-certificate').scrollIntoViewIfNeeded();
      await ctx.screenshot('cert-company-certificate-375');
      const box = await card.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        375,
      );

      await card.getByRole('button', { name: 'Remover certificado' }).click();
      await page
        .locator('.ant-popover:visible')
        .getByRole('button', { name: 'Remover certificado' })
        .click();
      await expect.poll(() => toasts(page)).toContain('Certificado removido.');
      await card.getByText('Nenhum certificado enviado.', { exact: false }).waitFor();
      expect((await pageApi(page, 'GET', '/company')).body.certificate).toBeNull();
    });
  });

  it('asks before switching the NF-e to production, and saves the regime and series', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    await withCompanyCnpj(page, async () => {
      await page.goto('/company');
      const environment = page.getByTestId('nfe-environment');
      await environment.waitFor();
      const choose = async (label: string) => {
        await environment.click();
        await page
          .locator('.ant-select-dropdown:visible .ant-select-item-option')
          .filter({ hasText: label })
          .click();
      };

      await choose('Produção');
      const confirm = page.getByTestId('nfe-production-confirm');
      await confirm.getByRole('button', { name: 'Voltar' }).click();
      // The question goes away (once, in a full run, it was still open 30 s later: this names it).
      await expect.poll(() => confirm.isVisible()).toBe(false);
      await expect.poll(() => environment.textContent()).toContain('Homologação');

      await choose('Produção');
      await confirm.getByRole('button', { name: 'Usar produção' }).click();
      await expect.poll(() => environment.textContent()).toBe('Produção');

      await page.getByTestId('tax-regime').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: '3 – Regime normal' })
        .click();
      await page.getByTestId('invoice-series').fill('890');
      await page.getByRole('button', { name: 'Salvar' }).click();
      const seriesError = page
        .locator('.ant-form-item')
        .filter({ has: page.getByTestId('invoice-series') })
        .locator('.ant-form-item-explain-error');
      await expect
        .poll(() => seriesError.allTextContents())
        .toEqual(['Valor está fora do intervalo']);
      await page.getByTestId('invoice-series').fill('2');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect.poll(() => toasts(page)).toContain('Registro salvo com sucesso.');
      const saved = (await pageApi(page, 'GET', '/company')).body;
      expect(saved).toMatchObject({ nfeEnvironment: 'PRODUCTION', taxRegime: 3, invoiceSeries: 2 });
      await pageApi(page, 'PUT', '/company', { ...saved, taxRegime: 1, invoiceSeries: 1 });
    });
  });
});
