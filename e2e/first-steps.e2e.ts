import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageApi, signIn, useBrowser } from './support/browser.js';
import { startServer, stopServer, tempDataDir, type RunningServer } from './support/server.js';

/**
 * "Primeiros passos" on the dashboard of a company that has just installed Fabril (issue 16 §15).
 * The other browser tests add clients and products to the shared database, so this one starts a
 * server of its own on a new embedded database, as `npm start` does the first time.
 */
const ctx = useBrowser();
const owner = { email: 'dona@fabril.test', password: 'senha-da-dona-1' };
let server: RunningServer | undefined;
let dataDir = '';

beforeAll(async () => {
  dataDir = await tempDataDir();
  server = await startServer({
    FABRIL_DATA_DIR: dataDir,
    ADMIN_EMAIL: owner.email,
    ADMIN_PASSWORD: owner.password,
    DATABASE_URL: '',
  });
}, 120_000);

afterAll(async () => {
  if (server) await stopServer(server);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const card = (page: Page) => page.getByTestId('first-steps');
const step = (page: Page, key: string) => page.getByTestId(`first-step-${key}`);
const doneOf = (page: Page, key: string) => step(page, key).getAttribute('data-done');
const toasts = (page: Page) => page.locator('.ant-notification-notice').allTextContents();

async function api(page: Page, method: string, url: string, body?: unknown) {
  const answer = await pageApi(page, method, url, body);
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return answer.body as Record<string, unknown>;
}

async function backToDashboard(page: Page) {
  await page.goBack();
  await page.waitForURL(/\/dashboard$/);
  await expect.poll(() => card(page).isVisible()).toBe(true);
}

/** Follows the product step's link and waits for the form (the dashboard is gone by then). */
async function openProductForm(page: Page) {
  await step(page, 'product').click();
  await page.waitForURL(/\/product\/new$/);
  await expect.poll(() => page.getByLabel('Unidade de medida').isVisible()).toBe(true);
}

describe('first steps on the dashboard in Chromium', () => {
  it('lists the company data, the first client and the first product with links to their screens, ticks each one done and goes away when all are', async () => {
    const { page } = ctx;
    await signIn(page, owner.email, owner.password, `${server!.url}/account/login`);
    await page.waitForURL(/\/dashboard$/);

    await expect.poll(() => card(page).isVisible()).toBe(true);
    expect(await card(page).textContent()).toContain('0 de 3');
    const labels = await card(page).locator('a').allTextContents();
    expect(labels).toEqual(['Dados da empresa', 'Primeiro cliente', 'Primeiro produto']);
    for (const key of ['company', 'client', 'product'])
      expect(await doneOf(page, key)).toBe('false');
    await ctx.screenshot('first-steps-1280');
    await page.setViewportSize({ width: 375, height: 740 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await ctx.screenshot('first-steps-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Each link opens its screen.
    await step(page, 'client').click();
    await page.waitForURL(/\/client\/new$/);
    await expect.poll(() => page.getByLabel('CPF / CNPJ').isVisible()).toBe(true);
    await backToDashboard(page);
    await openProductForm(page);
    await backToDashboard(page);

    // The company's data, saved on its screen: its CNPJ says who it is.
    await step(page, 'company').click();
    await page.waitForURL(/\/company$/);
    const cnpj = page.getByLabel('CNPJ', { exact: true });
    await expect.poll(() => cnpj.isVisible()).toBe(true);
    await cnpj.fill('12.ABC.345/01DE-35');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => toasts(page)).toContain('Registro salvo com sucesso.');
    await backToDashboard(page);
    await expect.poll(() => doneOf(page, 'company')).toBe('true');
    expect(await card(page).textContent()).toContain('1 de 3');
    expect(await doneOf(page, 'client')).toBe('false');

    // A client and a product (in the unit every database starts with) complete the list.
    await api(page, 'POST', '/clients', {
      personType: 'F',
      name: 'Primeira Cliente',
      document: '52998224725',
    });
    const units = await api(page, 'GET', '/units-of-measurement?q=UN');
    const un = (units.items as { id: number; code: string }[]).find((u) => u.code === 'UN')!;
    await page.reload();
    await expect.poll(() => doneOf(page, 'client')).toBe('true');
    expect(await doneOf(page, 'product')).toBe('false');
    await api(page, 'POST', '/products', {
      code: 'CAM-01',
      name: 'Camiseta',
      origin: 'RESALE',
      unitId: un.id,
    });
    // Back on the dashboard, the list shows what it knew and goes away once it has read again.
    await openProductForm(page);
    await page.goBack();
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => card(page).count()).toBe(0);
    // The rest of the start page stays: its greeting (the cards below it are dashboard.e2e.ts's).
    expect(await page.getByRole('heading', { name: /^Olá, / }).isVisible()).toBe(true);
  });
});
