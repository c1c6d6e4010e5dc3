import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from './support/browser.js';

const ctx = useBrowser();

describe('platform shell in Chromium', () => {
  it('signing in with a returnUrl lands there, with the menu and the footer', async () => {
    const { page } = ctx;
    await page.goto('/company');
    await page.waitForURL(/\/account\/login\?returnUrl=%2Fcompany/);
    expect(await page.getByTestId('user-menu').count()).toBe(0);
    await page.getByLabel('E-mail').fill(ctx.admin.email);
    await page.getByLabel('Senha').fill(ctx.admin.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(/\/company$/);
    await expect.poll(() => page.getByTestId('user-menu').textContent()).toContain(ctx.admin.email);
    await expect
      .poll(() => page.getByTestId('footer').textContent())
      .toContain('Segunda a sexta, 8:30 às 18:30 · Sábado, 8:30 às 12:30');
    expect(await page.title()).toBe('Fabril');
    await ctx.screenshot('company-1280');
    // The built SPA satisfies the server's Content-Security-Policy.
    expect(ctx.consoleErrors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
  });

  it('shows the server message for wrong credentials and stays on the login page', async () => {
    const { page } = ctx;
    await signIn(page, ctx.admin.email, 'senha-errada');
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('E-mail ou senha inválidos.');
    expect(new URL(page.url()).pathname).toBe('/account/login');
  });

  it('"Sair" ends the session on the server, empties localStorage and shows the login', async () => {
    const { page } = ctx;
    await signIn(page, ctx.admin.email, ctx.admin.password);
    await page.waitForURL(/\/dashboard$/);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    const me = () =>
      page.evaluate(
        async (bearer) =>
          (await fetch('/api/v1/account/me', { headers: { Authorization: `Bearer ${bearer}` } }))
            .status,
        token,
      );
    expect(await me()).toBe(200);
    await page.getByTestId('user-menu').click();
    await page.getByText('Sair', { exact: true }).click();
    await page.waitForURL(/\/account\/login/);
    await expect.poll(() => page.evaluate(() => localStorage.length)).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Entrar' }).isVisible()).toBe(true);
    expect(await page.getByTestId('user-menu').count()).toBe(0);
    // A copy of the token (another tab, a stolen one) no longer opens anything.
    await expect.poll(me).toBe(401);
  });

  it('an invalid token in storage sends the user to login with the returnUrl', async () => {
    const { page } = ctx;
    await page.goto('/account/login');
    await page.evaluate(() => {
      localStorage.setItem('token', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.invalid');
      localStorage.setItem(
        'user',
        JSON.stringify({
          id: 1,
          name: 'X',
          email: 'x@x.com',
          roleName: 'X',
          permissions: ['company:read'],
        }),
      );
    });
    await page.goto('/company');
    await page.waitForURL(/\/account\/login\?returnUrl=%2Fcompany/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('unknown paths show the 404 page and /access-denied the 401 page', async () => {
    const { page } = ctx;
    await signIn(page, ctx.admin.email, ctx.admin.password);
    await page.waitForURL(/\/dashboard$/);
    await page.goto('/nada/por/aqui');
    await expect.poll(() => page.locator('body').textContent()).toContain('Não tem nada aqui :(');
    expect(await page.locator('body').textContent()).toContain('404');
    await page.goto('/access-denied');
    await expect.poll(() => page.locator('body').textContent()).toContain('Acesso negado :(');
    expect(await page.locator('body').textContent()).toContain('401');
  });

  it('at 375 px the menu is a drawer and nothing scrolls sideways', async () => {
    const { page } = ctx;
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, ctx.admin.email, ctx.admin.password);
    await page.waitForURL(/\/dashboard$/);
    const button = page.getByTestId('menu-drawer-button');
    await expect.poll(() => button.isVisible()).toBe(true);
    await button.click();
    await expect.poll(() => page.locator('.ant-drawer-open').count()).toBe(1);
    await ctx.screenshot('drawer-375');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
