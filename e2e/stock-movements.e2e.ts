import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pageApi, signInAsAdmin, useBrowser } from './support/browser.js';
import { openFromMenu } from './support/menu.js';
import { pick } from './support/select.js';

const ctx = useBrowser();
const PHONE = { width: 375, height: 740 };

/** Names of this file's own: the browser tests share one database. */
const UNIT = 'KGMV';
const ITEM = { code: 'ALG-MV-01', name: 'Algodão cru movimentado' };
const STORE = 'Almoxarifado Movimentos';
const FACTORY = 'Fábrica Movimentos';

const toasts = (page: Page) => page.locator('.ant-notification-notice').allTextContents();
const fieldError = (page: Page, label: string) =>
  page
    .locator('.ant-form-item')
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .locator('.ant-form-item-explain-error');
const rows = (page: Page) => page.getByTestId('movements-table').locator('tbody tr.ant-table-row');

/** A feedstock in a unit of 3 decimals and two locations, created once for the whole file. */
async function seed(page: Page) {
  const found = await pageApi(page, 'GET', `/feedstocks?q=${ITEM.code}`);
  if ((found.body.total as number) > 0) return;
  const unit = await pageApi(page, 'POST', '/units-of-measurement', {
    code: UNIT,
    description: 'Quilograma (movimentos)',
    decimals: 3,
  });
  expect(unit.status).toBe(201);
  for (const name of [STORE, FACTORY]) {
    expect((await pageApi(page, 'POST', '/stock-locations', { name })).status).toBe(201);
  }
  const item = await pageApi(page, 'POST', '/feedstocks', { ...ITEM, unitId: unit.body.id });
  expect(item.status).toBe(201);
}

async function newMovement(page: Page, type: string) {
  await page.getByTestId('new-button').click();
  await page.waitForURL(/\/stockmovements\/new$/);
  await page.getByLabel(type, { exact: true }).check();
  await pick(page, 'Item', 'ALG-MV', ITEM.name);
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Salvar' }).click();
}

async function posted(page: Page) {
  await page.waitForURL(/\/stockmovements$/);
  await expect.poll(() => toasts(page)).toContain('Movimentação registrada.');
}

describe('Movimentação de Estoque in Chromium', () => {
  it('posts an entry with cost, transfers part, is refused an outflow beyond the balance and reverses a movement', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    await seed(page);

    await openFromMenu(page, 'Estoque', 'Movimentação de Estoque');
    await page.waitForURL(/\/stockmovements$/);

    // Entrada with cost; the quantity keeps to the unit's 3 places.
    await newMovement(page, 'Entrada');
    await pick(page, 'Local', STORE);
    await page.getByLabel('Quantidade', { exact: true }).fill('1,2345');
    await page.getByLabel('Custo unitário', { exact: true }).fill('12,3456');
    await save(page);
    await expect
      .poll(() => fieldError(page, 'Quantidade').textContent())
      .toBe('A unidade aceita no máximo 3 casas decimais');
    expect(await page.getByText(`Em ${UNIT}, até 3 casas decimais.`).count()).toBe(1);
    await page.getByLabel('Quantidade', { exact: true }).fill('1.234,5');
    await page.getByLabel('Quantidade', { exact: true }).blur();
    expect(await page.getByLabel('Quantidade', { exact: true }).inputValue()).toBe('1.234,500');
    await save(page);
    await posted(page);
    // Other browser tests post movements in the same database: wait for this one to be on top.
    const entry = rows(page).first();
    await expect.poll(() => entry.textContent()).toContain(`${ITEM.code} – ${ITEM.name}`);
    const entryText = await entry.textContent();
    for (const text of [
      `${ITEM.code} – ${ITEM.name}`,
      STORE,
      `1.234,500 ${UNIT}`,
      'R$ 12,3456',
      'Manual',
    ]) {
      expect(entryText).toContain(text);
    }
    expect(entryText).toMatch(/\d{2}\/\d{2}\/\d{4}/);

    // Transferência: the destination must differ from the origin, said next to it.
    await newMovement(page, 'Transferência');
    await pick(page, 'Origem', STORE);
    await pick(page, 'Destino', STORE);
    await page.getByLabel('Quantidade', { exact: true }).fill('200');
    await save(page);
    await expect
      .poll(() => fieldError(page, 'Destino').textContent())
      .toBe('O destino deve ser diferente da origem.');
    await pick(page, 'Destino', FACTORY);
    await save(page);
    await posted(page);
    await expect.poll(() => rows(page).first().textContent()).toContain(`200,000 ${UNIT}`);
    expect(await rows(page).first().textContent()).toContain('Transferência');

    // Saída beyond what the factory has: DOMAIN's message at the quantity, the shortage listed.
    await newMovement(page, 'Saída');
    await pick(page, 'Local', FACTORY);
    await page.getByLabel('Quantidade', { exact: true }).fill('500');
    await page.getByLabel('Observações', { exact: true }).fill('Pedido do cliente');
    await save(page);
    const message = `Estoque insuficiente: ${ITEM.name} em ${FACTORY} tem 200,000, necessário 500,000.`;
    await expect.poll(() => fieldError(page, 'Quantidade').textContent()).toBe(message);
    const alert = page.getByTestId('shortage-alert');
    expect(await alert.textContent()).toContain(message);
    expect(await alert.textContent()).toContain(
      `${ITEM.name} em ${FACTORY}: disponível 200,000, necessário 500,000, falta 300,000`,
    );
    // Nothing typed is lost.
    expect(page.url()).toMatch(/\/stockmovements\/new$/);
    expect(await page.getByLabel('Quantidade', { exact: true }).inputValue()).toBe('500,000');
    expect(await page.getByLabel('Observações', { exact: true }).inputValue()).toBe(
      'Pedido do cliente',
    );
    // The picture once the error has faded in (the assertions above need no wait).
    await page.waitForTimeout(500);
    await ctx.screenshot('stock-movement-shortage-1280');
    await page.getByLabel('Quantidade', { exact: true }).fill('50');
    await save(page);
    await posted(page);

    // Estornar the outflow: confirmed, marked, and its reversal listed.
    const outflow = rows(page).first();
    await expect.poll(() => outflow.textContent()).toContain(`50,000 ${UNIT}`);
    expect(await outflow.textContent()).toContain('Saída');
    // Other test files post and reverse movements of their own items in the same database.
    const ours = () => rows(page).filter({ hasText: ITEM.code });
    const before = await ours().count();
    await outflow.getByTestId('reverse-button').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Estornar' }).click();
    await expect.poll(() => toasts(page)).toContain('Movimento estornado.');
    await expect.poll(() => ours().count()).toBe(before + 1);
    const reversed = page
      .getByTestId('movements-table')
      .locator('tr.movement-reversed')
      .filter({ hasText: ITEM.code });
    await expect.poll(() => reversed.count()).toBe(1);
    expect(await reversed.textContent()).toContain('Estornado');
    expect(await reversed.getByTestId('reverse-button').count()).toBe(0);
    const reversal = page
      .getByTestId('movements-table')
      .locator('tr.movement-reversal')
      .filter({ hasText: ITEM.code });
    expect(await reversal.textContent()).toMatch(/Estorno de #\d+/);
    expect(await reversal.getByTestId('reverse-button').count()).toBe(0);

    // Someone else reversed the transfer meanwhile: the 409's message, and the row is marked.
    const transfer = rows(page).filter({ hasText: 'Transferência' }).first();
    const transferId = Number(await transfer.getAttribute('data-row-key'));
    expect((await pageApi(page, 'POST', `/stock-movements/${transferId}/reverse`, {})).status).toBe(
      201,
    );
    await transfer.getByTestId('reverse-button').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Estornar' }).click();
    await expect
      .poll(async () => (await toasts(page)).join(' | '))
      .toContain('Este movimento já foi estornado.');
    await expect.poll(() => reversed.count()).toBe(2);
    await ctx.screenshot('stock-movements-1280');

    // Filters live in the URL: only transfers, after a reload too.
    await page.getByLabel('Tipo', { exact: true }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Transferência' })
      .click();
    await page.getByRole('heading', { name: 'Movimentação de Estoque' }).click();
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await page.waitForURL(/type=TRANSFER/);
    await page.reload();
    // The transfer and its reversal (other test files may have transfers of their own).
    await expect.poll(() => rows(page).filter({ hasText: ITEM.code }).count()).toBe(2);
    for (const text of await rows(page).allTextContents()) expect(text).toContain('Transferência');

    // A movement opens read-only: the reversed transfer names the movement that reversed it.
    await reversed.first().click();
    await page.waitForURL(/\/stockmovements\/\d+$/);
    await expect
      .poll(() => page.locator('.ant-descriptions').textContent())
      .toMatch(/Estornado pelo movimento #\d+/);
    expect(await page.getByTestId('reverse-button').count()).toBe(0);
    await ctx.screenshot('stock-movement-1280');
    await page.getByRole('button', { name: 'Voltar' }).click();
    await page.waitForURL(/\/stockmovements\?type=TRANSFER$/);
  });

  it('fits 375 px: three columns in the list, the form in one column', async () => {
    const { page } = ctx;
    await page.setViewportSize(PHONE);
    await signInAsAdmin(page);
    await seed(page);
    const entry = await pageApi(page, 'GET', `/feedstocks?q=${ITEM.code}`);
    const itemId = (entry.body.items as { id: number }[])[0]!.id;
    const locations = await pageApi(page, 'GET', `/stock-locations?q=${encodeURIComponent(STORE)}`);
    const locationId = (locations.body.items as { id: number }[])[0]!.id;
    expect(
      (
        await pageApi(page, 'POST', '/stock-movements', {
          type: 'IN',
          itemId,
          toLocationId: locationId,
          quantity: '10',
          unitCost: '3.5',
        })
      ).status,
    ).toBe(201);

    await page.goto('/stockmovements');
    const table = page.getByTestId('movements-table');
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    expect(await table.locator('thead th.ant-table-cell').count()).toBeLessThanOrEqual(3);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await ctx.screenshot('stock-movements-375');
    // The filters fold under one button; opened, they take the width of the screen.
    await page.getByRole('button', { name: 'Filtros' }).click();
    await page.getByLabel('Tipo', { exact: true }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Entrada' })
      .click();
    await page.getByRole('heading', { name: 'Movimentação de Estoque' }).click();
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await page.waitForURL(/type=IN/);
    await expect.poll(() => page.getByRole('button', { name: 'Filtros (1)' }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await ctx.screenshot('stock-movements-filters-375');
    await page.goto('/stockmovements');

    await page.getByTestId('new-button').click();
    await page.getByLabel('Transferência', { exact: true }).check();
    await pick(page, 'Item', 'ALG-MV', ITEM.name);
    await expect.poll(() => page.getByText(`Em ${UNIT}, até 3 casas decimais.`).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await ctx.screenshot('stock-movement-form-375');
  });
});
