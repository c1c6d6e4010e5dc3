import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, useBrowser } from './support/browser.js';
import { sefazAdmin as admin, startSefazServer, type SefazServer } from './support/sefaz-server.js';

/**
 * "Inutilizar numeração" on Notas Fiscais against the SEFAZ double (a server of its own, pointed
 * at it with NFE_SEFAZ_URL and NFE_CA_FILE): the field messages, a range voided and listed, an
 * overlapping range refused above the fields; at 1280 and 375 px without sideways scroll.
 */
const ctx = useBrowser();
let sefaz: SefazServer;

beforeAll(async () => {
  sefaz = await startSefazServer();
}, 180_000);

afterAll(async () => {
  await sefaz?.close();
});

const dialog = (page: Page) => page.getByRole('dialog').filter({ hasText: 'Inutilizar numeração' });
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function fill(page: Page, from: string, to: string, reason: string) {
  await page.getByTestId('void-from').fill(from);
  await page.getByTestId('void-to').fill(to);
  await page.getByTestId('void-reason').fill(reason);
  await page.getByTestId('void-numbers-submit').click();
}

describe('Notas Fiscais › Inutilizar numeração', () => {
  it('voids a range at SEFAZ, lists it, and refuses an overlapping one with the reason', async () => {
    const { page } = ctx;
    const { server, double } = sefaz;
    await signIn(page, admin.email, admin.password, `${server.url}/account/login`);
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${server.url}/invoices`);
    await page.getByTestId('void-numbers').click();
    await expect.poll(() => dialog(page).isVisible()).toBe(true);
    await expect.poll(() => dialog(page).textContent()).toContain('Nenhuma faixa inutilizada.');

    await fill(page, '7', '5', 'curta');
    await expect
      .poll(() => dialog(page).textContent())
      .toContain('O número final deve ser maior ou igual ao inicial.');
    await expect
      .poll(() => dialog(page).textContent())
      .toContain('Informe a justificativa com 15 a 255 caracteres.');
    expect(double.requests.filter((r) => r.service === 'NFeInutilizacao4')).toHaveLength(0);

    await fill(page, '5', '7', 'Numeração pulada por falha na emissão');
    await expect
      .poll(() => page.getByTestId('voided-ranges').textContent())
      .toContain('Série 1: 5 a 7');
    await expect
      .poll(() => page.textContent('body'))
      .toContain('Números 5 a 7 da série 1 inutilizados.');
    const sent = double.requests.filter((r) => r.service === 'NFeInutilizacao4');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.schemaErrors).toEqual([]);
    expect(sent[0]!.signatureValid).toBe(true);
    await ctx.screenshot('nfe-void-numbers-1280');

    await fill(page, '6', '6', 'Outra justificativa qualquer aqui');
    await expect
      .poll(() => page.getByTestId('dialog-refusal').textContent())
      .toContain('A faixa 5 a 7 da série 1 já foi inutilizada.');

    await page.setViewportSize({ width: 375, height: 800 });
    await page.waitForTimeout(400);
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
    await ctx.screenshot('nfe-void-numbers-375');
    await dialog(page).locator('.ant-modal-footer').getByRole('button', { name: 'Fechar' }).click();
    await page.waitForTimeout(300);
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
    await ctx.screenshot('nfe-void-numbers-list-375');
  });
});
