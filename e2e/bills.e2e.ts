import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays, todayInSaoPaulo } from '../src/shared/plain-date.js';
import { cpfFrom } from '../src/server/testing/documents.js';
import { pageApi, signInAsAdmin, useBrowser } from './support/browser.js';
import { openFromMenu } from './support/menu.js';
import { pick } from './support/select.js';

const ctx = useBrowser();
const PHONE = { width: 375, height: 740 };

/** Names of this file's own: the browser tests share one database. */
const ACCOUNT = 'Conta Contas E2E';
const CLIENT = { personType: 'F', name: 'Cliente Contas E2E', document: cpfFrom('730118224') };
/** A run's own bills: a stamp in the description tells them from earlier runs'. */
const stamp = () => String(Date.now()).slice(-7);

const toasts = (page: Page) => page.locator('.ant-notification-notice').allTextContents();
const fieldError = (page: Page, label: string) =>
  page
    .locator('.ant-form-item')
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .locator('.ant-form-item-explain-error');
const rows = (page: Page) => page.getByTestId('bills-table').locator('tbody tr.ant-table-row');
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

interface Seed {
  accountId: number;
  clientId: number;
  expenseId: number;
  expenseName: string;
  incomeId: number;
}

/** A checking account and a client, created once; a category of each nature from the seed. */
async function seed(page: Page): Promise<Seed> {
  const accounts = await pageApi(
    page,
    'GET',
    `/checking-accounts?q=${encodeURIComponent(ACCOUNT)}`,
  );
  let accountId = (accounts.body.items as { id: number }[])[0]?.id;
  if (accountId === undefined) {
    const created = await pageApi(page, 'POST', '/checking-accounts', {
      name: ACCOUNT,
      bankCode: '001',
      openingBalance: '1000.00',
      openingDate: '2020-01-01',
    });
    expect(created.status).toBe(201);
    accountId = created.body.id as number;
  }
  const clients = await pageApi(page, 'GET', `/clients?q=${encodeURIComponent(CLIENT.name)}`);
  let clientId = (clients.body.items as { id: number }[])[0]?.id;
  if (clientId === undefined) {
    const created = await pageApi(page, 'POST', '/clients', CLIENT);
    expect(created.status).toBe(201);
    clientId = created.body.id as number;
  }
  const category = async (kind: string) => {
    const answer = await pageApi(
      page,
      'GET',
      `/financial-categories?kind=${kind}&active=true&sort=name&pageSize=100`,
    );
    const items = answer.body.items as { id: number; name: string; parentId: number | null }[];
    // A leaf of the seeded chart: one that is no other's parent.
    const leaf = items.find((item) => !items.some((other) => other.parentId === item.id));
    expect(leaf).toBeDefined();
    return leaf!;
  };
  const expense = await category('EXPENSE');
  const income = await category('INCOME');
  return {
    accountId,
    clientId,
    expenseId: expense.id,
    expenseName: expense.name,
    incomeId: income.id,
  };
}

/** Types a date as dd/mm/aaaa into the date field labelled `label`. */
async function typeDate(page: Page, label: string, date: string) {
  const [year, month, day] = date.split('-');
  await page.getByLabel(label, { exact: true }).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(`${day}/${month}/${year}`);
  // Leaving the field commits the date (Enter would submit the form).
  await page.locator('h2').first().click();
  await expect.poll(() => page.locator('.ant-picker-dropdown:visible').count()).toBe(0);
}

async function search(page: Page, text: string) {
  await page.getByPlaceholder('Pesquisar descrição, documento…').fill(text);
  await page.waitForURL((url) => url.searchParams.get('q') === text);
}

const statusTags = (page: Page) =>
  page.getByTestId('bill-actions').locator('xpath=..').getByTestId('bill-status').textContent();

describe('Contas a Pagar e a Receber in Chromium', () => {
  it('creates a bill in 3 installments, pays part of one, is refused an overpayment and reverses the payment', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const scene = await seed(page);
    const description = `Aluguel E2E ${stamp()}`;

    await openFromMenu(page, 'Financeiro', 'Contas a Pagar');
    await page.waitForURL(/\/billstopay$/);
    await page.getByTestId('new-button').click();
    await page.waitForURL(/\/billstopay\/new$/);
    await page.getByLabel('Descrição', { exact: true }).fill(description);
    await pick(page, 'Categoria', scene.expenseName);
    await page.getByLabel('Valor total', { exact: true }).fill('300,00');
    await page.getByLabel('Parcelas', { exact: true }).fill('3');
    const first = addDays(todayInSaoPaulo(), 10);
    await typeDate(page, '1º vencimento', first);
    // The installments as they will be created, before saving.
    const preview = page.getByTestId('installments-preview').locator('tbody tr.ant-table-row');
    await expect.poll(() => preview.count()).toBe(3);
    expect(await preview.allTextContents()).toEqual([
      expect.stringContaining('1/3'),
      expect.stringContaining('2/3'),
      expect.stringContaining('3/3'),
    ]);
    for (const text of await preview.allTextContents()) expect(text).toContain('R$ 100,00');
    await ctx.screenshot('bill-form-1280', true);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/billstopay$/);
    await expect.poll(() => toasts(page)).toContain('3 contas criadas.');

    // The list shows the three new bills without a reload.
    await search(page, description);
    await expect.poll(() => rows(page).count()).toBe(3);
    const texts = await rows(page).allTextContents();
    for (const [index, text] of texts.entries()) {
      expect(text).toContain(`${description} · ${index + 1}/3`);
      expect(text).toContain('R$ 100,00');
      expect(text).toContain('Aberta');
    }
    await expect
      .poll(() => page.getByTestId('bill-total-open').textContent())
      .toContain('R$ 300,00');
    await ctx.screenshot('bills-to-pay-1280');

    // "Pagar" R$ 40,00 of the first, with R$ 2,00 of interest: R$ 42,00 leaves the account.
    await rows(page).first().click();
    await page.waitForURL(/\/billstopay\/\d+$/);
    await page.getByTestId('settle-button').click();
    const dialog = page.getByTestId('settle-total');
    await dialog.waitFor();
    expect(await page.getByLabel('Valor', { exact: true }).inputValue()).toBe('100,00');
    await page.getByLabel('Valor', { exact: true }).fill('40,00');
    await page.getByLabel('Juros', { exact: true }).fill('2,00');
    await pick(page, 'Conta-corrente', ACCOUNT);
    await expect.poll(() => page.getByTestId('settle-total').textContent()).toContain('R$ 42,00');
    await ctx.screenshot('bill-settle-1280');
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Pagar' }).click();
    await expect.poll(() => toasts(page)).toContain('Pagamento registrado.');
    await expect.poll(() => statusTags(page)).toBe('Parcialmente paga');
    await expect
      .poll(() => page.getByTestId('bill-open-amount').textContent())
      .toContain('R$ 60,00');
    const payments = page.getByTestId('payments-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => payments.count()).toBe(1);
    const payment = await payments.first().textContent();
    for (const text of ['R$ 40,00', 'R$ 2,00', 'R$ 42,00', ACCOUNT])
      expect(payment).toContain(text);

    // More than is open: the server's message next to Valor, the dialog still open.
    await page.getByTestId('settle-button').click();
    await dialog.waitFor();
    expect(await page.getByLabel('Valor', { exact: true }).inputValue()).toBe('60,00');
    await page.getByLabel('Valor', { exact: true }).fill('1.000,00');
    await pick(page, 'Conta-corrente', ACCOUNT);
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Pagar' }).click();
    await expect
      .poll(() => fieldError(page, 'Valor').textContent())
      .toContain('Valor maior que o saldo em aberto');
    await page.waitForTimeout(400);
    await ctx.screenshot('bill-overpayment-1280');
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Cancelar' }).click();
    await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(0);

    // "Estornar baixa": the bill is open again for the whole amount, the payment stays, marked.
    await page.getByTestId('reverse-payment').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Estornar' }).click();
    await expect.poll(() => toasts(page)).toContain('Baixa estornada.');
    await expect.poll(() => statusTags(page)).toBe('Aberta');
    await expect
      .poll(() => page.getByTestId('bill-open-amount').textContent())
      .toContain('R$ 100,00');
    expect(await payments.first().textContent()).toContain('Estornada');
    expect(await page.getByTestId('reverse-payment').count()).toBe(0);
    await ctx.screenshot('bill-to-pay-1280', true);

    // Back in the list, the first installment is open again.
    await page.getByRole('button', { name: 'Voltar' }).click();
    await page.waitForURL(/\/billstopay\?q=/);
    await expect.poll(() => rows(page).first().textContent()).toContain('Aberta');
  });

  it("edits an open bill, keeps what was typed on someone else's save, shows the history and cancels it", async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const scene = await seed(page);
    const description = `Energia E2E ${stamp()}`;
    const created = await pageApi(page, 'POST', '/bills-to-pay', {
      description,
      issueDate: todayInSaoPaulo(),
      dueDate: addDays(todayInSaoPaulo(), 20),
      categoryId: scene.expenseId,
      amount: '80.00',
    });
    expect(created.status).toBe(201);
    const bill = (created.body.items as { id: number; version: number }[])[0]!;

    await page.goto(`/billstopay/${bill.id}`);
    await page.getByRole('button', { name: 'Editar' }).click();
    await page.waitForURL(new RegExp(`/billstopay/${bill.id}/edit$`));
    // One bill: no installments to choose.
    expect(await page.getByLabel('Parcelas', { exact: true }).count()).toBe(0);
    expect(await page.getByLabel('Valor', { exact: true }).inputValue()).toBe('80,00');
    await page.getByLabel('Valor', { exact: true }).fill('85,00');
    await page.getByLabel('Nº do documento', { exact: true }).fill('NF 123');

    // Someone else saves first: the standard message, and what was typed stays.
    const current = await pageApi(page, 'GET', `/bills-to-pay/${bill.id}`);
    const other = await pageApi(page, 'PUT', `/bills-to-pay/${bill.id}`, {
      description: current.body.description,
      issueDate: current.body.issueDate,
      dueDate: current.body.dueDate,
      categoryId: current.body.categoryId,
      amount: '81.00',
      notes: 'Alterada por outra pessoa',
      version: current.body.version,
    });
    expect(other.status).toBe(200);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect
      .poll(() => page.locator('.ant-alert').first().textContent())
      .toContain('Este registro foi alterado por outro usuário.');
    expect(await page.getByLabel('Valor', { exact: true }).inputValue()).toBe('85,00');
    await ctx.screenshot('bill-edit-stale-1280');
    await page.getByRole('button', { name: 'Recarregar' }).click();
    await expect.poll(() => page.getByLabel('Valor', { exact: true }).inputValue()).toBe('81,00');
    await page.getByLabel('Valor', { exact: true }).fill('85,00');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(new RegExp(`/billstopay/${bill.id}$`));
    await expect
      .poll(() => page.getByTestId('bill-open-amount').textContent())
      .toContain('R$ 85,00');

    // The history names the change.
    await page.getByRole('button', { name: 'Histórico' }).click();
    await expect.poll(() => page.getByTestId('history-entry').count()).toBeGreaterThan(1);
    expect(await page.getByTestId('history-drawer').textContent()).toContain('Valor');
    await page.locator('.ant-drawer-close').click();

    // "Cancelar", confirmed: Cancelada, and nothing is offered any more.
    await page.getByTestId('bill-actions').getByRole('button', { name: 'Cancelar' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Cancelar a conta' }).click();
    await expect.poll(() => toasts(page)).toContain('Conta cancelada.');
    await expect.poll(() => statusTags(page)).toBe('Cancelada');
    for (const name of ['Editar', 'Cancelar', 'Pagar']) {
      expect(
        await page.getByTestId('bill-actions').getByRole('button', { name, exact: true }).count(),
      ).toBe(0);
    }
  });

  it('offers the PIX of an open bill to receive: QR code, copia e cola and the copy button', async () => {
    const { page } = ctx;
    await ctx.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInAsAdmin(page);
    const scene = await seed(page);
    const company = await pageApi(page, 'GET', '/company');
    const previous = company.body as Record<string, unknown> & {
      address: Record<string, unknown>;
    };
    const saved = await pageApi(page, 'PUT', '/company', {
      ...previous,
      pixKey: 'financeiro@fabril.test',
      address: { ...previous.address, city: previous.address.city || 'São Paulo' },
    });
    expect(saved.status).toBe(200);
    try {
      const created = await pageApi(page, 'POST', '/bills-to-receive', {
        clientId: scene.clientId,
        description: `Venda E2E ${stamp()}`,
        issueDate: todayInSaoPaulo(),
        dueDate: todayInSaoPaulo(),
        categoryId: scene.incomeId,
        amount: '150.00',
      });
      expect(created.status).toBe(201);
      const bill = (created.body.items as { id: number }[])[0]!;

      await page.goto(`/billstoreceive/${bill.id}`);
      const payload = page.getByTestId('pix-payload');
      await expect.poll(() => payload.textContent()).toMatch(/^000201/);
      expect(await page.getByTestId('pix-qr').locator('canvas, svg').count()).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Copiar código PIX' }).click();
      await expect.poll(() => toasts(page)).toContain('Código PIX copiado');
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toMatch(/^000201/);
      expect(copied).toBe(await payload.textContent());
      await ctx.screenshot('bill-to-receive-pix-1280', true);
      // "Receber" is offered; "Pagar" is not a word of this kind.
      expect(await page.getByTestId('settle-button').textContent()).toBe('Receber');

      await page.setViewportSize(PHONE);
      await expect.poll(() => pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
      await ctx.screenshot('bill-to-receive-pix-375', true);

      // Without the company's key: the API's message and where to set it, not an error toast.
      await pageApi(page, 'PUT', '/company', {
        ...(await pageApi(page, 'GET', '/company')).body,
        pixKey: null,
      });
      await page.reload();
      await expect
        .poll(() => page.getByTestId('pix-unavailable').textContent())
        .toContain('Cadastre a chave PIX da empresa');
      expect(await page.locator('.ant-notification-notice-error').count()).toBe(0);
    } finally {
      const current = await pageApi(page, 'GET', '/company');
      await pageApi(page, 'PUT', '/company', { ...current.body, pixKey: previous.pixKey ?? null });
    }
  });

  it('filters the overdue bills and fits 375 px: list, bill and form', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const scene = await seed(page);
    const description = `Vencida E2E ${stamp()}`;
    const due = addDays(todayInSaoPaulo(), -10);
    for (const [text, dueDate] of [
      [description, due],
      [`${description} futura`, addDays(todayInSaoPaulo(), 10)],
    ] as const) {
      const created = await pageApi(page, 'POST', '/bills-to-pay', {
        description: text,
        issueDate: due,
        dueDate,
        categoryId: scene.expenseId,
        amount: '75.50',
        checkingAccountId: scene.accountId,
      });
      expect(created.status).toBe(201);
    }

    await page.goto('/billstopay');
    await search(page, description);
    await expect.poll(() => rows(page).count()).toBe(2);
    await page.getByLabel('Situação', { exact: true }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Vencida' })
      .click();
    await page.getByRole('heading', { name: 'Contas a Pagar' }).click();
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await page.waitForURL(/status=OVERDUE/);
    await expect.poll(() => rows(page).count()).toBe(1);
    const overdue = await rows(page).first().textContent();
    expect(overdue).toContain(description);
    expect(overdue).toContain('Vencida');
    expect(overdue).not.toContain('futura');
    await expect
      .poll(() => page.getByTestId('bill-total-overdue').textContent())
      .toContain('R$ 75,50');
    await ctx.screenshot('bills-overdue-1280');
    // The export takes the same filter: the overdue bill, not the one still to fall due.
    const download = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const csv = fs.readFileSync((await (await download).path())!, 'utf8');
    expect(csv).toContain(description);
    expect(csv).not.toContain(`${description} futura`);

    // The filter lives in the URL: the same list after a reload, at 375 px.
    await page.setViewportSize(PHONE);
    await page.reload();
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(
      await page.getByTestId('bills-table').locator('thead th.ant-table-cell').count(),
    ).toBeLessThanOrEqual(3);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await expect.poll(() => page.getByRole('button', { name: 'Filtros (1)' }).count()).toBe(1);
    await ctx.screenshot('bills-to-pay-375');

    await rows(page).first().click();
    await page.waitForURL(/\/billstopay\/\d+$/);
    await expect.poll(() => statusTags(page)).toBe('AbertaVencida');
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await ctx.screenshot('bill-to-pay-375', true);
    await page.getByTestId('settle-button').click();
    await page.getByTestId('settle-total').waitFor();
    await page.waitForTimeout(400);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await ctx.screenshot('bill-settle-375');
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Cancelar' }).click();

    await page.goto('/billstopay/new');
    await page.getByLabel('Valor total', { exact: true }).fill('100');
    await page.getByLabel('Parcelas', { exact: true }).fill('2');
    await typeDate(page, '1º vencimento', addDays(todayInSaoPaulo(), 5));
    await expect
      .poll(() =>
        page.getByTestId('installments-preview').locator('tbody tr.ant-table-row').count(),
      )
      .toBe(2);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await ctx.screenshot('bill-form-375', true);
  });
});
