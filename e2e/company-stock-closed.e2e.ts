import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays, todayInSaoPaulo } from '../src/shared/plain-date.js';
import { pageApi, signInAsAdmin, useBrowser } from './support/browser.js';

const ctx = useBrowser();
const LABEL = 'Estoque fechado até';
const field = (page: Page) => page.getByLabel(LABEL, { exact: true });
const fieldError = (page: Page) =>
  page
    .locator('.ant-form-item')
    .filter({ has: field(page) })
    .locator('.ant-form-item-explain-error');
const toasts = (page: Page) => page.locator('.ant-notification-notice').allTextContents();
const shown = (day: string) => day.split('-').reverse().join('/');

async function openCompany(page: Page) {
  await signInAsAdmin(page);
  await page.goto('/company');
  await field(page).waitFor();
}

/** Opens every stock period again: the server and its database are shared by every file. */
async function reopenStock(page: Page) {
  const company = await pageApi(page, 'GET', '/company');
  const saved = await pageApi(page, 'PUT', '/company', {
    ...company.body,
    stockClosedThrough: null,
  });
  expect(saved.status).toBe(200);
}

describe('Empresa › Estoque fechado até', () => {
  it('refuses a day ahead of today, saves a past one and shows it again after reloading', async () => {
    const { page } = ctx;
    await openCompany(page);
    try {
      const card = page.locator('.ant-card').filter({ hasText: LABEL });
      expect(await card.locator('.ant-card-head').textContent()).toBe('Estoque');
      expect(await card.textContent()).toContain(
        'Movimentações de estoque até esta data ficam bloqueadas.',
      );

      const tomorrow = addDays(todayInSaoPaulo(), 1);
      await field(page).click();
      await page.keyboard.type(shown(tomorrow));
      await page.keyboard.press('Tab');
      await expect
        .poll(() => fieldError(page).allTextContents())
        .toEqual(['A data não pode ser posterior a hoje.']);

      const closed = addDays(todayInSaoPaulo(), -40);
      await field(page).click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type(shown(closed));
      await page.keyboard.press('Tab');
      await expect.poll(() => fieldError(page).count()).toBe(0);
      await card.scrollIntoViewIfNeeded();
      await ctx.screenshot('company-stock-closed-1280');
      expect((await pageApi(page, 'GET', '/company')).body.stockClosedThrough).toBeNull();
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect.poll(() => toasts(page)).toContain('Registro salvo com sucesso.');
      expect((await pageApi(page, 'GET', '/company')).body.stockClosedThrough).toBe(closed);

      await page.reload();
      await expect.poll(() => field(page).inputValue()).toBe(shown(closed));

      await page.setViewportSize({ width: 375, height: 740 });
      await card.scrollIntoViewIfNeeded();
      await ctx.screenshot('company-stock-closed-375');
      // The date input and its help text fit the phone's width.
      const box = await card.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    } finally {
      await reopenStock(page);
    }
  });

  it('says "Chave PIX inválida" next to a bad key, and saves an e-mail key as the DICT keeps it', async () => {
    const { page } = ctx;
    await openCompany(page);
    const pix = page.getByLabel('Chave PIX', { exact: true });
    const pixError = page
      .locator('.ant-form-item')
      .filter({ has: pix })
      .locator('.ant-form-item-explain-error');
    try {
      await pix.fill('não é chave');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect.poll(() => pixError.allTextContents()).toEqual(['Chave PIX inválida']);
      expect((await pageApi(page, 'GET', '/company')).body.pixKey ?? null).toBeNull();

      await pix.fill('Financeiro@Fabril.Test');
      await expect.poll(() => pixError.count()).toBe(0);
      await pix.scrollIntoViewIfNeeded();
      await ctx.screenshot('company-pix-1280');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect.poll(() => toasts(page)).toContain('Registro salvo com sucesso.');
      expect((await pageApi(page, 'GET', '/company')).body.pixKey).toBe('financeiro@fabril.test');

      await page.setViewportSize({ width: 375, height: 740 });
      await pix.scrollIntoViewIfNeeded();
      await ctx.screenshot('company-pix-375');
      const box = (await pix.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    } finally {
      const company = await pageApi(page, 'GET', '/company');
      await pageApi(page, 'PUT', '/company', { ...company.body, pixKey: null });
    }
  });

  it('asks for the production tolerance when emptied, refuses one above 100 % and saves 12,5 %', async () => {
    const { page } = ctx;
    await openCompany(page);
    const tolerance = page.getByLabel('Tolerância de produção a maior (%)', { exact: true });
    const toleranceError = page
      .locator('.ant-form-item')
      .filter({ has: tolerance })
      .locator('.ant-form-item-explain-error');
    try {
      await tolerance.scrollIntoViewIfNeeded();
      expect(await tolerance.inputValue()).toBe('10,00');
      const card = page.locator('.ant-card').filter({ has: tolerance });
      expect(await card.locator('.ant-card-head').textContent()).toBe('Produção');

      await tolerance.fill('');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect
        .poll(() => toleranceError.allTextContents())
        .toEqual(['Preenchimento obrigatório']);
      await tolerance.fill('150');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect
        .poll(() => toleranceError.allTextContents())
        .toEqual(['Valor está fora do intervalo']);
      expect((await pageApi(page, 'GET', '/company')).body.productionTolerancePercent).toBe(
        '10.00',
      );

      await tolerance.fill('12,5');
      await tolerance.blur();
      await expect.poll(() => tolerance.inputValue()).toBe('12,50');
      await expect.poll(() => toleranceError.count()).toBe(0);
      await ctx.screenshot('company-production-tolerance-1280');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect.poll(() => toasts(page)).toContain('Registro salvo com sucesso.');
      expect((await pageApi(page, 'GET', '/company')).body.productionTolerancePercent).toBe(
        '12.50',
      );
      await page.reload();
      await expect.poll(() => tolerance.inputValue()).toBe('12,50');
    } finally {
      // Other browser files count on the default 10 %: the restore must not fail unseen.
      const company = await pageApi(page, 'GET', '/company');
      const restored = await pageApi(page, 'PUT', '/company', {
        ...company.body,
        productionTolerancePercent: '10.00',
      });
      expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    }
  });
});
