import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatBRL } from '../src/shared/money.js';
import { addDays, todayInSaoPaulo } from '../src/shared/plain-date.js';
import type { Dashboard } from '../src/shared/resources/dashboard.js';
import { pageApi, signInAsAdmin, useBrowser } from './support/browser.js';

/**
 * The dashboard in Chromium (DOMAIN §13): its cards fit a wide screen and a phone without a
 * sideways scroll, and a card's figure opens the list that adds up to it.
 */
const ctx = useBrowser();

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A bill to pay due today, so that "A pagar" has a figure of its own. */
async function billDueToday(page: Page) {
  const categories = await pageApi(
    page,
    'GET',
    '/financial-categories?kind=EXPENSE&active=true&pageSize=100',
  );
  const items = categories.body.items as { id: number; parentId: number | null }[];
  const leaf = items.find((item) => !items.some((other) => other.parentId === item.id))!;
  const today = todayInSaoPaulo();
  const created = await pageApi(page, 'POST', '/bills-to-pay', {
    description: `Aluguel painel ${Date.now()}`,
    issueDate: addDays(today, -1),
    dueDate: today,
    categoryId: leaf.id,
    amount: '1234567.89',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
}

describe('dashboard in Chromium', () => {
  it('shows the cards at 1280 and 375 px and opens the list of a card with the same total', async () => {
    const { page } = ctx;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAsAdmin(page);
    await billDueToday(page);
    await page.goto('/dashboard');
    const payables = page.getByTestId('dashboard-card-payables');
    await expect.poll(() => payables.isVisible()).toBe(true);
    await expect
      .poll(() => page.getByTestId('dashboard-chart-revenue').isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.locator('[data-testid^="dashboard-card-"]').count()).toBe(8);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await ctx.screenshot('dashboard-1280');

    await page.setViewportSize({ width: 375, height: 740 });
    await expect.poll(() => overflow(page)).toBeLessThanOrEqual(0);
    await ctx.screenshot('dashboard-375');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The figure is abbreviated; its exact value is on hover, and is the list's "Em aberto".
    const answer = await pageApi(page, 'GET', '/dashboard');
    const figures = answer.body as unknown as Dashboard;
    const exact = formatBRL(figures.cards.payables!.total.amount);
    const link = page.getByTestId('dashboard-link-payables');
    expect(await link.textContent()).toMatch(/^R\$ [\d,]+ [KMBT]$/);
    await link.hover();
    await expect
      .poll(() => page.locator('.ant-tooltip').filter({ hasText: exact }).isVisible())
      .toBe(true);
    await link.click();
    await page.waitForURL(/\/billstopay\?/);
    const open = page.getByTestId('bill-total-open');
    await expect.poll(() => open.textContent()).toContain(exact);
    await ctx.screenshot('dashboard-payables-list');
  });
});
