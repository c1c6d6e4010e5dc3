import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.js';

const ctx = useBrowser();

/** The message shown under a login field, or null when there is none. */
const fieldError = (field: 'email' | 'password') =>
  ctx.page
    .locator(`#login-${field}-error`)
    .textContent({ timeout: 1000 })
    .catch(() => null);

describe('login page', () => {
  it('says what is missing under each field on Enter, focuses the first, and clears a message once fixed', async () => {
    const { page } = ctx;
    await page.goto('/account/login');
    await page.getByLabel('E-mail').press('Enter');
    await expect.poll(() => fieldError('email')).toBe('Preenchimento obrigatório');
    expect(await fieldError('password')).toBe('Preenchimento obrigatório');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-email');
    expect(await page.getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/account/login');

    await page.getByLabel('E-mail').fill('sem-arroba');
    await page.getByLabel('E-mail').press('Tab');
    await expect.poll(() => fieldError('email')).toBe('Email inválido');
    await page.getByLabel('E-mail').fill(ctx.admin.email);
    await expect.poll(() => fieldError('email')).toBeNull();
    expect(await page.getByLabel('E-mail').getAttribute('aria-invalid')).toBeNull();
  });

  it('"Mostrar" shows the password as typed and "Ocultar" hides it again', async () => {
    const { page } = ctx;
    await page.goto('/account/login');
    const password = page.getByLabel('Senha');
    await password.fill('segredo');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Mostrar' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Ocultar' }).click();
    expect(await password.getAttribute('type')).toBe('password');
  });

  it('a server that does not answer is said above the form, and the form stays usable', async () => {
    const { page } = ctx;
    await page.goto('/account/login');
    await page.route('**/api/v1/account/login', (route) => route.abort('connectionrefused'));
    await page.getByLabel('E-mail').fill(ctx.admin.email);
    await page.getByLabel('Senha').fill(ctx.admin.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Não foi possível falar com o servidor. Verifique a conexão.');
    expect(await page.getByRole('button', { name: 'Entrar' }).isEnabled()).toBe(true);

    await page.unroute('**/api/v1/account/login');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(/\/dashboard$/);
  });
});
