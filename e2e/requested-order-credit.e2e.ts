import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays, formatPlainDate, todayInSaoPaulo } from '../src/shared/plain-date.js';
import { cnpjFrom } from '../src/server/testing/documents.js';
import { pageApi, signIn, signInAsAdmin, useBrowser } from './support/browser.js';
import { created } from './support/documents.js';
import { pick } from './support/select.js';

const ctx = useBrowser();
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
/** Names of this run's own: the browser tests share one server and database, kept across runs. */
const RUN = Date.now().toString(36).slice(-6).toUpperCase();
const LIMITED = `Loja Crédito ${RUN}`;
const OVERDUE = `Loja Atrasada ${RUN}`;
const LOCATION = `Expedição CR ${RUN}`;
const PRODUCT = { code: `CRP${RUN}`, name: `Jaqueta CR ${RUN}` };
const CLERK = { email: `vendas.${RUN.toLowerCase()}@fabril.test`, password: 'senha-segura-1' };

const toasts = (page: Page) => page.locator('.ant-notification-notice').allTextContents();
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const status = (page: Page) =>
  page.getByTestId('order-number').locator('xpath=..').getByTestId('document-status').textContent();
const text = (page: Page, testId: string) => page.getByTestId(testId).first().textContent();
async function settled(page: Page) {
  await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
  await page.waitForTimeout(400);
}

/**
 * Two clients: one with a R$ 100,00 limit, one without a limit but with a bill to receive 10
 * days overdue (R$ 30,00); a location with 10 units of a R$ 25,00 resale product; the INCOME
 * category; and a clerk who sells and approves but may not release credit.
 */
async function seed(page: Page) {
  const document = (n: number) => cnpjFrom(String(Date.now() + n).slice(-12));
  await created(page, '/clients', {
    personType: 'J',
    name: LIMITED,
    document: document(0),
    creditLimit: '100.00',
  });
  const late = await created(page, '/clients', {
    personType: 'J',
    name: OVERDUE,
    document: document(7),
  });
  const categories = await pageApi(page, 'GET', '/financial-categories?kind=INCOME&pageSize=100');
  const items = categories.body.items as { id: number; name: string; parentId: number | null }[];
  const leaves = items.filter((item) => !items.some((other) => other.parentId === item.id));
  const category = leaves.find((item) => item.name === 'Venda de produtos') ?? leaves[0]!;
  const unit = await created(page, '/units-of-measurement', {
    code: `C${RUN.slice(-5)}`,
    decimals: 0,
  });
  const location = await created(page, '/stock-locations', { name: LOCATION });
  const product = await created(page, '/products', {
    ...PRODUCT,
    origin: 'RESALE',
    unitId: unit.id,
    salePrice: '25.00',
  });
  await created(page, '/stock-movements', {
    type: 'IN',
    itemId: product.id,
    toLocationId: location.id,
    quantity: '10',
    unitCost: '10.00',
  });
  const today = todayInSaoPaulo();
  const dueDate = addDays(today, -10);
  await created(page, '/bills-to-receive', {
    clientId: late.id,
    categoryId: category.id,
    description: `Venda antiga ${RUN}`,
    documentNumber: `DOC-${RUN}`,
    issueDate: addDays(today, -40),
    dueDate,
    amount: '30.00',
  });
  const role = await created(page, '/roles', {
    name: `Vendas sem liberação ${RUN}`,
    permissions: [
      'requestedOrders:read',
      'requestedOrders:write',
      'requestedOrders:approve',
      'clients:read',
      'stockLocations:read',
      'products:read',
      'financialCategories:read',
      'audit:read',
    ],
  });
  await created(page, '/users', { name: 'Vendedor', roleId: role.id, ...CLERK });
  const order = (client: Record<string, unknown>) =>
    created(page, '/requested-orders', {
      clientId: client.id,
      orderDate: today,
      locationId: location.id,
      categoryId: category.id,
      items: [{ productId: product.id, quantity: '2' }],
    });
  return { category, late, order, dueDate };
}

describe('Pedidos Recebidos: the credit gate on screen', () => {
  it('shows the credit on the form, the refusal with its figures, and releases it with a reason', async () => {
    const { page } = ctx;
    await page.setViewportSize(DESKTOP);
    await signInAsAdmin(page);
    const scene = await seed(page);

    // The form shows the picked client's credit beside it.
    await page.goto('/requestedorders/new');
    await pick(page, 'Cliente', OVERDUE);
    await expect
      .poll(() => text(page, 'client-credit-overdue'))
      .toBe(`Vencidos 1 (R$ 30,00) desde ${formatPlainDate(scene.dueDate)}`);
    expect(await text(page, 'client-credit-limit')).toBe('Limite sem limite');
    await pick(page, 'Cliente', LIMITED);
    await expect.poll(() => text(page, 'client-credit-limit')).toBe('Limite R$ 100,00');
    expect(await text(page, 'client-credit-available')).toBe('Disponível R$ 100,00');
    expect(await text(page, 'client-credit-open')).toBe('Em aberto R$ 0,00');
    expect(await text(page, 'client-credit-overdue')).toBe('Vencidos nenhum');
    expect(await text(page, 'client-credit-orders')).toBe('Pedidos a faturar R$ 0,00');
    await pick(page, 'Local de estoque', LOCATION);
    await pick(page, 'Produto, linha 1', PRODUCT.code);
    await expect.poll(() => page.getByLabel('Preço unitário, linha 1').inputValue()).toBe('25,00');
    await page.getByLabel('Quantidade, linha 1').fill('8');
    await page.getByLabel('Categoria').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: scene.category.name })
      .first()
      .click();
    await expect.poll(() => page.getByTestId('total-order').textContent()).toContain('200,00');
    await settled(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await ctx.screenshot('requested-order-credit-form-1280');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => page.url()).toMatch(/\/requestedorders\/\d+$/);
    await expect.poll(() => status(page)).toBe('Aberto');

    // R$ 200,00 against a R$ 100,00 limit: refused with the figures, not in the bar's Alert.
    await page.getByTestId('action-approve').click();
    const refusal = page.getByTestId('credit-refusal');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('Limite de crédito excedido');
    expect(await text(page, 'credit-limit')).toBe('R$ 100,00');
    expect(await text(page, 'credit-openReceivables')).toBe('R$ 0,00');
    expect(await text(page, 'credit-openOrders')).toBe('R$ 0,00');
    expect(await text(page, 'credit-thisOrder')).toBe('R$ 200,00');
    expect(await text(page, 'credit-above')).toBe('R$ 100,00');
    expect(await page.getByTestId('document-action-error').count()).toBe(0);
    expect(await status(page)).toBe('Aberto');
    await settled(page);
    await ctx.screenshot('requested-order-credit-refused-1280');

    // The dialog: Esc closes it; Enter with no reason says so at the field; Enter sends it.
    await page.getByTestId('credit-release').click();
    const reason = page.getByTestId('credit-release-reason');
    await expect
      .poll(() => reason.evaluate((input) => input === document.activeElement))
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(0);
    await page.getByTestId('credit-release').click();
    await expect
      .poll(() => reason.evaluate((input) => input === document.activeElement))
      .toBe(true);
    await page.keyboard.press('Enter');
    const fieldError = page.locator('.ant-modal:visible .ant-form-item-explain-error');
    await expect.poll(() => fieldError.textContent()).toBe('Preenchimento obrigatório');
    await reason.fill('x'.repeat(256));
    await page.keyboard.press('Enter');
    await expect.poll(() => fieldError.textContent()).toBe('No máximo 255 caracteres');
    await reason.fill('Cliente antigo, pagamento antecipado combinado');
    await expect.poll(() => fieldError.count()).toBe(0);
    await ctx.screenshot('requested-order-credit-dialog-1280');
    await page.keyboard.press('Enter');
    await expect.poll(() => toasts(page)).toContain('Pedido aprovado.');
    await expect.poll(() => status(page)).toBe('Aprovado');
    await expect.poll(() => page.getByTestId('credit-refusal').count()).toBe(0);
    await expect
      .poll(() => page.getByTestId('timeline-credit-release').allTextContents())
      .toEqual([
        'Crédito liberado (limite de crédito excedido). Motivo: Cliente antigo, pagamento antecipado combinado',
      ]);
    await settled(page);
    await page
      .getByTestId('document-timeline')
      .evaluate((timeline) =>
        window.scrollTo(0, timeline.getBoundingClientRect().top + window.scrollY - 300),
      );
    await ctx.screenshot('requested-order-credit-released-1280');

    // At 375 px: an overdue client's refusal lists the bill, and the form shows the credit.
    const late = await scene.order(scene.late);
    await page.setViewportSize(PHONE);
    await page.goto(`/requestedorders/${late.id}`);
    await page.getByTestId('action-approve').click();
    await page.getByTestId('credit-refusal').waitFor();
    const bills = page.getByTestId('credit-overdue-bills');
    await expect.poll(() => bills.textContent()).toContain(`DOC-${RUN}`);
    expect(await bills.textContent()).toContain(formatPlainDate(scene.dueDate));
    expect(await bills.textContent()).toContain('R$ 30,00');
    expect(await page.getByTestId('credit-release').count()).toBe(1);
    await settled(page);
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
    await ctx.screenshot('requested-order-credit-refused-375', true);
    await page.goto('/requestedorders/new');
    await pick(page, 'Cliente', OVERDUE);
    await page.getByTestId('client-credit').waitFor();
    await settled(page);
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
    await ctx.screenshot('requested-order-credit-form-375');

    // Whoever may not release credit sees the refusal without the button.
    await page.setViewportSize(DESKTOP);
    await signIn(page, CLERK.email, CLERK.password);
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`/requestedorders/${late.id}`);
    await page.getByTestId('action-approve').click();
    await page.getByTestId('credit-refusal').waitFor();
    await expect.poll(() => text(page, 'credit-refusal')).toContain('título vencido');
    expect(await page.getByTestId('credit-release').count()).toBe(0);
    expect(await text(page, 'credit-refusal')).toContain(
      'Somente quem pode liberar crédito consegue aprovar este pedido agora.',
    );
    expect(await status(page)).toBe('Aberto');
    await settled(page);
    await ctx.screenshot('requested-order-credit-no-release-1280');
  });
});
