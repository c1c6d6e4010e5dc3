import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pageApi, signIn, useBrowser } from './support/browser.js';

const ctx = useBrowser();

async function signInAs(page: Page, email: string, password: string) {
  await signIn(page, email, password);
  await page.waitForURL(/\/dashboard$/);
}

const api = pageApi;

describe('"Sair" in the top menu', () => {
  it('is a visible link beside the e-mail at 1280 px, not an item of its menu', async () => {
    const { page } = ctx;
    await signInAs(page, ctx.admin.email, ctx.admin.password);
    const email = page.getByTestId('user-menu');
    const signOut = page.getByRole('link', { name: 'Sair', exact: true });
    await expect.poll(() => signOut.isVisible()).toBe(true);
    const [emailBox, signOutBox] = [await email.boundingBox(), await signOut.boundingBox()];
    // Beside it: on the same line, to its right.
    expect(signOutBox!.x).toBeGreaterThan(emailBox!.x + emailBox!.width - 1);
    expect(
      Math.abs(signOutBox!.y + signOutBox!.height / 2 - (emailBox!.y + emailBox!.height / 2)),
    ).toBeLessThan(8);

    await email.click();
    const dropdown = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
    await expect.poll(() => dropdown.textContent()).toContain('Minha conta');
    expect(await dropdown.textContent()).toContain('Empresa');
    expect(await dropdown.textContent()).not.toContain('Sair');
    await ctx.screenshot('access-header-1280');

    await page.keyboard.press('Escape');
    await signOut.click();
    await page.waitForURL(/\/account\/login/);
    await expect.poll(() => page.evaluate(() => localStorage.length)).toBe(0);
  });

  it('is in the header and in the drawer at 375 px', async () => {
    const { page } = ctx;
    await page.setViewportSize({ width: 375, height: 740 });
    await signInAs(page, ctx.admin.email, ctx.admin.password);
    const inHeader = page.locator('header').getByRole('link', { name: 'Sair', exact: true });
    await expect.poll(() => inHeader.isVisible()).toBe(true);
    await ctx.screenshot('access-header-375');

    await page.getByTestId('menu-drawer-button').click();
    const drawer = page.locator('.ant-drawer-open');
    await expect.poll(() => drawer.count()).toBe(1);
    const inDrawer = drawer.getByRole('link', { name: 'Sair', exact: true });
    await expect.poll(() => inDrawer.isVisible()).toBe(true);
    // The drawer slides in from the left: shoot once its e-mail is fully on screen.
    const drawerEmail = drawer.getByText(ctx.admin.email, { exact: true });
    await expect.poll(async () => (await drawerEmail.boundingBox())?.x).toBeGreaterThan(0);
    await ctx.screenshot('access-drawer-375');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await inDrawer.click();
    await page.waitForURL(/\/account\/login/);
    await expect.poll(() => page.evaluate(() => localStorage.length)).toBe(0);
  });
});

describe('roles matrix', () => {
  it('ticks "Consultar" with another action and clears the row when it is unticked', async () => {
    const { page } = ctx;
    await signInAs(page, ctx.admin.email, ctx.admin.password);
    await page.goto('/roles/new');
    await page.getByLabel('Nome', { exact: true }).fill('Cores sem leitura');
    const box = (action: string) => page.getByLabel(`Cores: ${action}`, { exact: true });

    await box('Incluir/alterar').check();
    await expect.poll(() => box('Consultar').isChecked()).toBe(true);
    await box('Excluir').check();
    await box('Consultar').uncheck();
    await expect.poll(() => box('Incluir/alterar').isChecked()).toBe(false);
    expect(await box('Excluir').isChecked()).toBe(false);

    await box('Excluir').check();
    await expect.poll(() => box('Consultar').isChecked()).toBe(true);
    await ctx.screenshot('access-roles-matrix-1280');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/roles(\?.*)?$/);
    const saved = await api(page, 'GET', '/roles?q=Cores%20sem%20leitura');
    expect(saved.body.items).toHaveLength(1);
    // The permissions are the record's (GET /roles/:id), not the list row's.
    const role = await api(page, 'GET', `/roles/${(saved.body.items[0] as { id: number }).id}`);
    expect(role.body.permissions).toEqual(['colors:read', 'colors:delete']);
  });
});

describe('footer', () => {
  it("shows the company's address, phones and hours to a user without any permission", async () => {
    const { page } = ctx;
    await signInAs(page, ctx.admin.email, ctx.admin.password);
    const company = (await api(page, 'GET', '/company')).body;
    const saved = await api(page, 'PUT', '/company', {
      ...company,
      address: {
        zipCode: '01310-100',
        street: 'Avenida Paulista',
        number: '1000',
        district: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
      },
      phones: ['(11) 3456-7890', '', ''],
    });
    expect(saved.status).toBe(200);
    const role = await api(page, 'POST', '/roles', { name: 'Sem permissões', permissions: [] });
    const user = await api(page, 'POST', '/users', {
      name: 'Visitante',
      email: 'visitante@fabril.test',
      roleId: role.body.id,
      password: 'senha-segura-1',
    });
    expect(user.status).toBe(201);

    await signInAs(page, 'visitante@fabril.test', 'senha-segura-1');
    const footer = page.getByTestId('footer');
    await expect.poll(() => footer.textContent()).toContain('Avenida Paulista');
    const text = await footer.textContent();
    expect(text).toContain('(11) 3456-7890');
    expect(text).toContain(company.openingHours);
    expect(text).toContain(company.tradeName);
    await ctx.screenshot('access-footer-no-permissions-1280', true);
  });
});

describe('a picker of records the user may not read', () => {
  it('is disabled and says so, instead of taking the page to "Acesso negado"', async () => {
    const { page } = ctx;
    await signInAs(page, ctx.admin.email, ctx.admin.password);
    const role = await api(page, 'POST', '/roles', {
      name: 'Contas a pagar sem fornecedores',
      permissions: ['billsToPay:read', 'billsToPay:write', 'financialCategories:read'],
    });
    expect(role.status).toBe(201);
    const user = await api(page, 'POST', '/users', {
      name: 'Auxiliar financeiro',
      email: 'auxiliar.financeiro@fabril.test',
      roleId: role.body.id,
      password: 'senha-segura-1',
    });
    expect(user.status).toBe(201);

    await signInAs(page, 'auxiliar.financeiro@fabril.test', 'senha-segura-1');
    await page.goto('/billstopay/new');
    const supplier = page.getByText('Sem permissão para consultar Fornecedores');
    await expect.poll(() => supplier.isVisible()).toBe(true);
    expect(page.url()).toMatch(/\/billstopay\/new$/);
    await ctx.screenshot('access-picker-without-read-1280');
  });
});
