import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/shared/messages.js';
import { formatBRL } from '../src/shared/money.js';
import {
  dashboardListApiPaths,
  type Dashboard,
  type DashboardCardKey,
  type DashboardLink,
} from '../src/shared/resources/dashboard.js';
import { DEMO_USERS } from '../src/server/demo/index.js';
import { pageApi, signIn, useBrowser } from './support/browser.js';
import { startServer, stopServer, tempDataDir, type RunningServer } from './support/server.js';

/**
 * The demo company as a newcomer meets it: `npm start -- --demo` on a new data directory (a short
 * year, FABRIL_DEMO_DAYS, so that it is ready in seconds), the clerk signs in, reads the dashboard
 * at 1280 and 375 px, opens each card's list and finds the card's figure there, and reaches a
 * sales order and an invoice with Ctrl+K.
 */
const ctx = useBrowser();
const clerk = DEMO_USERS[0];
let server: RunningServer;
let dataDir = '';

beforeAll(async () => {
  dataDir = await tempDataDir();
  // `npm start -- --demo`: the server answers only once the demo is in.
  server = await startServer(
    { FABRIL_DATA_DIR: dataDir, DATABASE_URL: '', FABRIL_DEMO_DAYS: '30' },
    ['--demo'],
  );
  expect(server.output()).toContain('Demonstração pronta');
}, 180_000);

afterAll(async () => {
  if (server) await stopServer(server);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** What the list API says of the rows a card's link selects. */
async function listTotal(page: Page, link: DashboardLink) {
  const answer = await pageApi(
    page,
    'GET',
    `/${dashboardListApiPaths[link.list]}?${link.query}&pageSize=100`,
  );
  expect(answer.status).toBe(200);
  return answer.body as { total: number; totals?: { open?: string } };
}

describe('the demo company in Chromium', () => {
  it('shows the clerk a live dashboard whose cards open lists with the same totals', async () => {
    const { page } = ctx;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, clerk.email, clerk.password, `${server.url}/account/login`);
    await page.waitForURL(/\/dashboard$/);
    const dashboard = (await pageApi(page, 'GET', '/dashboard')).body as unknown as Dashboard;
    const shown = Object.keys(dashboard.cards) as DashboardCardKey[];
    expect(shown.length).toBeGreaterThan(2);
    for (const name of shown) {
      await expect.poll(() => page.getByTestId(`dashboard-card-${name}`).isVisible()).toBe(true);
    }
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await ctx.screenshot('demo-dashboard-1280');
    await page.setViewportSize({ width: 375, height: 740 });
    await expect.poll(() => overflow(page)).toBeLessThanOrEqual(0);
    await ctx.screenshot('demo-dashboard-375');
    await page.setViewportSize({ width: 1280, height: 900 });

    for (const name of shown) {
      const card = dashboard.cards[name]!;
      const link =
        'link' in card ? card.link : 'current' in card ? card.current.link : card.total.link;
      await page.goto(`${server.url}/dashboard`);
      await page.getByTestId(`dashboard-link-${name}`).click();
      await page.waitForURL((url) => !url.pathname.endsWith('/dashboard'));
      const list = await listTotal(page, link);
      // The list shows as many rows as the card sums (an empty list has no pagination, only
      // its "Sem dados": a card at 0, as "OPs atrasadas" often is on the demo)…
      if (list.total === 0) {
        await expect
          .poll(() => page.locator('.ant-table-placeholder .ant-empty').first().isVisible(), {
            timeout: 15_000,
          })
          .toBe(true);
      } else {
        await expect
          .poll(() => page.locator('.ant-pagination-total-text').first().textContent(), {
            timeout: 15_000,
          })
          .toBe(messages.recordCount(list.total));
      }
      if ('count' in card && name !== 'belowMinimum') expect(card.count, name).toBe(list.total);
      // …and the open bills their card's amount.
      if (name === 'receivables' || name === 'payables') {
        const bills = dashboard.cards[name]!;
        await expect
          .poll(() => page.getByTestId('bill-total-open').textContent())
          .toContain(formatBRL(bills.total.amount));
      }
    }
    expect(ctx.consoleErrors).toEqual([]);
  });

  it('opens the sales orders at risk from the dashboard, as many as it counts', async () => {
    const { page } = ctx;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, clerk.email, clerk.password, `${server.url}/account/login`);
    await page.waitForURL(/\/dashboard$/);
    const dashboard = (await pageApi(page, 'GET', '/dashboard')).body as unknown as Dashboard;
    // The big order whose production ends after its delivery date, at least.
    const atRisk = dashboard.cards.ordersToDeliver!.atRisk;
    expect(atRisk.count).toBeGreaterThanOrEqual(1);
    await expect
      .poll(() => page.getByTestId('dashboard-link-atRisk').textContent())
      .toBe(atRisk.count.toLocaleString('pt-BR'));
    await page.getByTestId('dashboard-link-atRisk').click();
    await page.waitForURL((url) => url.searchParams.get('atRisk') === 'true');
    await expect
      .poll(() => page.locator('.ant-pagination-total-text').first().textContent(), {
        timeout: 15_000,
      })
      .toBe(messages.recordCount(atRisk.count));
    expect((await listTotal(page, atRisk.link)).total).toBe(atRisk.count);
    expect(await page.getByRole('checkbox', { name: 'Em risco' }).isChecked()).toBe(true);
    await ctx.screenshot('demo-orders-at-risk-1280');
    await page.setViewportSize({ width: 375, height: 740 });
    await expect.poll(() => overflow(page)).toBeLessThanOrEqual(0);
    await ctx.screenshot('demo-orders-at-risk-375');
    expect(ctx.consoleErrors).toEqual([]);
  });

  it('opens a sales order and an invoice with Ctrl+K', async () => {
    const { page } = ctx;
    await signIn(page, clerk.email, clerk.password, `${server.url}/account/login`);
    await page.waitForURL(/\/dashboard$/);
    const orders = await pageApi(page, 'GET', '/requested-orders?status=DELIVERED&pageSize=1');
    const order = (orders.body.items as { id: number; number: string }[])[0]!;
    const invoices = await pageApi(page, 'GET', '/invoices?pageSize=1');
    const invoice = (invoices.body.items as { id: number; number: number | null }[])[0]!;

    // Typed as a person would; the option is picked by its title (a number may match others).
    for (const [q, title, path] of [
      [order.number, order.number, `/requestedorders/${order.id}`],
      [String(invoice.number), `NF-e ${invoice.number}`, `/invoices/${invoice.id}`],
    ] as const) {
      // The shortcut works once the top bar is on screen, as a person would see it.
      await page.getByTestId('search-box').waitFor();
      await page.keyboard.press('Control+k');
      await page.getByTestId('search-input').fill(q);
      const option = page
        .getByTestId('search-option')
        .filter({ hasText: new RegExp(`^${title}(?!\\d)`) });
      await expect.poll(() => option.count()).toBe(1);
      await option.click();
      await page.waitForURL((url) => url.pathname === path);
    }
    await expect.poll(() => page.getByText(`NF-e nº ${invoice.number}`).isVisible()).toBe(true);
    await ctx.screenshot('demo-invoice-opened');
  });
});
