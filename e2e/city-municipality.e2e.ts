import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cpfFrom } from '../src/server/testing/documents.js';
import { recordsFound, signInAsAdmin, useBrowser } from './support/browser.js';
import { pick } from './support/select.js';

/** Issue 18: every address gets its IBGE municipality, filled from city and UF or picked. */
const ctx = useBrowser();
const PHONE = { width: 375, height: 740 };

/** This run's own names and documents: the browser tests share one database, kept across runs. */
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const runDigits = String(Date.now()).slice(-7);

/** The text the municipality picker shows as its value. */
const municipality = (page: Page) =>
  page
    .locator('.ant-form-item')
    .filter({ has: page.getByLabel('Município (IBGE)', { exact: true }) })
    .locator('.ant-select-content, .ant-select-selection-item')
    .first();

async function clientNamed(page: Page, name: string) {
  const [client] = await recordsFound(page, '/clients', name);
  return client as { address: { cityCode: string | null } };
}

async function newClient(page: Page, name: string, document: string) {
  await page.goto('/client/new');
  await page.locator('form').getByText('Pessoa Física', { exact: true }).click();
  await page.getByLabel('CPF / CNPJ').fill(document);
  await page.getByLabel('Nome / Razão social').fill(name);
}

describe('the IBGE municipality of an address in Chromium', () => {
  it('is filled from "São Paulo"/SP without the picker, and left empty for a city with no match', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);

    const paulista = `Cliente paulistano ${RUN}`;
    await newClient(page, paulista, cpfFrom(`1${runDigits}0`));
    await page.getByLabel('Cidade', { exact: true }).fill('São Paulo');
    await pick(page, 'UF', 'SP', 'SP – São Paulo');
    await expect.poll(() => municipality(page).textContent()).toBe('São Paulo — 3550308');
    await ctx.screenshot('municipality-filled-1280');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/client$/);
    expect((await clientNamed(page, paulista)).address.cityCode).toBe('3550308');

    const nowhere = `Cliente de lugar nenhum ${RUN}`;
    await newClient(page, nowhere, cpfFrom(`2${runDigits}0`));
    await page.getByLabel('Cidade', { exact: true }).fill(`Vila Inventada ${RUN}`);
    await pick(page, 'UF', 'SP', 'SP – São Paulo');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/client$/);
    expect((await clientNamed(page, nowhere)).address.cityCode).toBeNull();
  });

  it('is picked by name at 375 px, writes the city, and is cleared by another UF', async () => {
    const { page } = ctx;
    await page.setViewportSize(PHONE);
    await signInAsAdmin(page);
    const name = `Cliente fluminense ${RUN}`;
    await newClient(page, name, cpfFrom(`3${runDigits}0`));
    await pick(page, 'UF', 'RJ', 'RJ – Rio de Janeiro');
    await pick(page, 'Município (IBGE)', 'niter', 'Niterói — 3303302');
    await expect.poll(() => municipality(page).textContent()).toBe('Niterói — 3303302');
    expect(await page.getByLabel('Cidade', { exact: true }).inputValue()).toBe('Niterói');
    await page.getByLabel('Município (IBGE)', { exact: true }).scrollIntoViewIfNeeded();
    await ctx.screenshot('municipality-picked-375');
    // Nothing of the page runs past the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );

    await pick(page, 'UF', 'SP', 'SP – São Paulo');
    await expect.poll(() => municipality(page).textContent()).not.toContain('3303302');
    await pick(page, 'UF', 'RJ', 'RJ – Rio de Janeiro');
    await expect.poll(() => municipality(page).textContent()).toBe('Niterói — 3303302');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/client$/);
    expect((await clientNamed(page, name)).address.cityCode).toBe('3303302');
  });

  it("fills the company's address on the Empresa screen the same way", async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    await page.goto('/company');
    await expect
      .poll(() => page.getByLabel('Razão social', { exact: true }).inputValue())
      .not.toBe('');
    await page.getByLabel('Cidade', { exact: true }).fill('campinas');
    await pick(page, 'UF', 'SP', 'SP – São Paulo');
    await expect.poll(() => municipality(page).textContent()).toBe('Campinas — 3509502');
    await page.getByLabel('Município (IBGE)', { exact: true }).scrollIntoViewIfNeeded();
    await ctx.screenshot('company-municipality-1280');
  });
});
