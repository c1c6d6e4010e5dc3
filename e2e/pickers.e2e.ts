import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pageApi, signIn, signInAsAdmin, useBrowser } from './support/browser.js';

const ctx = useBrowser();

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** A GET of the API with the SPA's own session. */
const apiGet = async (page: Page, url: string) =>
  (await pageApi(page, 'GET', url)).body as { items: Record<string, unknown>[] };

/** The POSTs the page sends to `path` from now on. */
function postsTo(page: Page, path: string) {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === `/api/v1${path}`) {
      sent.push(request.postData() ?? '');
    }
  });
  return sent;
}

describe('pickers and Enter in Chromium (issue 16 §2, §3, §15)', () => {
  /** The units KG (Quilograma) and M (Metro), made unless they are there already. */
  async function kgAndMetre(page: Page) {
    for (const [code, description] of [
      ['KG', 'Quilograma'],
      ['M', 'Metro'],
    ] as const) {
      const found = await apiGet(page, `/units-of-measurement?q=${code}&pageSize=100`);
      if (!found.items.some((row) => row.code === code)) {
        const made = await pageApi(page, 'POST', '/units-of-measurement', {
          code,
          description,
          decimals: 3,
        });
        expect(made.status, JSON.stringify(made.body)).toBe(201);
      }
    }
  }
  /** What the select labelled `label` shows (its choice, or its placeholder), without waiting. */
  const chosen = async (page: Page, label: string) =>
    (
      await page
        .locator('.ant-form-item')
        .filter({ has: field(page, label) })
        .locator('.ant-select-content')
        .allTextContents()
    ).join('');

  it('typing M and Enter in the unit picker picks M, shown with its description', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    await kgAndMetre(page);
    await page.goto('/feedstock/new');
    await field(page, 'Unidade de medida').click();
    await page.keyboard.type('M');
    await page.keyboard.press('Enter');
    await expect.poll(() => chosen(page, 'Unidade de medida')).toBe('M — Metro');
  });

  it('Enter on a category that has sub-categories does not pick it', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    await page.goto('/billstopay/new');
    await field(page, 'Categoria').click();
    await page.keyboard.type('Custos de produção');
    await expect
      .poll(() => page.locator('.ant-select-dropdown:visible').textContent())
      .toContain('Matéria-prima');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    // The group's heading is no choice: Enter picks one of its categories, never the group.
    expect(await chosen(page, 'Categoria')).toMatch(/^Custos de produção › /);
  });

  it('Enter in a date field confirms the date and does not save the form', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    await page.goto('/checkingaccounts/new');
    const posts = postsTo(page, '/checking-accounts');
    await field(page, 'Nome').fill('Conta Enter na data');
    await field(page, 'Código do banco').fill('341');
    await field(page, 'Data do saldo inicial').click();
    await page.keyboard.type('15/01/2026');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(800);
    expect(posts).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/checkingaccounts/new');
    expect(await field(page, 'Data do saldo inicial').inputValue()).toBe('15/01/2026');
    // A second Enter in the field, its calendar closed, does not save either.
    await page.keyboard.press('Enter');
    await page.waitForTimeout(500);
    expect(posts).toEqual([]);
  });

  it('Tab from a picked value goes to the next field, not to its clear button', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    await kgAndMetre(page);
    await page.goto('/feedstock/new');
    await field(page, 'Unidade de medida').click();
    await page.keyboard.type('KG');
    await expect.poll(() => chosenOption(page)).toMatch(/^KG/);
    await page.keyboard.press('Enter');
    await expect.poll(() => chosen(page, 'Unidade de medida')).toBe('KG — Quilograma');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.className ?? '');
    expect(focused).not.toContain('clear');
  });

  it('"+ Nova" in the unit picker creates a unit in a drawer and picks it', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const code = `N${Date.now().toString(36).slice(-5).toUpperCase()}`;
    await page.goto('/feedstock/new');
    await field(page, 'Nome').fill('Insumo com unidade nova');
    await field(page, 'Unidade de medida').click();
    await page
      .locator('.ant-select-dropdown:visible')
      .getByRole('button', { name: 'Nova' })
      .click();
    const drawer = page.locator('.ant-drawer-open .ant-drawer-section');
    await expect
      .poll(() => drawer.locator('.ant-drawer-title').allTextContents())
      .toEqual(['Nova unidade de medida']);
    await drawer.getByLabel('Código', { exact: true }).fill(code);
    await drawer.getByLabel('Descrição', { exact: true }).fill('Caixa térmica');
    await drawer.getByLabel('Casas decimais', { exact: true }).fill('0');
    await ctx.screenshot('pickers-new-unit-drawer-1280');
    await drawer.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => page.locator('.ant-drawer-open').count()).toBe(0);
    await expect.poll(() => chosen(page, 'Unidade de medida')).toBe(`${code} — Caixa térmica`);
    // The feedstock form kept what was typed, and the unit is there for everyone.
    expect(await field(page, 'Nome').inputValue()).toBe('Insumo com unidade nova');
    const { items } = await apiGet(page, `/units-of-measurement?q=${code}`);
    expect(items.map((row) => [row.code, row.description, row.decimals])).toEqual([
      [code, 'Caixa térmica', 0],
    ]);
  });

  it('offers "+ Nova" only to who may create units', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const tag = Date.now().toString(36);
    const role = await pageApi(page, 'POST', '/roles', {
      name: `Insumos sem criar unidades ${tag}`,
      permissions: ['feedstocks:read', 'feedstocks:write', 'unitsOfMeasurement:read'],
    });
    expect(role.status, JSON.stringify(role.body)).toBe(201);
    const email = `insumos.${tag}@fabril.test`;
    const user = await pageApi(page, 'POST', '/users', {
      name: 'Cadastro de insumos',
      email,
      roleId: (role.body as { id: number }).id,
      password: 'senha-segura-1',
    });
    expect(user.status, JSON.stringify(user.body)).toBe(201);

    await signIn(page, email, 'senha-segura-1');
    await page.waitForURL(/\/dashboard$/);
    await page.goto('/feedstock/new');
    await field(page, 'Unidade de medida').click();
    const dropdown = page.locator('.ant-select-dropdown:visible');
    await expect.poll(() => dropdown.locator('.ant-select-item-option').count()).toBeGreaterThan(0);
    expect(await dropdown.getByRole('button', { name: 'Nova' }).count()).toBe(0);
  });
});

/** The option the open select would pick on Enter. */
const chosenOption = (page: Page) =>
  page.locator('.ant-select-dropdown:visible .ant-select-item-option-active').textContent();
