import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { todayInSaoPaulo } from '../src/shared/plain-date.js';
import { cnpjFrom } from '../src/server/testing/documents.js';
import { pageApi, signInAsAdmin, useBrowser } from './support/browser.js';
import { pick } from './support/select.js';

/**
 * Issue 16 §6: a double click (two clicks a few milliseconds apart) on a button that creates or
 * acts does it once — the form's Salvar, "Registrar recebimento", a document's action, a bill's
 * payment. Each test clicks twice at once and then counts, through the API, what the clicks made.
 */
const ctx = useBrowser();

const RUN = Date.now().toString(36).slice(-6).toUpperCase();
const toasts = (page: Page) => page.locator('.ant-notification-notice').allTextContents();
/**
 * The two double clicks that reach the page differently. `dblclick` (Playwright's) waits for each
 * click to be handled: React may re-render in between, but a form's asynchronous validation may
 * still let both clicks reach `onFinish`. `instant` clicks twice in the same task, before the page
 * can re-render the button as busy: a double click on a busy machine.
 */
const WAYS = ['dblclick', 'instant'] as const;
type Way = (typeof WAYS)[number];

async function doubleClick(button: Locator, way: Way) {
  await button.waitFor();
  if (way === 'dblclick') {
    await button.dblclick();
    return;
  }
  await button.evaluate((element: HTMLElement) => {
    element.click();
    element.click();
  });
}

/** Time for a second request, had one been sent, to have landed. */
const SECOND_REQUEST_WINDOW_MS = 1500;

async function created(page: Page, url: string, body: unknown): Promise<Record<string, unknown>> {
  const answer = await pageApi(page, 'POST', url, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as Record<string, unknown>;
}

async function got<T>(page: Page, url: string): Promise<T> {
  const answer = await pageApi(page, 'GET', url);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as T;
}

/** How many history entries of `action` the record has. */
async function auditCount(page: Page, entity: string, id: unknown, action: string) {
  const history = await got<{ items: { action: string }[] }>(
    page,
    `/audit?entity=${entity}&entityId=${String(id)}`,
  );
  return history.items.filter((entry) => entry.action === action).length;
}

/** A leaf expense category of the seeded chart (a bill's and an order's category). */
async function expenseCategory(page: Page) {
  const answer = await got<{ items: { id: number; name: string; parentId: number | null }[] }>(
    page,
    '/financial-categories?kind=EXPENSE&active=true&sort=name&pageSize=100',
  );
  return answer.items.find((item) => !answer.items.some((o) => o.parentId === item.id))!;
}

let seq = 0;
/** A unit, a location and a feedstock of this test's own. */
async function stockScene(page: Page) {
  seq += 1;
  const unit = await created(page, '/units-of-measurement', {
    code: `D${RUN.slice(-3)}${seq}`,
    decimals: 0,
  });
  const location = await created(page, '/stock-locations', {
    name: `Depósito duplo ${RUN}-${seq}`,
  });
  const feedstock = await created(page, '/feedstocks', {
    code: `DUP${RUN}${seq}`,
    name: `Insumo duplo ${RUN}-${seq}`,
    unitId: unit.id,
  });
  return { unit, location, feedstock };
}

async function approvedPurchaseOrder(page: Page, approve = true) {
  const { location, feedstock } = await stockScene(page);
  const supplier = await created(page, '/suppliers', {
    personType: 'J',
    name: `Fornecedor duplo ${RUN}-${seq}`,
    document: cnpjFrom(`55${String(Date.now()).slice(-9)}${seq}`.slice(0, 12)),
  });
  const order = await created(page, '/purchase-orders', {
    supplierId: supplier.id,
    orderDate: todayInSaoPaulo(),
    locationId: location.id,
    categoryId: (await expenseCategory(page)).id,
    items: [{ itemId: feedstock.id, quantity: '10', unitPrice: '5.00' }],
  });
  if (approve) {
    const approved = await pageApi(
      page,
      'POST',
      `/purchase-orders/${String(order.id)}/approve`,
      {},
    );
    expect(approved.status).toBe(200);
  }
  return { order, feedstock };
}

/** Types a date as dd/mm/aaaa into the date field labelled `label`. */
async function typeDate(page: Page, label: string, date: string) {
  const [year, month, day] = date.split('-');
  await page.getByLabel(label, { exact: true }).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(`${day}/${month}/${year}`);
  await page.locator('h2').first().click();
  await expect.poll(() => page.locator('.ant-picker-dropdown:visible').count()).toBe(0);
}

/** The action bar shows no refusal (a second request would have been refused 409). */
async function noRefusal(page: Page) {
  await page.waitForTimeout(SECOND_REQUEST_WINDOW_MS);
  expect(await page.getByTestId('document-action-error').count()).toBe(0);
  expect(await page.locator('.ant-notification-notice-error').count()).toBe(0);
}

describe.each(WAYS)('a double click (%s) acts once', (way) => {
  it('"Registrar recebimento" posts one receipt', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const { order, feedstock } = await approvedPurchaseOrder(page);

    await page.goto(`/purchaseorders/${String(order.id)}`);
    await page.getByTestId('action-receive').click();
    // 1 of the 10: a second receipt of it would be accepted, so only the key can refuse it.
    const quantity = page.getByLabel(`Receber agora, ${String(feedstock.name)}`, { exact: true });
    await quantity.waitFor();
    await quantity.click();
    await quantity.fill('1');
    await doubleClick(page.getByTestId('receive-submit'), way);
    await expect.poll(() => toasts(page)).toContain('Recebimento registrado.');
    await noRefusal(page);

    const after = await got<{ receipts: unknown[]; items: { receivedQuantity: string }[] }>(
      page,
      `/purchase-orders/${String(order.id)}`,
    );
    expect(after.receipts).toHaveLength(1);
    expect(Number(after.items[0]!.receivedQuantity)).toBe(1);
  });

  it('Salvar of a new bill creates one bill, where nothing is unique', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const category = await expenseCategory(page);
    const description = `Conta dupla ${RUN} ${way}`;
    await page.goto('/billstopay/new');
    await page.getByLabel('Descrição', { exact: true }).fill(description);
    await pick(page, 'Categoria', category.name);
    await page.getByLabel('Valor total', { exact: true }).fill('50,00');
    await typeDate(page, '1º vencimento', todayInSaoPaulo());
    await doubleClick(page.getByRole('button', { name: 'Salvar' }), way);
    await page.waitForURL(/\/billstopay$/);
    await expect.poll(() => toasts(page)).toContain('Conta criada.');
    await page.waitForTimeout(SECOND_REQUEST_WINDOW_MS);
    expect(await page.locator('.ant-notification-notice-error').count()).toBe(0);
    const bills = await got<{ total: number }>(
      page,
      `/bills-to-pay?q=${encodeURIComponent(description)}`,
    );
    expect(bills.total).toBe(1);
  });

  it('Salvar of a new color creates it once: no duplicate error beside "Registro salvo"', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const name = `Cor dupla ${RUN} ${way}`;
    await page.goto('/colors/new');
    await page.getByLabel('Nome', { exact: true }).fill(name);
    await doubleClick(page.getByRole('button', { name: 'Salvar' }), way);
    await page.waitForURL(/\/colors$/);
    await expect.poll(() => toasts(page)).toContain('Registro salvo com sucesso.');
    await page.waitForTimeout(SECOND_REQUEST_WINDOW_MS);
    expect(await toasts(page)).toEqual(['Registro salvo com sucesso.']);
    const colors = await got<{ total: number }>(page, `/colors?q=${encodeURIComponent(name)}`);
    expect(colors.total).toBe(1);
  });

  it('Aprovar of a purchase order approves it once, with no refusal shown', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const { order } = await approvedPurchaseOrder(page, false);

    await page.goto(`/purchaseorders/${String(order.id)}`);
    await doubleClick(page.getByTestId('action-approve'), way);
    await expect.poll(() => toasts(page)).toContain('Ordem de compra aprovada.');
    await noRefusal(page);
    expect(await auditCount(page, 'purchase-orders', order.id, 'approve')).toBe(1);
  });

  it('Iniciar of a production order starts it once, with no refusal shown', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const { unit, location, feedstock } = await stockScene(page);
    await created(page, '/stock-movements', {
      type: 'IN',
      itemId: feedstock.id,
      toLocationId: location.id,
      quantity: '100',
      unitCost: '2.00',
    });
    const product = await created(page, '/products', {
      code: `DUPP${RUN}${seq}`,
      name: `Produto duplo ${RUN}-${seq}`,
      origin: 'MANUFACTURED',
      unitId: unit.id,
      components: [{ feedstockId: feedstock.id, quantity: '2', lossPercent: '0' }],
    });
    const order = await created(page, '/production-orders', {
      productId: product.id,
      quantity: '3',
      sourceLocationId: location.id,
      targetLocationId: location.id,
    });

    await page.goto(`/productionorders/${String(order.id)}`);
    await page.getByTestId('action-start').click();
    await doubleClick(page.getByTestId('confirm-start'), way);
    await expect.poll(() => toasts(page)).toContain('Produção iniciada.');
    await noRefusal(page);
    expect(await auditCount(page, 'production-orders', order.id, 'start')).toBe(1);
  });

  it("Pagar in a bill's payment dialog pays once", async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const account = `Conta-corrente dupla ${RUN} ${way}`;
    await created(page, '/checking-accounts', {
      name: account,
      bankCode: '001',
      openingBalance: '1000.00',
      openingDate: '2020-01-01',
    });
    const answer = await created(page, '/bills-to-pay', {
      description: `Conta paga duas vezes? ${RUN} ${way}`,
      issueDate: todayInSaoPaulo(),
      dueDate: todayInSaoPaulo(),
      categoryId: (await expenseCategory(page)).id,
      amount: '100.00',
    });
    const bill = (answer.items as { id: number }[])[0]!;

    await page.goto(`/billstopay/${bill.id}`);
    await page.getByTestId('settle-button').click();
    await page.getByTestId('settle-total').waitFor();
    // Part of it: a second payment of R$ 10,00 would be accepted.
    await page.getByLabel('Valor', { exact: true }).fill('10,00');
    await pick(page, 'Conta-corrente', account);
    await doubleClick(
      page.locator('.ant-modal-footer').getByRole('button', { name: 'Pagar' }),
      way,
    );
    await expect.poll(() => toasts(page)).toContain('Pagamento registrado.');
    await page.waitForTimeout(SECOND_REQUEST_WINDOW_MS);
    const after = await got<{ payments: unknown[] }>(page, `/bills-to-pay/${bill.id}`);
    expect(after.payments).toHaveLength(1);
  });
});
