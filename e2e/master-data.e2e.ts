import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pageApi, signIn, signInAsAdmin, useBrowser } from './support/browser.js';
import { openFromMenu } from './support/menu.js';

const ctx = useBrowser();

const toasts = (page: Page) => page.locator('.ant-notification-notice').allTextContents();
const fieldError = (page: Page, label: string) =>
  page
    .locator('.ant-form-item')
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .locator('.ant-form-item-explain-error');

async function pickOption(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByLabel(label, { exact: true }).fill(option);
  await page.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
}

describe('master data in Chromium', () => {
  it('creates a client, fixing an invalid CPF, finds it without accents, edits it, reads its history and exports the list', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    await openFromMenu(page, 'Cadastros', 'Clientes');
    await page.waitForURL(/\/client$/);
    await page.getByTestId('new-button').click();
    await page.waitForURL(/\/client\/new$/);

    await page.locator('form').getByText('Pessoa Física', { exact: true }).click();
    await page.getByLabel('CPF / CNPJ').fill('111.111.111-12');
    await page.getByLabel('Nome / Razão social').fill('Conceição Araújo');
    await page.getByLabel('Cidade').fill('São José dos Campos');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => fieldError(page, 'CPF / CNPJ').textContent()).toBe('CPF inválido');
    await ctx.screenshot('client-invalid-cpf-1280');
    expect(new URL(page.url()).pathname).toBe('/client/new');

    await page.getByLabel('CPF / CNPJ').fill('529.982.247-25');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/client$/);
    await expect.poll(() => toasts(page)).toContain('Registro salvo com sucesso.');

    await page.getByTestId('resource-search').fill('conceicao araujo');
    await page.waitForURL(/q=conceicao/);
    const rows = page.getByTestId('resource-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('529.982.247-25');
    // The URL keeps the search: a reload shows the same list.
    await page.reload();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await page.getByTestId('resource-search').inputValue()).toBe('conceicao araujo');

    const download = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const file = await (await download).path();
    const csv = fs.readFileSync(file!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain('Conceição Araújo');
    expect(csv).toContain('529.982.247-25');
    expect(csv.split('\r\n')[0]).toContain(';');

    await page.getByRole('link', { name: 'Conceição Araújo' }).click();
    await page.waitForURL(/\/client\/\d+$/);
    await page.getByLabel('Nome fantasia').fill('Ateliê Conceição');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/client(\?.*)?$/);
    await expect.poll(() => toasts(page)).toContain('Registro salvo com sucesso.');

    await page.getByRole('link', { name: 'Conceição Araújo' }).click();
    await page.getByTestId('history-button').click();
    const history = page.getByTestId('history-drawer');
    await expect.poll(() => history.getByTestId('history-entry').count()).toBe(2);
    const text = await history.textContent();
    expect(text).toContain('Ateliê Conceição');
    expect(text).toContain('Administrador');
    await ctx.screenshot('client-history-1280');
  });

  it('a stale edit shows the 409 message and keeps what the user typed', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    // The SPA's own session (token and CSRF cookie) makes the API calls of "another user".
    const api = async (method: string, url: string, body?: unknown) =>
      (await pageApi(page, method, url, body)).body;
    const brand = await api('POST', '/brands', { name: 'Marca Concorrida' });
    await page.goto(`/brands/${brand.id}`);
    await expect
      .poll(() => page.getByLabel('Nome', { exact: true }).inputValue())
      .toBe('Marca Concorrida');
    await api('PUT', `/brands/${brand.id}`, { name: 'Alterada por outro', version: brand.version });

    await page.getByLabel('Nome', { exact: true }).fill('Minha alteração');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect
      .poll(() => page.locator('.ant-alert').textContent())
      .toContain('Este registro foi alterado por outro usuário. Recarregue e tente novamente.');
    expect(await page.getByLabel('Nome', { exact: true }).inputValue()).toBe('Minha alteração');
    expect(new URL(page.url()).pathname).toBe(`/brands/${brand.id}`);
    await page.getByRole('button', { name: 'Recarregar' }).click();
    await expect
      .poll(() => page.getByLabel('Nome', { exact: true }).inputValue())
      .toBe('Alterada por outro');
  });

  it('deleting a role that a user has shows the in-use message and offers to inactivate', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    await page.goto('/roles/new');
    await page.getByLabel('Nome', { exact: true }).fill('Expedição');
    await page.getByLabel('Clientes: Consultar').check();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/roles$/);

    await page.goto('/users/new');
    await page.getByLabel('Nome', { exact: true }).fill('Paulo Expedição');
    await page.getByLabel('E-mail', { exact: true }).fill('paulo@fabril.test');
    await pickOption(page, 'Perfil', 'Expedição');
    await page.getByLabel('Senha', { exact: true }).fill('senha-do-paulo-1');
    await page.getByLabel('Confirmação', { exact: true }).fill('senha-do-paulo-1');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/users$/);

    await page.goto('/roles');
    await page.getByRole('link', { name: 'Expedição' }).click();
    await page.getByRole('button', { name: 'Excluir' }).click();
    await expect
      .poll(() => page.locator('.ant-popconfirm').textContent())
      .toContain('Tem certeza que deseja eliminar este registro?');
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Excluir' }).click();
    await expect
      .poll(() => page.locator('body').textContent())
      .toContain('Registro em uso; inative-o em vez de excluir.');
    expect(await page.getByRole('button', { name: 'Inativar' }).isVisible()).toBe(true);
  });

  it('a user whose role has only Clientes sees only Cadastros › Clientes', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    await page.goto('/roles/new');
    await page.getByLabel('Nome', { exact: true }).fill('Somente clientes');
    await page.getByLabel('Clientes: todas').check();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/roles$/);
    await page.goto('/users/new');
    await page.getByLabel('Nome', { exact: true }).fill('Vera Vendas');
    await page.getByLabel('E-mail', { exact: true }).fill('vera@fabril.test');
    await pickOption(page, 'Perfil', 'Somente clientes');
    await page.getByLabel('Senha', { exact: true }).fill('senha-da-vera-1');
    await page.getByLabel('Confirmação', { exact: true }).fill('senha-da-vera-1');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/users$/);
    // "Registro salvo" opens top right, over the user menu: closed, as a person would before
    // reaching for "Sair" under it (a toast the pointer rests on stays open).
    const saved = page.locator('.ant-notification-notice');
    await expect.poll(() => saved.count()).toBe(1);
    await saved.locator('.ant-notification-notice-close').click();
    await expect.poll(() => saved.count()).toBe(0);

    await page.getByTestId('user-menu').click();
    await page.getByText('Sair', { exact: true }).click();
    await page.waitForURL(/\/account\/login/);
    await signIn(page, 'vera@fabril.test', 'senha-da-vera-1');
    await page.waitForURL(/\/dashboard$/);

    // antd keeps a hidden "…" overflow entry; only the visible groups count.
    const topLevel = page
      .locator('.ant-menu-horizontal > .ant-menu-submenu')
      .filter({ visible: true });
    await expect.poll(() => topLevel.allTextContents()).toEqual(['Cadastros']);
    await topLevel.first().hover();
    const entries = page.locator('.ant-menu-submenu-popup .ant-menu-item');
    await expect.poll(() => entries.allTextContents()).toEqual(['Clientes']);
    await ctx.screenshot('menu-only-clients-1280');

    await page.goto('/brands');
    await expect.poll(() => page.locator('body').textContent()).toContain('Acesso negado :(');
  });
});
