import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { recordsFound, signInAsAdmin, useBrowser } from './support/browser.js';

const ctx = useBrowser();

const toasts = (page: Page) => page.locator('.ant-notification-notice').allTextContents();
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const fieldError = (page: Page, label: string) =>
  page
    .locator('.ant-form-item')
    .filter({ has: field(page, label) })
    .locator('.ant-form-item-explain-error');

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

/** Words of antd's English accessibility labels ("Clear", "Clear color", "Increase Value", icons). */
const ENGLISH =
  /\b(clear|close|color|increase|decrease|value|up|down|calendar|search|loading|check|circle|eye|invisible|show|hide|previous|next|today)\b/i;

/**
 * The aria-labels a screen reader meets in the page's inputs and their pop-ups: not what is
 * aria-hidden, nor an icon inside a button that has a label of its own (the button's is read).
 */
const inputAriaLabels = (page: Page) =>
  page.evaluate(() => {
    const roots = document.querySelectorAll(
      'form, .ant-input-affix-wrapper, .ant-select, .ant-picker, .ant-select-dropdown, .ant-picker-dropdown, .ant-popover',
    );
    const labels = new Set<string>();
    for (const root of Array.from(roots)) {
      for (const element of [root, ...Array.from(root.querySelectorAll('[aria-label]'))]) {
        const label = element.getAttribute('aria-label');
        const hidden = element.closest('[aria-hidden="true"]');
        const labelledButton = element.parentElement?.closest(
          'button[aria-label], [role="button"][aria-label]',
        );
        if (label && !hidden && !labelledButton) labels.add(label);
      }
    }
    return [...labels];
  });

/** Shots at desktop and phone width, with `label`'s field in view. */
async function shootBothWidths(page: Page, name: string, label: string) {
  await ctx.screenshot(`${name}-1280`);
  await page.setViewportSize({ width: 375, height: 800 });
  // In the middle of the screen, clear of the sticky header and Salvar bar.
  await field(page, label).evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await page.waitForTimeout(300);
  await ctx.screenshot(`${name}-375`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('shared inputs in Chromium', () => {
  it('typing 150 into a money field that shows 0,00 saves R$ 150,00', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    await page.goto('/outlays/new');
    await field(page, 'Nome').fill('Embalagem');
    await page.getByText('Por unidade', { exact: true }).click();
    expect(await field(page, 'Valor padrão').inputValue()).toBe('0,00');
    // A person clicks into the field and types: nothing erased first.
    await field(page, 'Valor padrão').click();
    await page.keyboard.type('150');
    expect(await field(page, 'Valor padrão').inputValue()).toBe('150');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/outlays$/);
    await expect.poll(() => toasts(page)).toContain('Registro salvo com sucesso.');
    const outlays = await recordsFound(page, '/outlays', 'Embalagem');
    expect(outlays.map((outlay) => outlay.defaultValue)).toEqual(['150.00']);
    // Other test files add production costs of their own to the same list.
    const row = page
      .getByTestId('resource-table')
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: 'Embalagem' });
    await expect.poll(() => row.first().textContent()).toContain('R$ 150,00');
  });

  it('money typed with more cents than it can hold is refused, not rounded away', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    await page.goto('/outlays/new');
    await field(page, 'Nome').fill('Frete');
    await page.getByText('Por ordem', { exact: true }).click();
    await field(page, 'Valor padrão').fill('0,00150');
    await field(page, 'Nome').click();
    expect(await field(page, 'Valor padrão').inputValue()).toBe('0,00150');
    await expect
      .poll(() => fieldError(page, 'Valor padrão').allTextContents())
      .toEqual(['No máximo 2 casas decimais']);
  });

  it('a field says the rule it breaks as soon as it is left, before Salvar', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    await page.goto('/checkingaccounts/new');
    await field(page, 'Código do banco').fill('12');
    await page.keyboard.press('Tab');
    await expect
      .poll(() => fieldError(page, 'Código do banco').allTextContents())
      .toEqual(['Use 3 dígitos']);
    // Money with letters, typed as a person does, is refused when the field is left.
    await field(page, 'Saldo inicial').click();
    await page.keyboard.type('12abc');
    await page.keyboard.press('Tab');
    expect(await field(page, 'Saldo inicial').inputValue()).toBe('12abc');
    await expect
      .poll(() => fieldError(page, 'Saldo inicial').allTextContents())
      .toEqual(['Valor deve ser um número']);
    // A balance may be negative: the same field takes -1.
    await field(page, 'Saldo inicial').fill('-1');
    await page.keyboard.press('Tab');
    await expect.poll(() => fieldError(page, 'Saldo inicial').count()).toBe(0);

    await page.goto('/client/new');
    await field(page, 'Limite de crédito').click();
    await page.keyboard.type('-1');
    await page.keyboard.press('Tab');
    await expect
      .poll(() => fieldError(page, 'Limite de crédito').allTextContents())
      .toEqual(['Não pode ser negativo']);
    await field(page, 'Limite de crédito').fill('1,234');
    await page.keyboard.press('Tab');
    await expect
      .poll(() => fieldError(page, 'Limite de crédito').allTextContents())
      .toEqual(['No máximo 2 casas decimais']);
    await shootBothWidths(page, 'inputs-rule-on-blur', 'Limite de crédito');
  });

  it('a 200-character paste into a 120-character name stays, with its counter and its limit', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    await page.goto('/client/new');
    const posts = postsTo(page, '/clients');
    const pasted = 'Indústria e Comércio de Confecções '.repeat(6).slice(0, 200);
    await field(page, 'Nome / Razão social').click();
    // As a paste arrives: one insertion, which a native maxlength would cut to 120.
    await page.keyboard.insertText(pasted);
    await page.keyboard.press('Tab');
    expect(await field(page, 'Nome / Razão social').inputValue()).toBe(pasted);
    await expect
      .poll(() => fieldError(page, 'Nome / Razão social').allTextContents())
      .toEqual(['No máximo 120 caracteres']);
    const item = page.locator('.ant-form-item').filter({ has: field(page, 'Nome / Razão social') });
    expect(await item.locator('.ant-input-show-count-suffix').textContent()).toBe('200 / 120');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForTimeout(500);
    expect(posts).toEqual([]);
    expect(await field(page, 'Nome / Razão social').inputValue()).toBe(pasted);
    await shootBothWidths(page, 'inputs-pasted-too-long', 'Nome / Razão social');
  });

  it('an order typed as 1a2 keeps the text, says it is no number and saves nothing', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    await page.goto('/sizes/new');
    const posts = postsTo(page, '/sizes');
    await field(page, 'Nome').fill('XGG');
    await field(page, 'Ordem').click();
    await page.keyboard.type('1a2');
    await expect
      .poll(() => fieldError(page, 'Ordem').allTextContents())
      .toEqual(['Valor deve ser um número']);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForTimeout(500);
    expect(await field(page, 'Ordem').inputValue()).toBe('1a2');
    expect(await fieldError(page, 'Ordem').allTextContents()).toEqual(['Valor deve ser um número']);
    expect(new URL(page.url()).pathname).toBe('/sizes/new');
    expect(posts).toEqual([]);
    await shootBothWidths(page, 'inputs-order-not-a-number', 'Ordem');

    await field(page, 'Ordem').fill('12');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/sizes$/);
    expect(posts).toHaveLength(1);
    const sizes = await recordsFound(page, '/sizes', 'XGG');
    expect(sizes.map((size) => size.sortOrder)).toEqual([12]);
  });

  it('a date that does not exist keeps the text and says Data inexistente', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    await page.goto('/checkingaccounts/new');
    const posts = postsTo(page, '/checking-accounts');
    await field(page, 'Nome').fill('Conta inválida');
    await field(page, 'Código do banco').fill('001');
    await field(page, 'Data do saldo inicial').click();
    await page.keyboard.type('31/02/2026');
    await field(page, 'Nome').click();
    expect(await field(page, 'Data do saldo inicial').inputValue()).toBe('31/02/2026');
    await expect
      .poll(() => fieldError(page, 'Data do saldo inicial').allTextContents())
      .toEqual(['Data inexistente: 31/02/2026']);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForTimeout(500);
    expect(await field(page, 'Data do saldo inicial').inputValue()).toBe('31/02/2026');
    expect(await fieldError(page, 'Data do saldo inicial').allTextContents()).toEqual([
      'Data inexistente: 31/02/2026',
    ]);
    expect(posts).toEqual([]);
    await shootBothWidths(page, 'inputs-date-invalid', 'Data do saldo inicial');
  });

  it('a date corrected into one that does not exist keeps the text, not the old date', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    await page.goto('/checkingaccounts/new');
    const date = field(page, 'Data do saldo inicial');
    await date.click();
    await page.keyboard.type('15/01/2026');
    await page.keyboard.press('Enter');
    await field(page, 'Nome').click();
    expect(await date.inputValue()).toBe('15/01/2026');
    await expect.poll(() => fieldError(page, 'Data do saldo inicial').count()).toBe(0);

    await date.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('31/02/2026');
    await field(page, 'Nome').click();
    await page.waitForTimeout(300);
    expect(await date.inputValue()).toBe('31/02/2026');
    await expect
      .poll(() => fieldError(page, 'Data do saldo inicial').allTextContents())
      .toEqual(['Data inexistente: 31/02/2026']);
  });

  it('after typing a date, one click on Salvar saves', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    await page.goto('/checkingaccounts/new');
    await field(page, 'Nome').fill('Conta Um Clique');
    await field(page, 'Código do banco').fill('237');
    await field(page, 'Data do saldo inicial').click();
    await page.keyboard.type('15/01/2026');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/checkingaccounts$/);
    await expect.poll(() => toasts(page)).toContain('Registro salvo com sucesso.');
    const records = await recordsFound(page, '/checking-accounts', 'Um Clique');
    expect(records.map((record) => record.openingDate)).toEqual(['2026-01-15']);
  });

  it('the inputs and their pop-ups name nothing in English for screen readers', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const seen: string[] = [];
    const scan = async (where: string) => {
      const labels = await inputAriaLabels(page);
      seen.push(...labels.map((label) => `${where}: ${label}`));
    };

    // A select with a value (its clear button), a money field.
    await page.goto('/client/new');
    await field(page, 'UF').click();
    await page.keyboard.type('SP');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.ant-select-clear').count()).toBeGreaterThan(0);
    await scan('/client/new');

    // The search box with text (its clear button).
    await page.goto('/client');
    await page.getByTestId('resource-search').fill('ana');
    await scan('/client');

    // The color picker, open, with no color chosen.
    await page.goto('/colors/new');
    await page.getByLabel('Escolher cor').click();
    await expect.poll(() => page.locator('.ant-color-picker-inner').count()).toBe(1);
    await scan('/colors/new');
    await page.waitForTimeout(300);
    await ctx.screenshot('inputs-color-picker-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.waitForTimeout(300);
    await ctx.screenshot('inputs-color-picker-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    // A date, typed and with its calendar open.
    await page.goto('/checkingaccounts/new');
    await field(page, 'Data do saldo inicial').click();
    await page.keyboard.type('15/01/2026');
    await expect.poll(() => page.locator('.ant-picker-dropdown').count()).toBe(1);
    await scan('/checkingaccounts/new');

    // A reference select with a value, passwords, a whole number.
    await page.goto('/users/new');
    await field(page, 'Perfil').click();
    await page.locator('.ant-select-item-option').first().click();
    await scan('/users/new');
    await page.goto('/sizes/new');
    await scan('/sizes/new');

    // The company form's selects, one open while searching.
    await page.goto('/company');
    await field(page, 'UF').click();
    await page.keyboard.type('MG');
    await expect.poll(() => page.locator('.ant-select-dropdown').count()).toBe(1);
    await scan('/company');
    await page.keyboard.press('Enter');
    await scan('/company');

    expect(seen.filter((entry) => ENGLISH.test(entry.split(': ')[1]!))).toEqual([]);
    // The scan did see the labels it was meant to check.
    expect(seen).toEqual(
      expect.arrayContaining([
        '/client/new: Limpar',
        '/client: Limpar',
        '/colors/new: Escolher cor',
        '/checkingaccounts/new: Limpar',
        '/users/new: Limpar',
      ]),
    );
  });
});
