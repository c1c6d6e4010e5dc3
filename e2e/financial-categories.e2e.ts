import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInAsAdmin, useBrowser } from './support/browser.js';
import { openFromMenu } from './support/menu.js';
import { pick } from './support/select.js';

const ctx = useBrowser();
const PHONE = { width: 375, height: 740 };

/** A name of this run's own: the browser tests share one database, kept across runs. */
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const CHILD = `Embalagens ${RUN}`;

const rows = (page: Page) => page.getByTestId('resource-table').locator('tbody tr.ant-table-row');
const row = (page: Page, name: string) => rows(page).filter({ hasText: name });
/** The table has stopped loading and its rows have faded back in (antd's 0.3 s). */
async function settled(page: Page) {
  await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
  await page.waitForTimeout(400);
}

describe('Plano de Contas in Chromium', () => {
  it('lists the seeded chart with each parent and creates a child category', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    await openFromMenu(page, 'Financeiro', 'Plano de Contas');
    await page.waitForURL(/\/financialcategories$/);

    // Sorted by name, "Aluguel" comes first; its parent's name is shown, not its id.
    await expect.poll(() => row(page, 'Aluguel').count()).toBe(1);
    await expect
      .poll(() => row(page, 'Aluguel').textContent())
      .toMatch(/Despesas operacionais.*Despesa/);
    await expect
      .poll(() => row(page, 'Energia elétrica').textContent())
      .toContain('Custos de produção');
    // The menu opened by hovering must not cover the list in the picture.
    await page.mouse.move(640, 780);
    await settled(page);
    await ctx.screenshot('financial-categories-1280');

    await page.getByTestId('new-button').click();
    await page.waitForURL(/\/financialcategories\/new$/);
    await pick(page, 'Categoria superior', 'Custos de produção');
    await page.getByLabel('Nome', { exact: true }).fill(CHILD);
    await page.getByText('Despesa', { exact: true }).click();
    await pick(page, 'Grupo da DRE', 'Custos');
    await ctx.screenshot('financial-category-form-1280');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/financialcategories$/);

    await page.getByTestId('resource-search').fill(CHILD);
    await expect.poll(() => rows(page).count()).toBe(1);
    await expect
      .poll(() => rows(page).first().textContent())
      .toMatch(new RegExp(`${CHILD}.*Custos de produção.*Despesa.*Custos`));
    expect(ctx.consoleErrors).toEqual([]);
  });

  it('fits 375 px without sideways scroll', async () => {
    const { page } = ctx;
    await page.setViewportSize(PHONE);
    await signInAsAdmin(page);
    await page.goto('/financialcategories');
    await expect.poll(() => row(page, 'Aluguel').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await settled(page);
    await ctx.screenshot('financial-categories-375');
  });
});
