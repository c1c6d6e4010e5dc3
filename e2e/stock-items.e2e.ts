import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays, todayInSaoPaulo } from '../src/shared/plain-date.js';
import { pageApi, signInAsAdmin, useBrowser } from './support/browser.js';
import { openFromMenu } from './support/menu.js';

const ctx = useBrowser();
const PHONE = { width: 375, height: 740 };

/** Names of this run's own: the browser tests share one server and database, kept across runs. */
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const UNIT = `C${RUN}`;
const STORE = `Almoxarifado Consulta ${RUN}`;
const SHORT = { code: `CE${RUN}-01`, name: `Linha consulta ${RUN}` };
const PLENTY = { code: `CE${RUN}-02`, name: `Botão consulta ${RUN}` };

const today = todayInSaoPaulo();
const yesterday = addDays(today, -1);
const shown = (day: string) => day.split('-').reverse().join('/');

const table = (page: Page) => page.getByTestId('stock-items-table');
const rows = (page: Page) => table(page).locator('tbody tr.ant-table-row');
const row = (page: Page, code: string) => rows(page).filter({ hasText: code });
const summary = (page: Page) => page.getByTestId('stock-summary').textContent();
/** The tables have stopped loading: a picture taken earlier shows them greyed out. */
async function settled(page: Page) {
  await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
  // The rows fade back in (antd's 0.3 s): the picture is taken once they have.
  await page.waitForTimeout(400);
}
const kardexRows = (page: Page) =>
  page.getByTestId('kardex-table').locator('tbody tr.ant-table-row');

async function created(page: Page, url: string, body: unknown): Promise<number> {
  const answer = await pageApi(page, 'POST', url, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return (answer.body as { id: number }).id;
}

/** Posted once per run: the second test reads what the first made. */
let seeded: { shortId: number; locationId: number } | undefined;

async function seed(page: Page) {
  seeded ??= await post(page);
  return seeded;
}

/**
 * Two feedstocks at one location: SHORT got 10 at R$ 2,00 yesterday, 5 at R$ 5,00 today (average
 * R$ 3,00) and lost 3 today: 12 left, below its minimum of 20. PLENTY has 3 and no minimum.
 */
async function post(page: Page) {
  const unitId = await created(page, '/units-of-measurement', { code: UNIT, decimals: 3 });
  const locationId = await created(page, '/stock-locations', { name: STORE });
  const shortId = await created(page, '/feedstocks', { ...SHORT, unitId, minimumStock: '20' });
  const plentyId = await created(page, '/feedstocks', { ...PLENTY, unitId });
  const entry = { type: 'IN', toLocationId: locationId };
  await created(page, '/stock-movements', {
    ...entry,
    itemId: shortId,
    date: yesterday,
    quantity: '10',
    unitCost: '2',
  });
  await created(page, '/stock-movements', {
    ...entry,
    itemId: shortId,
    quantity: '5',
    unitCost: '5',
  });
  await created(page, '/stock-movements', {
    type: 'OUT',
    itemId: shortId,
    fromLocationId: locationId,
    quantity: '3',
  });
  await created(page, '/stock-movements', {
    ...entry,
    itemId: plentyId,
    quantity: '3',
    unitCost: '1',
  });
  return { shortId, locationId };
}

async function search(page: Page, text: string) {
  await page.getByTestId('resource-search').fill(text);
  await page.waitForURL((url) => url.searchParams.get('q') === text);
}

describe('Consulta de Estoque in Chromium', () => {
  it('shows balances, average cost and value, marks and filters what is below its minimum, the stock of yesterday and the kardex', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const { shortId, locationId } = await seed(page);

    await openFromMenu(page, 'Estoque', 'Consulta de Estoque');
    await page.waitForURL(/\/stockitems$/);
    expect(await page.getByLabel('Posição em', { exact: true }).inputValue()).toBe(shown(today));

    // Both items of this run, at their location, in the unit's decimals.
    await search(page, `CE${RUN}`);
    await expect.poll(() => rows(page).count()).toBe(2);
    const short = await row(page, SHORT.code).textContent();
    for (const text of [
      `${SHORT.code} – ${SHORT.name}`,
      'Insumo',
      STORE,
      `12,000 ${UNIT}`,
      'R$ 3,00',
      'R$ 36,00',
      'Abaixo do mínimo',
    ]) {
      expect(short).toContain(text);
    }
    const plenty = await row(page, PLENTY.code).textContent();
    expect(plenty).toContain(`3,000 ${UNIT}`);
    expect(plenty).not.toContain('Abaixo do mínimo');
    expect(await table(page).locator('tr.stock-below-minimum').count()).toBe(1);
    // The totals: value over both; no quantity, as kilos of two items do not add up.
    const both = await summary(page);
    expect(both).toContain(`Posição em ${shown(today)}`);
    expect(both).toContain('Valor total R$ 39,00');
    expect(both).not.toContain('Quantidade total');

    // Below the minimum only: the short item is left, and the filter is in the URL.
    await page.getByRole('checkbox', { name: 'Abaixo do mínimo' }).click();
    await page.waitForURL(/belowMinimum=true/);
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain(SHORT.code);
    await expect.poll(() => summary(page)).toContain(`Quantidade total 12,000 ${UNIT}`);
    expect(await summary(page)).toContain('Valor total R$ 36,00');
    await settled(page);
    // Away from the menu, whose submenu the pointer left open.
    await page.mouse.move(640, 700);
    await ctx.screenshot('stock-items-1280');

    // Yesterday, in one pick: what there was at the end of that day, at that day's average.
    await page.getByLabel('Posição em', { exact: true }).click();
    await page
      .locator('.ant-picker-dropdown:visible .ant-picker-presets li', { hasText: 'Ontem' })
      .click();
    await page.waitForURL((url) => url.searchParams.get('at') === yesterday);
    await expect.poll(() => rows(page).first().textContent()).toContain(`10,000 ${UNIT}`);
    const before = await rows(page).first().textContent();
    expect(before).toContain('R$ 2,00');
    expect(before).toContain('R$ 20,00');
    expect(await summary(page)).toContain(`Posição em ${shown(yesterday)}`);
    // A reload keeps the day, the filter and the search.
    await page.reload();
    await expect.poll(() => rows(page).first().textContent()).toContain(`10,000 ${UNIT}`);
    expect(await page.getByLabel('Posição em', { exact: true }).inputValue()).toBe(
      shown(yesterday),
    );
    await settled(page);
    await ctx.screenshot('stock-items-yesterday-1280');

    // The export writes what the list shows: yesterday's stock, below the minimum, this search.
    const download = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const csv = fs.readFileSync((await (await download).path())!, 'utf8');
    expect(csv).toContain(SHORT.code);
    expect(csv).toContain('10,000');
    expect(csv).not.toContain(PLENTY.code);

    // The row opens the item's kardex at its location, up to the day shown.
    await rows(page).first().click();
    await page.waitForURL(
      (url) =>
        url.pathname === `/stockitems/${shortId}` &&
        url.searchParams.get('locationId') === String(locationId) &&
        url.searchParams.get('to') === yesterday,
    );
    await expect.poll(() => kardexRows(page).count()).toBe(2);
    expect(await kardexRows(page).first().textContent()).toContain('Saldo anterior');
    expect(await kardexRows(page).nth(1).textContent()).toContain(`+10,000`);
    expect(await page.getByTestId('kardex-closing').textContent()).toBe(
      `Saldo em ${shown(yesterday)}: 10,000 ${UNIT}`,
    );

    // Without the period's end: every movement, each with the balance after it.
    await page.goto(`/stockitems/${shortId}?locationId=${locationId}`);
    await expect.poll(() => kardexRows(page).count()).toBe(4);
    const lines = await kardexRows(page).allTextContents();
    expect(lines[0]).toContain('Saldo anterior');
    expect(lines[0]).toContain('0,000');
    for (const [index, [date, type, change, cost, balance]] of [
      [yesterday, 'Entrada', '+10,000', 'R$ 2,00', '10,000'],
      [today, 'Entrada', '+5,000', 'R$ 5,00', '15,000'],
      [today, 'Saída', '\u22123,000', 'R$ 3,00', '12,000'],
    ].entries()) {
      const line = lines[index + 1]!;
      for (const text of [shown(date!), type!, change!, cost!]) expect(line).toContain(text);
      expect(line.endsWith(balance!)).toBe(true);
    }
    expect(await page.getByTestId('kardex-closing').textContent()).toBe(
      `Saldo atual: 12,000 ${UNIT}`,
    );
    expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe(
      `${SHORT.code} – ${SHORT.name}`,
    );
    await settled(page);
    await ctx.screenshot('stock-item-kardex-1280');

    // A movement's number leads to it in Movimentação de Estoque.
    await kardexRows(page).nth(3).getByRole('link').click();
    await page.waitForURL(/\/stockmovements\/\d+$/);
    await expect
      .poll(() => page.getByRole('heading', { level: 2 }).textContent())
      .toMatch(/^Saída #\d+$/);
    expect(ctx.consoleErrors).toEqual([]);
  });

  it('fits 375 px: three columns in the list and in the kardex, no sideways scroll', async () => {
    const { page } = ctx;
    await page.setViewportSize(PHONE);
    await signInAsAdmin(page);
    const { shortId, locationId } = await seed(page);

    await page.goto(`/stockitems?q=CE${RUN}`);
    await expect.poll(() => rows(page).count()).toBe(2);
    expect(await table(page).locator('thead th.ant-table-cell').count()).toBeLessThanOrEqual(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await settled(page);
    await ctx.screenshot('stock-items-375');
    await page.getByRole('button', { name: 'Filtros' }).click();
    await page.getByRole('checkbox', { name: 'Abaixo do mínimo' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Filtros (1)' }).count()).toBe(1);
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await settled(page);
    await ctx.screenshot('stock-items-filters-375');

    await page.goto(`/stockitems/${shortId}?locationId=${locationId}`);
    await expect.poll(() => kardexRows(page).count()).toBe(4);
    expect(
      await page.getByTestId('kardex-table').locator('thead th.ant-table-cell').count(),
    ).toBeLessThanOrEqual(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await settled(page);
    await ctx.screenshot('stock-item-kardex-375');
  });
});
