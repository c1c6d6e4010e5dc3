import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cpf } from '../src/shared/br/documents.js';
import { cpfFrom } from '../src/server/testing/documents.js';
import { pageApi, signIn, signInAsAdmin, useBrowser } from './support/browser.js';

const ctx = useBrowser();

/** The sticky header's height (app-header.tsx). */
const HEADER_PX = 64;
/** antd's colorText: what a value reads in (a disabled input's grey is rgba(0, 0, 0, 0.25)). */
const TEXT_COLOR = 'rgba(0, 0, 0, 0.88)';

const notices = (page: Page) => page.locator('.ant-notification-notice');
const fieldError = (page: Page, label: string) =>
  page
    .locator('.ant-form-item')
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .locator('.ant-form-item-explain-error');

/** The API as the signed-in page calls it, failing the test on an error answer. */
function api(page: Page) {
  return async <T = Record<string, unknown>>(method: string, url: string, body?: unknown) => {
    const answer = await pageApi(page, method, url, body);
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    return answer.body as T;
  };
}

/** A user whose role has exactly `permissions`, made through the API as the admin. */
async function userWith(page: Page, name: string, permissions: string[]) {
  const call = api(page);
  const role = await call<{ id: number }>('POST', '/roles', { name, permissions });
  const email = `${name.toLowerCase().replaceAll(' ', '.')}@fabril.test`;
  const password = 'senha-do-teste-1';
  await call('POST', '/users', { name, email, roleId: role.id, password });
  return { email, password };
}

/** Exactly one notice on screen, still one a moment later (a second one arrives right after). */
async function expectOneNotice(page: Page, text: string) {
  await expect.poll(() => notices(page).count()).toBeGreaterThan(0);
  await page.waitForTimeout(500);
  expect(await notices(page).allTextContents()).toEqual([expect.stringContaining(text)]);
}

describe('form messages in Chromium', () => {
  it('a duplicate CPF is told next to the CPF/CNPJ field, at 1280 and 375 px', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const taken = cpfFrom('410220330');
    await api(page)('POST', '/clients', {
      personType: 'F',
      name: 'Primeira Cliente',
      document: taken,
    });

    await page.goto('/client/new');
    await page.locator('form').getByText('Pessoa Física', { exact: true }).click();
    await page.getByLabel('CPF / CNPJ').fill(cpf.format(taken));
    await page.getByLabel('Nome / Razão social').fill('Segunda Cliente');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect
      .poll(() => fieldError(page, 'CPF / CNPJ').textContent())
      .toBe('Já existe um cliente com este CPF/CNPJ.');
    expect(new URL(page.url()).pathname).toBe('/client/new');
    // Said where it applies, not (also) in a toast.
    expect(await notices(page).count()).toBe(0);
    await ctx.screenshot('duplicate-cpf-1280');

    await page.setViewportSize({ width: 375, height: 740 });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('button', { name: 'Salvar' }).click();
    const input = page.getByLabel('CPF / CNPJ');
    await expect.poll(async () => (await input.boundingBox())?.y ?? 0).toBeGreaterThan(HEADER_PX);
    expect(await fieldError(page, 'CPF / CNPJ').textContent()).toBe(
      'Já existe um cliente com este CPF/CNPJ.',
    );
    await ctx.screenshot('duplicate-cpf-375');
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 740 },
  ]) {
    it(`Salvar on an empty client form shows and focuses the first wrong field below the header (${viewport.width} px)`, async () => {
      const { page } = ctx;
      await page.setViewportSize(viewport);
      await signInAsAdmin(page);
      await page.goto('/client/new');
      await page.getByLabel('Nome / Razão social').waitFor();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.getByRole('button', { name: 'Salvar' }).click();

      const first = page.locator('.ant-form-item-has-error').first();
      await first.waitFor();
      await expect
        .poll(async () => {
          const box = await first.boundingBox();
          return box !== null && box.y >= HEADER_PX && box.y + box.height <= viewport.height;
        })
        .toBe(true);
      await ctx.screenshot(`empty-client-form-${viewport.width}`);
      expect(
        await first.evaluate((item) => item.contains(document.activeElement)),
        'the first wrong field has the focus',
      ).toBe(true);
    });
  }

  it('deleting oneself or the default stock location shows one toast, with a short request code', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const call = api(page);
    const me = await call<{ items: { id: number }[] }>(
      'GET',
      `/users?q=${encodeURIComponent(ctx.admin.email)}`,
    );
    await page.goto(`/users/${me.items[0]!.id}`);
    // A computed value (the last access) reads as text, not as an empty disabled input.
    const lastAccess = page.locator('#readonly-lastLoginAt');
    await expect.poll(() => lastAccess.inputValue()).not.toBe('');
    expect(await lastAccess.evaluate((input) => getComputedStyle(input).color)).toBe(TEXT_COLOR);

    await page.getByRole('button', { name: 'Excluir' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Excluir' }).click();
    await expectOneNotice(page, 'Você não pode excluir o próprio usuário.');
    const code = page.getByTestId('toast-request-code');
    expect(await code.textContent()).toMatch(/^Código [0-9a-f]{8}$/);
    // The whole id is one click away for support, but not printed in the toast.
    expect(await notices(page).first().textContent()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    await ctx.screenshot('one-error-toast-1280');
    await page.setViewportSize({ width: 375, height: 740 });
    await ctx.screenshot('one-error-toast-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    const locations = await call<{ items: { id: number; isDefault: boolean }[] }>(
      'GET',
      '/stock-locations?pageSize=100',
    );
    const fallback = await call<{ id: number }>('POST', '/stock-locations', { name: 'Depósito' });
    const defaultId = locations.items.find((l) => l.isDefault)?.id ?? fallback.id;
    await page.goto(`/stocklocations/${defaultId}`);
    await page.getByRole('button', { name: 'Excluir' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Excluir' }).click();
    await expectOneNotice(page, 'O local padrão não pode ser excluído');
  });

  it('a record opened without write permission shows its values in the text colour', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const brand = await api(page)<{ id: number }>('POST', '/brands', { name: 'Marca Legível' });
    const reader = await userWith(page, 'Leitor Marcas', ['brands:read']);

    await signIn(page, reader.email, reader.password);
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`/brands/${brand.id}`);
    const name = page.getByLabel('Nome', { exact: true });
    await expect.poll(() => name.inputValue()).toBe('Marca Legível');
    expect(await name.isDisabled()).toBe(true);
    expect(await name.evaluate((input) => getComputedStyle(input).color)).toBe(TEXT_COLOR);
    await ctx.screenshot('read-only-brand-1280');
  });

  it('a password change says "Senha alterada."', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const user = await userWith(page, 'Troca Senha', []);

    await signIn(page, user.email, user.password);
    await page.waitForURL(/\/dashboard$/);
    await page.goto('/account');
    await page.getByLabel('Senha atual').fill(user.password);
    await page.getByLabel('Nova senha').fill('outra-senha-boa-1');
    await page.getByLabel('Confirmação').fill('outra-senha-boa-1');
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await expectOneNotice(page, 'Senha alterada.');
  });
});
