import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cnpjFrom, cpfFrom } from '../src/server/testing/documents.js';
import { todayInSaoPaulo } from '../src/shared/plain-date.js';
import { isAreaBuilt } from '../src/web/app/area-routes.js';
import { menuEntries } from '../src/web/app/menu.js';
import { pageApi, signInAsAdmin, useBrowser } from './support/browser.js';

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

/** The API as the signed-in page calls it, failing the test on an error answer. */
async function created(page: Page, url: string, body: unknown) {
  const answer = await pageApi(page, 'POST', url, body);
  expect(answer.status, `${url}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body as { id: number; items?: { id: number }[] };
}

/**
 * Rows whose figures are as wide as they come: a bill of R$ 1.234.567,89 partly paid and past
 * due ("Parcialmente paga" and "Vencida"), a feedstock with 123.456,500 in stock at a cost of four
 * places (R$ 1.234,5678).
 */
async function seedWideRows(page: Page) {
  const today = todayInSaoPaulo();
  const categories = await pageApi(
    page,
    'GET',
    '/financial-categories?kind=EXPENSE&active=true&pageSize=100',
  );
  const items = categories.body.items as { id: number; parentId: number | null }[];
  const leaf = items.find((item) => !items.some((other) => other.parentId === item.id))!;
  const bill = await created(page, '/bills-to-pay', {
    description: 'Aluguel do galpão industrial da fábrica de confecções',
    issueDate: '2025-01-02',
    dueDate: '2025-01-10',
    categoryId: leaf.id,
    amount: '1234567.89',
  });
  const account = await created(page, '/checking-accounts', {
    name: 'Conta telas pequenas',
    bankCode: '001',
    openingDate: '2025-01-02',
  });
  const methods = await pageApi(page, 'GET', '/payment-methods?pageSize=100');
  await created(page, `/bills-to-pay/${bill.items![0]!.id}/pay`, {
    date: today,
    amount: '10.00',
    checkingAccountId: account.id,
    paymentMethodId: (methods.body.items as { id: number }[])[0]?.id,
  });
  const unit = await created(page, '/units-of-measurement', { code: 'MTL', decimals: 3 });
  const location = await created(page, '/stock-locations', { name: 'Almoxarifado telas' });
  const feedstock = await created(page, '/feedstocks', {
    code: 'TEC-LARGO-375',
    name: 'Tecido de algodão cru penteado 30/1 largura 1,60 m',
    unitId: unit.id,
  });
  await created(page, '/stock-movements', {
    type: 'IN',
    toLocationId: location.id,
    itemId: feedstock.id,
    quantity: '123456.5',
    unitCost: '1234.5678',
  });
}

/**
 * Every list of the menu: each built screen but the two reports, whose month columns scroll
 * sideways by design (Fluxo de Caixa, DRE gerencial).
 */
const REPORTS = new Set(['cashFlow', 'incomeStatement']);
const lists = menuEntries.filter((entry) => isAreaBuilt(entry.area) && !REPORTS.has(entry.area));

/**
 * What does not fit 375 px on the page: the page or a table scrolling sideways, a cell whose
 * content runs past it (cut), a tag past its cell or the screen.
 */
const misfits = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const sideways = document.documentElement.scrollWidth - window.innerWidth;
    if (sideways > 0) found.push(`page ${sideways}px too wide`);
    for (const content of Array.from(document.querySelectorAll('.ant-table-content'))) {
      const over = content.scrollWidth - content.clientWidth;
      if (over > 0) found.push(`table ${over}px too wide`);
    }
    for (const cell of Array.from(document.querySelectorAll<HTMLElement>('tbody td'))) {
      const over = cell.scrollWidth - cell.clientWidth;
      if (over > 0) found.push(`cell cut by ${over}px: ${cell.textContent}`);
    }
    for (const tag of Array.from(document.querySelectorAll('tbody .ant-tag'))) {
      const box = tag.getBoundingClientRect();
      const cell = tag.closest('td')!.getBoundingClientRect();
      if (box.right > Math.min(cell.right, window.innerWidth) + 0.5 || box.left < cell.left - 0.5) {
        found.push(`tag cut: ${tag.textContent}`);
      }
    }
    return found;
  });

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
    // Searched, so that the clients other test files made do not push the row below the fold.
    await page.goto('/client?q=11144477735');
    const documentCell = table.locator('tbody td').filter({ hasText: '111.444.777-35' });
    await expect.poll(() => documentCell.count()).toBe(1);
    await expectInViewport(documentCell, PHONE);
    expect(await textLines(documentCell)).toBe(1);
    await ctx.screenshot('clients-375');
  });

  it('every list of the menu fits 375 px: no sideways scrolling, no cell or tag cut', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    await seedWideRows(page);
    await page.setViewportSize(PHONE);
    expect(lists.length).toBeGreaterThan(15);
    const found: Record<string, string[]> = {};
    for (const entry of lists) {
      await page.goto(entry.path);
      await page.locator('.ant-table').first().waitFor();
      await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
      const problems = await misfits(page);
      if (problems.length > 0) found[entry.label] = problems;
    }
    expect(found).toEqual({});

    // The two rows the fixes were for, as a person sees them.
    await page.goto('/billstopay?q=galp%C3%A3o');
    const bill = page.getByTestId('bills-table').locator('tbody tr.ant-table-row').first();
    await expect.poll(() => bill.textContent()).toContain('Parcialmente paga');
    await expectInViewport(bill.getByText('Parcialmente paga'), PHONE);
    await expectInViewport(bill.getByText('Vencida'), PHONE);
    await ctx.screenshot('bills-to-pay-partly-paid-375');
    await page.goto('/stockitems?q=TEC-LARGO-375');
    const stock = page.getByTestId('stock-items-table').locator('tbody tr.ant-table-row').first();
    await expect.poll(() => stock.textContent()).toContain('Custo R$');
    await expectInViewport(stock.getByText(/^Custo R\$/), PHONE);
    await ctx.screenshot('stock-items-wide-cost-375');
  });

  it('a long client name ends in "…" in the list and shows whole on hover (1280 px)', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const name =
      'Cooperativa Regional de Produtores de Algodão Orgânico e Tecelagem Artesanal do Vale do Paraíba Paulista Ltda';
    await created(page, '/clients', {
      personType: 'J',
      document: cnpjFrom('37519046000'.padEnd(12, '1')),
      name,
    });
    await page.goto(`/client?q=${encodeURIComponent('Cooperativa Regional de Produtores')}`);
    const link = page.getByTestId('resource-table').getByRole('link', { name });
    await link.waitFor();
    // The box that cuts the text is the link's nearest one with an ellipsis, up to the cell.
    const cut = await link.evaluate((element) => {
      let box: Element | null = element;
      while (box && box.tagName !== 'TD' && getComputedStyle(box).textOverflow !== 'ellipsis') {
        box = box.parentElement;
      }
      return {
        overflow: box ? getComputedStyle(box).textOverflow : null,
        hidden: box ? box.scrollWidth > box.clientWidth : false,
      };
    });
    expect(cut).toEqual({ overflow: 'ellipsis', hidden: true });
    // The name no longer pushes the other columns out of sight.
    const table = page.getByTestId('resource-table');
    await expectInViewport(table.locator('th').filter({ hasText: 'Ativo' }), DESKTOP);
    await link.hover();
    const tooltip = page.locator('.ant-tooltip').filter({ hasText: name });
    await expect.poll(() => tooltip.isVisible()).toBe(true);
    expect(await tooltip.textContent()).toBe(name);
    await ctx.screenshot('clients-long-name-hover-1280');
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
