import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cpfFrom } from '../src/server/testing/documents.js';
import { signInAsAdmin, useBrowser } from './support/browser.js';

const ctx = useBrowser();
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/** A POST through the SPA's own session (token and CSRF cookie). */
function apiPost(page: Page, url: string, body: unknown) {
  return page.evaluate(
    async ({ url, body }) => {
      const csrf = document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '';
      const response = await fetch(`/api/v1${url}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${localStorage.getItem('token')}`,
          'x-xsrf-token': csrf,
        },
        body: JSON.stringify(body),
      });
      return response.status;
    },
    { url, body },
  );
}

/** The element's box lies wholly inside the viewport: seen without scrolling either way. */
async function expectInViewport(locator: Locator, viewport: { width: number; height: number }) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
}

/** How many lines the element's text takes (a CPF or an amount must not break). */
const textLines = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
  });

/** Nothing is painted over the element's centre (a sticky bar could hide under the footer). */
async function expectOnTop(locator: Locator) {
  const onTop = await locator.evaluate((element) => {
    const { x, y, width, height } = element.getBoundingClientRect();
    const hit = document.elementFromPoint(x + width / 2, y + height / 2);
    return hit !== null && element.contains(hit);
  });
  expect(onTop).toBe(true);
}

const csv = (rows: string[][]) => '\uFEFF' + rows.map((row) => row.join(';')).join('\r\n') + '\r\n';

describe('small screens (375 px) in Chromium', () => {
  it('the checking accounts list keeps the balance on screen at 375 px and every column at 1280 px', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    expect(
      await apiPost(page, '/checking-accounts', {
        name: 'Conta Movimento Banco do Brasil Agência Centro',
        bankCode: '001',
        agency: '1234-5',
        accountNumber: '98765-4',
        openingBalance: '1234567.89',
        openingDate: '2025-01-02',
      }),
    ).toBe(201);

    await page.setViewportSize(PHONE);
    await page.goto('/checkingaccounts');
    const table = page.getByTestId('resource-table');
    const balance = table.locator('tbody tr.ant-table-row td').filter({ hasText: '1.234.567,89' });
    await expect.poll(() => balance.count()).toBe(1);
    await expectInViewport(balance, PHONE);
    expect(await textLines(balance)).toBe(1);
    await expectInViewport(table.locator('th').filter({ hasText: 'Saldo' }), PHONE);
    const name = table.getByRole('link', {
      name: 'Conta Movimento Banco do Brasil Agência Centro',
    });
    expect((await name.boundingBox())!.x).toBeGreaterThanOrEqual(0);
    // The list itself does not scroll sideways either.
    const sideways = await page.evaluate(() => {
      const content = document.querySelector('[data-testid="resource-table"] .ant-table-content');
      const wholePage = document.documentElement.scrollWidth - window.innerWidth;
      return Math.max(wholePage, content ? content.scrollWidth - content.clientWidth : 0);
    });
    expect(sideways).toBeLessThanOrEqual(0);
    await ctx.screenshot('checking-accounts-375');

    await page.setViewportSize(DESKTOP);
    await expect
      .poll(() => table.locator('thead th.ant-table-cell').allTextContents())
      .toEqual(['Nome', 'Banco', 'Agência', 'Conta', 'Saldo', 'Ativo', 'Extrato']);
    await expectInViewport(balance, DESKTOP);
    await ctx.screenshot('checking-accounts-1280');

    // The same holds for every list: a client keeps its document at 375 px.
    expect(
      await apiPost(page, '/clients', {
        personType: 'F',
        document: '11144477735',
        name: 'Maria Aparecida dos Santos Oliveira',
        address: { city: 'São José dos Campos', state: 'SP' },
      }),
    ).toBe(201);
    await page.setViewportSize(PHONE);
    await page.goto('/client');
    const documentCell = table.locator('tbody td').filter({ hasText: '111.444.777-35' });
    await expect.poll(() => documentCell.count()).toBe(1);
    await expectInViewport(documentCell, PHONE);
    expect(await textLines(documentCell)).toBe(1);
    await ctx.screenshot('clients-375');
  });

  it('a long form keeps Voltar and Salvar on screen while it scrolls', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    await page.setViewportSize(PHONE);
    await page.goto('/client/new');
    const save = page.getByRole('button', { name: 'Salvar' });
    const back = page.getByRole('button', { name: 'Voltar' });
    await expect.poll(() => save.isVisible()).toBe(true);
    // The form is far longer than the screen, and its actions are at hand from the top…
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(
      2 * PHONE.height,
    );
    await expectInViewport(save, PHONE);
    await expectInViewport(back, PHONE);
    await expectOnTop(save);
    await ctx.screenshot('client-form-375');
    // …and halfway down.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await expectInViewport(save, PHONE);
    await expectOnTop(save);
    await ctx.screenshot('client-form-scrolled-375');
    // At the very end the footer is reachable and nothing covers it or the actions.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expectOnTop(save);

    // The bar saves like the old row did: the client's required fields are asked for.
    await save.click();
    await expect
      .poll(() => page.locator('.ant-form-item-explain-error').count())
      .toBeGreaterThan(0);

    await page.setViewportSize(DESKTOP);
    await page.goto('/client/new');
    await expect.poll(() => save.isVisible()).toBe(true);
    await expectInViewport(save, DESKTOP);
    await ctx.screenshot('client-form-1280');
  });

  it('the company form keeps Salvar on screen at 375 px', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    await page.setViewportSize(PHONE);
    await page.goto('/company');
    const save = page.getByRole('button', { name: 'Salvar' });
    await expect.poll(() => save.isVisible()).toBe(true);
    await expectInViewport(save, PHONE);
    await expectOnTop(save);
    await ctx.screenshot('company-form-375');
  });

  it('the import errors of Clientes show line, field and message inside 375 px', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    // A CPF no other browser test stores: the server and its database are shared by every file.
    const cpf = cpfFrom('371904625');
    const file = csv([
      ['Tipo de pessoa', 'CPF / CNPJ', 'Nome / Razão social', 'Limite de crédito'],
      ['F', cpf, 'Primeira Boa', ''],
      ['F', cpf, 'Repetida', ''],
      ['F', '123.456.789-00', 'Ruim', 'abc'],
    ]);
    const upload = async () => {
      await page.goto('/client');
      await page.getByTestId('import-button').waitFor();
      await page.locator('input[type="file"]').setInputFiles({
        name: 'clientes.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(file, 'utf8'),
      });
      const modal = page.locator('.ant-modal').filter({ hasText: 'Importação recusada' });
      await expect.poll(() => modal.locator('tbody tr.ant-table-row').count()).toBe(3);
      return modal;
    };

    await page.setViewportSize(PHONE);
    let modal = await upload();
    const message = modal.locator('tbody td').filter({ hasText: 'Repetido no arquivo (linha 2).' });
    await expect.poll(() => message.count()).toBe(1);
    for (const cell of await modal.locator('tbody tr.ant-table-row td').all()) {
      const box = (await cell.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      // The text wraps inside its cell instead of running past it.
      expect(await cell.evaluate((td) => td.scrollWidth - td.clientWidth)).toBeLessThanOrEqual(0);
    }
    expect(await modal.locator('tbody').textContent()).toContain('Valor deve ser um número');
    await ctx.screenshot('import-errors-375');

    await page.setViewportSize(DESKTOP);
    modal = await upload();
    await expectInViewport(
      modal.locator('tbody td').filter({ hasText: 'Repetido no arquivo (linha 2).' }),
      DESKTOP,
    );
    await ctx.screenshot('import-errors-1280');
  });
});
