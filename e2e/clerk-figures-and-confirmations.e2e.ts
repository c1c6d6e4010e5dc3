import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { todayInSaoPaulo } from '../src/shared/plain-date.js';
import { cnpjFrom } from '../src/server/testing/documents.js';
import { pageApi, signInAsAdmin, useBrowser } from './support/browser.js';
import { clickMenuEntry } from './support/menu.js';
import { pick } from './support/select.js';

const ctx = useBrowser();

/** Names of this run's own: the browser tests share one server and database, kept across runs. */
const RUN = Date.now().toString(36).slice(-6).toUpperCase();
const today = todayInSaoPaulo();

async function created(page: Page, url: string, body: unknown): Promise<Record<string, unknown>> {
  const answer = await pageApi(page, 'POST', url, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as Record<string, unknown>;
}

/** The text of the element that has the keyboard focus. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');
const popconfirm = (page: Page) => page.locator('.ant-popconfirm:visible');
const popconfirmButtons = (page: Page) => popconfirm(page).locator('button').allTextContents();
const billValue = (page: Page, label: string) =>
  page
    .getByTestId('bill-values')
    .locator('.ant-descriptions-item')
    .filter({ hasText: label })
    .locator('.ant-descriptions-item-content')
    .textContent();

async function expenseCategory(page: Page): Promise<number> {
  const answer = await pageApi(
    page,
    'GET',
    '/financial-categories?kind=EXPENSE&active=true&sort=name&pageSize=100',
  );
  const items = answer.body.items as { id: number; parentId: number | null }[];
  // A leaf of the seeded chart: one that is no other's parent.
  return items.find((item) => !items.some((other) => other.parentId === item.id))!.id;
}

describe('Figures a clerk reconciles and the questions before an action, in Chromium', () => {
  it('shows the bills’ totals in cents and pays from the bill’s account, which the bill then names', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const planned = await created(page, '/checking-accounts', {
      name: `Conta prevista ${RUN}`,
      bankCode: '001',
      openingBalance: '5000.00',
      openingDate: '2020-01-01',
    });
    const used = await created(page, '/checking-accounts', {
      name: `Conta usada ${RUN}`,
      bankCode: '237',
      openingBalance: '5000.00',
      openingDate: '2020-01-01',
    });
    const description = `Fornecimento ${RUN}`;
    await created(page, '/bills-to-pay', {
      description,
      categoryId: await expenseCategory(page),
      checkingAccountId: planned.id,
      issueDate: today,
      dueDate: today,
      amount: '2770.00',
    });

    // The list's cards: "R$ 2.770,00", not "R$ 2,8 K".
    await page.goto(`/billstopay?q=${encodeURIComponent(description)}`);
    await expect
      .poll(() => page.getByTestId('bill-total-open').textContent())
      .toContain('R$ 2.770,00');
    expect(await page.getByTestId('bill-totals').textContent()).not.toMatch(/\d K\b/);

    // "Pagar" starts with the bill's account; paid from another, the bill names that one.
    await page.getByTestId('bills-table').locator('tbody tr.ant-table-row').first().click();
    await page.waitForURL(/\/billstopay\/\d+$/);
    expect(await billValue(page, 'Conta-corrente')).toBe(planned.name);
    await page.getByTestId('settle-button').click();
    const dialog = page.getByTestId('settle-dialog');
    await page.getByTestId('settle-total').waitFor();
    const accountField = dialog
      .locator('.ant-form-item')
      .filter({ hasText: 'Conta-corrente' })
      .locator('.ant-select');
    await expect.poll(() => accountField.textContent()).toBe(planned.name);
    await pick(page, 'Conta-corrente', used.name as string);
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Pagar' }).click();
    await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(0);
    await expect.poll(() => billValue(page, 'Conta-corrente')).toBe(used.name);
    const payment = page.getByTestId('payments-table').locator('tbody tr.ant-table-row');
    expect(await payment.first().textContent()).toContain(used.name);

    // "Estornar baixa" asks with its name and "Voltar", "Voltar" focused.
    await page.getByTestId('reverse-payment').click();
    await expect.poll(() => popconfirmButtons(page)).toEqual(['Voltar', 'Estornar baixa']);
    await expect.poll(() => focused(page)).toBe('Voltar');
  });

  it('asks "Descartar alterações?" with "Continuar editando" focused and names a destructive action', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);

    // Leaving a form with changes: Enter keeps the user editing.
    await page.goto('/colors/new');
    await page.getByLabel('Nome', { exact: true }).fill(`Cor ${RUN}`);
    await clickMenuEntry(page, 'Pré-Cadastros', 'Marcas');
    const prompt = page.getByRole('dialog').filter({ hasText: 'Descartar alterações?' });
    await expect.poll(() => prompt.isVisible()).toBe(true);
    await expect.poll(() => focused(page)).toBe('Continuar editando');
    await page.keyboard.press('Enter');
    await expect.poll(() => prompt.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/colors/new');
    expect(await page.getByLabel('Nome', { exact: true }).inputValue()).toBe(`Cor ${RUN}`);

    // Deleting a record names it: "Excluir cor" / "Voltar", "Voltar" focused.
    const color = await created(page, '/colors', { name: `Cor excluir ${RUN}` });
    await page.goto(`/colors/${color.id}`);
    await page.getByRole('button', { name: 'Excluir' }).click();
    await expect.poll(() => popconfirmButtons(page)).toEqual(['Voltar', 'Excluir cor']);
    await expect.poll(() => focused(page)).toBe('Voltar');
  });

  it('cancels a purchase order through "Cancelar ordem" / "Voltar" and names a receipt\'s invoice once', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const supplier = await created(page, '/suppliers', {
      personType: 'J',
      name: `Fornecedor confirmação ${RUN}`,
      document: cnpjFrom(`66${String(Date.now()).slice(-10)}`),
    });
    const unit = await created(page, '/units-of-measurement', {
      code: `C${RUN.slice(-5)}`,
      decimals: 3,
    });
    const feedstock = await created(page, '/feedstocks', {
      code: `CNF${RUN}`,
      name: `Linha confirmação ${RUN}`,
      unitId: unit.id,
    });
    const location = await created(page, '/stock-locations', { name: `Depósito conf. ${RUN}` });
    const categoryId = await expenseCategory(page);
    const order = () =>
      created(page, '/purchase-orders', {
        supplierId: supplier.id,
        orderDate: today,
        locationId: location.id,
        categoryId,
        items: [{ itemId: feedstock.id, quantity: '2', unitPrice: '10.00' }],
      });

    // The receipt of "NF 4521" (typed with the prefix) reads "NF 4521" once.
    const received = await order();
    expect(
      (await pageApi(page, 'POST', `/purchase-orders/${received.id}/approve`, {})).status,
    ).toBe(200);
    const receipt = await pageApi(page, 'POST', `/purchase-orders/${received.id}/receive`, {
      date: today,
      invoiceNumber: 'NF 4521',
      lines: [{ itemId: feedstock.id, quantity: '2' }],
    });
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(201);
    await page.goto(`/purchaseorders/${received.id}`);
    const timeline = page.getByTestId('timeline-entry');
    await expect
      .poll(() => timeline.allTextContents())
      .toContainEqual(expect.stringContaining('NF 4521'));
    expect((await timeline.allTextContents()).join(' ')).not.toContain('NF NF');
    const movements = await pageApi(page, 'GET', `/stock-movements?itemId=${feedstock.id}`);
    expect((movements.body.items as { notes: string }[]).map((m) => m.notes)).toEqual([
      `${received.number as string}, NF 4521`,
    ]);

    // "Cancelar": the question's buttons say "Voltar" (focused, so Enter keeps the order) and
    // "Cancelar ordem".
    const draft = await order();
    await page.goto(`/purchaseorders/${draft.id}`);
    await page.getByTestId('action-cancel').click();
    await expect.poll(() => popconfirmButtons(page)).toEqual(['Voltar', 'Cancelar ordem']);
    await expect.poll(() => focused(page)).toBe('Voltar');
    await page.keyboard.press('Enter');
    await expect.poll(() => popconfirm(page).count()).toBe(0);
    const status = () =>
      page
        .getByTestId('order-number')
        .locator('xpath=..')
        .getByTestId('document-status')
        .textContent();
    expect(await status()).toBe('Rascunho');
    // Asked again, it asks the same way, "Voltar" focused again.
    await page.getByTestId('action-cancel').click();
    await expect.poll(() => focused(page)).toBe('Voltar');
    await page.getByTestId('confirm-cancel').click();
    await expect.poll(() => status()).toBe('Cancelada');
  });

  it('leaves the DRE chart’s months still to come empty, not drawn as zero', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    // Next year: its months with nothing planned yet have no bar and no point.
    const year = Number(today.slice(0, 4)) + 1;
    const report = await pageApi(page, 'GET', `/income-statement?year=${year}`);
    const groups = report.body.groups as { lines: { months: string[] }[] }[];
    const planned = Array.from({ length: 12 }, (_unused, month) =>
      groups.some((group) => group.lines.some((line) => Number(line.months[month]) !== 0)),
    ).filter(Boolean).length;
    await page.goto(`/incomestatement?year=${year}`);
    const chart = page.getByTestId('income-statement-chart');
    // The axis still reads the whole year, January to December.
    await chart.getByText('Jan', { exact: true }).waitFor();
    expect(await chart.getByText('Dez', { exact: true }).count()).toBe(1);
    expect(await chart.locator('.recharts-line-dot').count()).toBe(planned);
    await ctx.screenshot('income-statement-next-year-1280');
  });
});
