import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { todayInSaoPaulo } from '../src/shared/plain-date.js';
import { formatBRL } from '../src/shared/money.js';
import { pageApi, signInAsAdmin, useBrowser } from './support/browser.js';
import { openFromMenu } from './support/menu.js';
import { pick } from './support/select.js';

const ctx = useBrowser();
const PHONE = { width: 375, height: 740 };

/** Names of this run's own: the browser tests share one server and database, kept across runs. */
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const MAIN = `Conta Extrato ${RUN}`;
const OTHER = `Conta Reserva ${RUN}`;
const CATEGORY = `Tarifas ${RUN}`;

const today = todayInSaoPaulo();
const year = today.slice(0, 4);
const month = Number(today.slice(5, 7));
const monthNames = [
  'jan',
  'fev',
  'mar',
  'abr',
  'mai',
  'jun',
  'jul',
  'ago',
  'set',
  'out',
  'nov',
  'dez',
];

const toasts = (page: Page) => page.locator('.ant-notification-notice').allTextContents();
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const statementRows = (page: Page) =>
  page.getByTestId('statement-table').locator('tbody tr.ant-table-row');
const statementRow = (page: Page, text: string) => statementRows(page).filter({ hasText: text });
const text = (page: Page, testId: string) => page.getByTestId(testId).textContent();
const fieldError = (page: Page, label: string) =>
  page
    .locator('.ant-modal .ant-form-item')
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .locator('.ant-form-item-explain-error');

/** The tables have stopped loading and faded back in: a picture taken earlier shows them grey. */
async function settled(page: Page) {
  await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
  await page.waitForTimeout(400);
}

async function created(page: Page, url: string, body: unknown): Promise<number> {
  const answer = await pageApi(page, 'POST', url, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return (answer.body as { id: number }).id;
}

interface Seed {
  mainId: number;
  otherId: number;
  categoryId: number;
}
/** Made once per run: the later tests read what the first one posted. */
let seeded: Seed | undefined;

/** Two accounts opened on January 1st (R$ 1.000,00 and R$ 200,00) and an expense category. */
async function seed(page: Page): Promise<Seed> {
  seeded ??= {
    mainId: await created(page, '/checking-accounts', {
      name: MAIN,
      bankCode: '341',
      openingBalance: '1000.00',
      openingDate: `${year}-01-01`,
    }),
    otherId: await created(page, '/checking-accounts', {
      name: OTHER,
      bankCode: '001',
      openingBalance: '200.00',
      openingDate: `${year}-01-01`,
    }),
    categoryId: await created(page, '/financial-categories', {
      name: CATEGORY,
      kind: 'EXPENSE',
      dreGroup: 'FINANCIAL_RESULT',
    }),
  };
  return seeded;
}

async function closeToasts(page: Page) {
  for (const close of await page.locator('.ant-notification-notice-close').all()) {
    await close.click().catch(() => undefined);
  }
  await expect.poll(() => page.locator('.ant-notification-notice').count()).toBe(0);
}

describe('Extrato, Fluxo de Caixa and DRE gerencial in Chromium', () => {
  it('posts a manual debit and a transfer from the statement, with the running balance and both balances', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const { mainId } = await seed(page);

    // From the accounts' list, the row's "Extrato" opens the statement, not the form.
    await openFromMenu(page, 'Financeiro', 'Contas-Correntes');
    await page.getByTestId('resource-search').fill(MAIN);
    // The search has been sent and answered: a click while the table reloads would hit its
    // loading cover instead of the link.
    await page.waitForURL(/[?&]q=/);
    await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
    const mainRow = page
      .getByTestId('resource-table')
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: MAIN });
    await expect.poll(() => mainRow.count()).toBe(1);
    await mainRow.getByTestId('statement-link').click();
    await page.waitForURL(new RegExp(`/checkingaccounts/${mainId}/statement$`));
    await expect.poll(() => text(page, 'statement-account')).toBe(MAIN);
    await expect.poll(() => text(page, 'statement-balance')).toContain('R$ 1.000,00');
    expect(await text(page, 'statement-opening')).toContain('R$ 1.000,00');
    expect(await page.locator('.ant-picker-range input').first().inputValue()).toBe(
      `01/${today.slice(5, 7)}/${year}`,
    );

    // A debit dated before the account's opening: the server's message next to Data.
    await page.getByTestId('manual-entry-button').click();
    const modal = page.getByRole('dialog', { name: 'Lançamento manual' });
    await expect.poll(() => modal.isVisible()).toBe(true);
    await page.getByLabel('Data', { exact: true }).fill(`31/12/${Number(year) - 1}`);
    await page.getByLabel('Data', { exact: true }).press('Enter');
    await page.getByLabel('Valor', { exact: true }).fill('150,50');
    await page.getByLabel('Descrição', { exact: true }).fill('Tarifa bancária');
    await pick(page, 'Categoria', CATEGORY);
    await page.getByRole('button', { name: 'Lançar' }).click();
    await expect
      .poll(() => fieldError(page, 'Data').textContent())
      .toBe('A data não pode ser anterior à data do saldo inicial da conta.');
    // The message slides in (antd's motion): the picture is taken once it has.
    await page.waitForTimeout(400);
    await ctx.screenshot('statement-manual-entry-1280');

    await page.getByLabel('Data', { exact: true }).fill(today.split('-').reverse().join('/'));
    await page.getByLabel('Data', { exact: true }).press('Enter');
    await page.getByRole('button', { name: 'Lançar' }).click();
    await expect.poll(() => toasts(page)).toContain('Lançamento registrado.');
    await expect.poll(() => modal.isVisible()).toBe(false);

    // The entry, red and signed, with the balance after it; the summary and balance follow.
    await expect.poll(() => statementRow(page, 'Tarifa bancária').count()).toBe(1);
    const fee = await statementRow(page, 'Tarifa bancária').textContent();
    for (const part of ['-R$ 150,50', 'R$ 849,50', CATEGORY, 'Lançamento manual']) {
      expect(fee).toContain(part);
    }
    expect(await statementRow(page, 'Tarifa bancária').locator('.entry-debit').textContent()).toBe(
      '-R$ 150,50',
    );
    await expect.poll(() => text(page, 'statement-balance')).toContain('R$ 849,50');
    expect(await text(page, 'statement-debits')).toContain('R$ 150,50');
    expect(await text(page, 'statement-closing')).toContain('R$ 849,50');

    // A transfer to the other account: its debit here, both balances in the list.
    await page.getByTestId('transfer-button').click();
    await pick(page, 'Para a conta', OTHER);
    await page.getByLabel('Valor', { exact: true }).fill('300');
    await page.getByRole('button', { name: 'Transferir' }).click();
    await expect.poll(() => toasts(page)).toContain('Transferência registrada.');
    await expect.poll(() => statementRow(page, `Transferência para ${OTHER}`).count()).toBe(1);
    const transfer = await statementRow(page, `Transferência para ${OTHER}`).textContent();
    expect(transfer).toContain('-R$ 300,00');
    expect(transfer).toContain('R$ 549,50');
    await expect.poll(() => text(page, 'statement-balance')).toContain('R$ 549,50');
    await closeToasts(page);
    await settled(page);
    await ctx.screenshot('statement-1280');

    // The export holds the period's entries.
    const download = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const csv = fs.readFileSync((await (await download).path())!, 'utf8');
    expect(csv).toContain('Tarifa bancária');
    expect(csv).toContain(`Transferência para ${OTHER}`);

    await page.getByRole('button', { name: 'Voltar', exact: true }).click();
    await page.waitForURL(/\/checkingaccounts(\?.*)?$/);
    await page.getByTestId('resource-search').fill(RUN);
    await page.waitForURL(/[?&]q=/);
    await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
    const accountRows = page.getByTestId('resource-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => accountRows.count()).toBe(2);
    await expect
      .poll(() => accountRows.filter({ hasText: MAIN }).textContent())
      .toContain('R$ 549,50');
    expect(await accountRows.filter({ hasText: OTHER }).textContent()).toContain('R$ 500,00');

    // The other account's statement shows the credit; its form links to it too.
    await accountRows.filter({ hasText: OTHER }).click();
    await page.getByTestId('statement-form-link').click();
    await page.waitForURL(/\/statement$/);
    await expect.poll(() => statementRow(page, `Transferência de ${MAIN}`).count()).toBe(1);
    const received = await statementRow(page, `Transferência de ${MAIN}`).textContent();
    expect(received).toContain('+R$ 300,00');
    expect(received).toContain('R$ 500,00');
    // The one refusal was the early date's, which the browser logs as a failed request.
    expect(ctx.consoleErrors.filter((error) => !error.includes('400 (Bad Request)'))).toEqual([]);
  });

  it('shows the statement in three columns within 375 px', async () => {
    const { page } = ctx;
    await page.setViewportSize(PHONE);
    await signInAsAdmin(page);
    const { mainId } = await seed(page);
    await page.goto(`/checkingaccounts/${mainId}/statement`);
    await expect.poll(() => statementRow(page, 'Tarifa bancária').count()).toBe(1);
    expect(
      await page.getByTestId('statement-table').locator('thead th.ant-table-cell').count(),
    ).toBeLessThanOrEqual(3);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await settled(page);
    await ctx.screenshot('statement-375');
    await page.getByTestId('manual-entry-button').click();
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Lançamento manual' }).isVisible())
      .toBe(true);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await page.waitForTimeout(400);
    await ctx.screenshot('statement-manual-entry-375');

    // The accounts' list keeps its "Extrato" link within the phone's width.
    await page.goto(`/checkingaccounts?q=${RUN}`);
    const links = page.getByTestId('resource-table').getByTestId('statement-link');
    await expect.poll(() => links.count()).toBe(2);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await settled(page);
    await ctx.screenshot('checking-accounts-375');
  });

  it('draws the cash flow by month, with its periods, and the DRE with the category in its month', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    await seed(page);
    // An open bill due next month, of a category of its own: projected, not in this month's DRE.
    const supplies = await created(page, '/financial-categories', {
      name: `Insumos ${RUN}`,
      kind: 'EXPENSE',
      dreGroup: 'COSTS',
    });
    const nextMonth = new Date(Date.UTC(Number(year), month, 15)).toISOString().slice(0, 10);
    // Other test files leave open bills of their own in the same database: next month's projected
    // outflow is what it was plus this bill. The screen's default period: this month and two more.
    const reportEnd = new Date(Date.UTC(Number(year), month + 2, 0)).toISOString().slice(0, 10);
    const projectedOut = async () =>
      (
        await pageApi(
          page,
          'GET',
          `/cash-flow?from=${year}-${String(month).padStart(2, '0')}-01&to=${reportEnd}&granularity=month`,
        )
      ).body.periods[1].projectedOut as string;
    const outBefore = Number(await projectedOut());
    const open = await pageApi(page, 'POST', '/bills-to-pay', {
      description: `Insumos ${RUN}`,
      issueDate: nextMonth,
      dueDate: nextMonth,
      amount: '250.00',
      categoryId: supplies,
    });
    expect(open.status, JSON.stringify(open.body)).toBe(201);

    await openFromMenu(page, 'Financeiro', 'Fluxo de Caixa');
    await page.waitForURL(/\/cashflow$/);
    const chart = page.getByTestId('cash-flow-chart');
    await expect
      .poll(() => chart.locator('svg .recharts-bar-rectangle').count())
      .toBeGreaterThan(1);
    const periods = page.getByTestId('cash-flow-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => periods.count()).toBe(3);
    expect(await periods.first().textContent()).toContain(`${monthNames[month - 1]}/${year}`);
    // Next month: the open bill among Saídas previstas (the fourth amount of its row).
    const expectedOut = formatBRL((outBefore + 250).toFixed(2));
    expect(await projectedOut()).toBe((outBefore + 250).toFixed(2));
    expect(await periods.nth(1).locator('td').nth(4).textContent()).toContain(expectedOut);
    // By week: the granularity is in the URL and the periods are weeks.
    await page.getByText('Semana', { exact: true }).click();
    await page.waitForURL(/granularity=week/);
    await expect.poll(() => periods.count()).toBeGreaterThan(8);
    await page.getByText('Mês', { exact: true }).click();
    await page.waitForURL(/granularity=month/);
    await expect.poll(() => periods.count()).toBe(3);
    await page.mouse.move(640, 780);
    await settled(page);
    await ctx.screenshot('cash-flow-1280');

    await openFromMenu(page, 'Financeiro', 'DRE gerencial');
    await page.waitForURL(/\/incomestatement$/);
    const table = page.getByTestId('income-statement-table');
    const line = table.locator('tbody tr.ant-table-row').filter({ hasText: CATEGORY });
    await expect.poll(() => line.count()).toBe(1);
    // Descrição, then January…: this month's cell holds the fee, the total too.
    expect(await line.locator('td').nth(month).textContent()).toBe('-150,50');
    expect(await line.locator('td').last().textContent()).toBe('-150,50');
    expect(await table.locator('tr.dre-result', { hasText: 'Resultado líquido' }).count()).toBe(1);
    expect(
      await page.getByTestId('income-statement-chart').locator('svg .recharts-line').count(),
    ).toBeGreaterThan(0);
    await page.mouse.move(640, 780);
    await settled(page);
    await ctx.screenshot('income-statement-1280');
    await ctx.screenshot('income-statement-1280-full', true);
    expect(ctx.consoleErrors).toEqual([]);
  });

  it('fits the cash flow and the DRE within 375 px, their tables scrolling inside', async () => {
    const { page } = ctx;
    await page.setViewportSize(PHONE);
    await signInAsAdmin(page);
    await seed(page);

    await page.goto('/cashflow');
    await expect
      .poll(() => page.getByTestId('cash-flow-table').locator('tbody tr.ant-table-row').count())
      .toBe(3);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await settled(page);
    await ctx.screenshot('cash-flow-375');
    await ctx.screenshot('cash-flow-375-full', true);

    await page.goto('/incomestatement');
    await expect
      .poll(() => page.getByTestId('income-statement-table').locator('tr.dre-result').count())
      .toBe(4);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await settled(page);
    await ctx.screenshot('income-statement-375');
    await ctx.screenshot('income-statement-375-full', true);
  });

  it('links a bill payment’s entry in the statement to its bill', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const { mainId, categoryId } = await seed(page);
    const bill = await pageApi(page, 'POST', '/bills-to-pay', {
      description: `Conta de luz ${RUN}`,
      issueDate: today,
      dueDate: today,
      amount: '80.00',
      categoryId,
    });
    expect(bill.status, JSON.stringify(bill.body)).toBe(201);
    const billId = (bill.body as { items: { id: number }[] }).items[0]!.id;
    const paid = await pageApi(page, 'POST', `/bills-to-pay/${billId}/pay`, {
      date: today,
      amount: '80.00',
      checkingAccountId: mainId,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBeLessThan(300);

    await page.goto(`/checkingaccounts/${mainId}/statement`);
    const entry = statementRows(page).filter({ hasText: 'Baixa de conta' });
    await expect.poll(() => entry.count()).toBe(1);
    expect(await entry.textContent()).toContain('-R$ 80,00');
    await expect.poll(() => text(page, 'statement-balance')).toContain('R$ 469,50');
    await entry.getByTestId('statement-bill-link').click();
    await page.waitForURL(new RegExp(`/billstopay/${billId}$`));
  });
});
