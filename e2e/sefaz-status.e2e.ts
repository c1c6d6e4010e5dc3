import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SefazDouble } from '../src/server/modules/nfe/testing/sefaz-double.js';
import { SCREENSHOTS, signIn, useBrowser } from './support/browser.js';
import { sefazAdmin as admin, startSefazServer, type SefazServer } from './support/sefaz-server.js';

/**
 * The Notas Fiscais banner against the SEFAZ double: a server of its own, started as an operator
 * would with NFE_SEFAZ_URL and NFE_CA_FILE pointing at the double (its own: the banner keeps
 * SEFAZ's answer for a minute, and this test counts the double's requests), the company's A1
 * issued by the double's client CA.
 */
const ctx = useBrowser();

let sefaz: SefazServer;
let double: SefazDouble;
let server: SefazServer['server'];

beforeAll(async () => {
  sefaz = await startSefazServer();
  ({ double, server } = sefaz);
}, 180_000);

afterAll(async () => {
  await sefaz?.close();
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
