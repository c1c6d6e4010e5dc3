import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { todayInSaoPaulo } from '../src/shared/plain-date.js';
import { cnpjFrom } from '../src/server/testing/documents.js';
import { pageApi, pageBytes, SCREENSHOTS, signInAsAdmin, useBrowser } from './support/browser.js';
import { openFromMenu } from './support/menu.js';
import { pick } from './support/select.js';

const ctx = useBrowser();
const PHONE = { width: 375, height: 740 };

/** Names of this run's own: the browser tests share one server and database, kept across runs. */
const RUN = Date.now().toString(36).slice(-6).toUpperCase();
const SUPPLIER = `Fornecedor OC ${RUN}`;
const LINHA = { code: `OCL${RUN}`, name: `Linha compra ${RUN}` };
const BOTAO = { code: `OCB${RUN}`, name: `Botão compra ${RUN}` };

const toasts = (page: Page) => page.locator('.ant-notification-notice').allTextContents();
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const status = (page: Page) =>
  page.getByTestId('order-number').locator('xpath=..').getByTestId('document-status').textContent();
const lineRows = (page: Page) => page.getByTestId('order-lines').locator('tbody tr.ant-table-row');
const timeline = (page: Page) => page.getByTestId('timeline-entry').allTextContents();
/** Tables and spinners have settled and antd's fades are over: the picture shows the page. */
async function settled(page: Page) {
  await expect.poll(() => page.locator('.ant-spin-spinning').count()).toBe(0);
  await page.waitForTimeout(400);
}

async function created(page: Page, url: string, body: unknown): Promise<Record<string, unknown>> {
  const answer = await pageApi(page, 'POST', url, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as Record<string, unknown>;
}

/**
 * A supplier and two feedstocks (it is their default supplier); LINHA was bought once already
 * at R$ 12,50 (an order received through the API), so the form offers that price.
 */
async function seed(page: Page) {
  const digits = String(Date.now()).slice(-10);
  const supplier = await created(page, '/suppliers', {
    personType: 'J',
    name: SUPPLIER,
    document: cnpjFrom(`77${digits}`),
  });
  const unit = await created(page, '/units-of-measurement', {
    code: `U${RUN.slice(-5)}`,
    decimals: 3,
  });
  const feedstock = (item: { code: string; name: string }) =>
    created(page, '/feedstocks', {
      ...item,
      unitId: unit.id,
      defaultSupplierId: supplier.id,
      minimumStock: '50',
    });
  const linha = await feedstock(LINHA);
  await feedstock(BOTAO);
  const categories = await pageApi(page, 'GET', '/financial-categories?kind=EXPENSE&pageSize=100');
  // The default location, where a new order's goods arrive.
  const location = await created(page, '/stock-locations', {
    name: `Almoxarifado OC ${RUN}`,
    isDefault: true,
  });
  const first = await created(page, '/purchase-orders', {
    supplierId: supplier.id,
    orderDate: todayInSaoPaulo(),
    locationId: location.id,
    categoryId: (categories.body.items as { id: number }[])[0]!.id,
    items: [{ itemId: linha.id, quantity: '1', unitPrice: '12.50' }],
  });
  expect((await pageApi(page, 'POST', `/purchase-orders/${first.id}/approve`, {})).status).toBe(
    200,
  );
  const received = await pageApi(page, 'POST', `/purchase-orders/${first.id}/receive`, {
    date: todayInSaoPaulo(),
    lines: [{ itemId: linha.id, quantity: '1' }],
  });
  expect(received.status, JSON.stringify(received.body)).toBe(201);
  return {
    linhaId: linha.id as number,
    supplierId: supplier.id as number,
    locationId: location.id as number,
    categoryId: (categories.body.items as { id: number }[])[0]!.id,
  };
}

/** Made once per run: the second test reads what the first made. */
let scene: Awaited<ReturnType<typeof seed>> | undefined;
const seeded = async (page: Page) => (scene ??= await seed(page));

/** Sets the quantity of the receive dialog's line for `item`. */
async function receiveQuantity(page: Page, item: string, quantity: string) {
  const input = page.getByLabel(`Receber agora, ${item}`, { exact: true });
  await input.click();
  await input.fill(quantity);
}

describe('Ordens de Compra in Chromium', () => {
  it('creates an order with two lines, approves it, receives it in two parts and shows the stock, the bills and the PDF', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const scene = await seeded(page);

    await openFromMenu(page, 'Movimentações', 'Ordens de Compra');
    await page.waitForURL(/\/purchaseorders$/);
    await page.getByTestId('new-button').click();
    await page.waitForURL(/\/purchaseorders\/new$/);
    await page.getByTestId('order-totals').waitFor();
    await settled(page);
    await pick(page, 'Fornecedor', SUPPLIER);

    // The first line's item brings its last purchase price.
    await pick(page, 'Item, linha 1', LINHA.code);
    await expect.poll(() => page.getByLabel('Preço unitário, linha 1').inputValue()).toBe('12,50');
    await page.getByLabel('Quantidade, linha 1').fill('10');
    await page.getByRole('button', { name: 'Adicionar item' }).click();
    await pick(page, 'Item, linha 2', BOTAO.code);
    expect(await page.getByLabel('Preço unitário, linha 2').inputValue()).toBe('');
    await page.getByLabel('Quantidade, linha 2').fill('5');
    await page.getByLabel('Preço unitário, linha 2').fill('4,00');
    await page.getByLabel('Frete', { exact: true }).fill('15,00');
    await page.getByLabel('Desconto', { exact: true }).fill('5,00');
    await page.getByLabel('Desconto', { exact: true }).blur();

    // Live totals: 10 × 12,50 + 5 × 4,00 = 145,00; + 15,00 − 5,00 = 155,00.
    await expect.poll(() => page.getByTestId('line-total-0').textContent()).toBe('R$ 125,00');
    await expect.poll(() => page.getByTestId('line-total-1').textContent()).toBe('R$ 20,00');
    await expect.poll(() => page.getByTestId('total-lines').textContent()).toContain('R$ 145,00');
    await expect.poll(() => page.getByTestId('total-order').textContent()).toContain('R$ 155,00');
    await ctx.screenshot('purchase-order-form-1280', true);

    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/purchaseorders\/\d+$/);
    await expect.poll(() => toasts(page)).toContain('Ordem de compra criada.');
    const number = (await page.getByTestId('order-number').textContent())!;
    expect(number).toMatch(/^OC-\d{6}$/);
    expect(await status(page)).toBe('Rascunho');
    expect(await page.getByTestId('order-total').textContent()).toContain('R$ 155,00');
    // A draft: edit, delete, cancel and approve; nothing to receive yet.
    expect(await page.getByTestId('action-receive').count()).toBe(0);
    expect(await page.getByTestId('action-edit').count()).toBe(1);

    await page.getByTestId('action-approve').click();
    await expect.poll(() => status(page)).toBe('Aprovada');
    expect(await page.getByTestId('action-approve').count()).toBe(0);
    expect(await page.getByTestId('action-edit').count()).toBe(0);
    expect(await page.getByTestId('action-close').count()).toBe(0);

    // First part: 4 of LINHA, nothing of BOTAO.
    await page.getByTestId('action-receive').click();
    await page.getByLabel(`Receber agora, ${LINHA.name}`).waitFor();
    expect(await page.getByLabel(`Receber agora, ${LINHA.name}`).inputValue()).toBe('10,000');
    await receiveQuantity(page, LINHA.name, '4');
    await receiveQuantity(page, BOTAO.name, '0');
    await page.getByLabel('Nota fiscal do fornecedor').fill(`NF${RUN}`);
    await ctx.screenshot('purchase-order-receive-1280');
    await page.getByTestId('receive-submit').click();
    await expect.poll(() => toasts(page)).toContain('Recebimento registrado.');
    await expect.poll(() => status(page)).toBe('Recebida parcialmente');
    const linha = lineRows(page).filter({ hasText: LINHA.code });
    await expect.poll(() => linha.textContent()).toContain('6,000');

    // More than is left is refused next to the line's quantity, nothing received.
    await page.getByTestId('action-receive').click();
    await page.getByLabel(`Receber agora, ${LINHA.name}`).waitFor();
    expect(await page.getByLabel(`Receber agora, ${LINHA.name}`).inputValue()).toBe('6,000');
    await receiveQuantity(page, LINHA.name, '7');
    await page.getByTestId('receive-submit').click();
    await expect
      .poll(() =>
        page
          .getByTestId('receive-dialog')
          .locator('.ant-form-item-explain-error')
          .allTextContents(),
      )
      .toEqual([expect.stringContaining('6,000')]);
    await page.waitForTimeout(400);
    await ctx.screenshot('purchase-order-over-receipt-1280');

    // The rest: the order is received.
    await receiveQuantity(page, LINHA.name, '6');
    await page.getByTestId('receive-submit').click();
    await expect.poll(() => status(page)).toBe('Recebida');
    await expect
      .poll(() => page.getByTestId('document-actions').getByRole('button').allTextContents())
      .toEqual(['Voltar', 'Imprimir']);
    const receipts = page.getByTestId('order-receipts').locator('tbody tr.ant-table-row');
    await expect.poll(() => receipts.count()).toBe(2);
    await expect
      .poll(() => timeline(page))
      .toEqual([
        expect.stringMatching(/^Criada por .+ em \d\d\/\d\d\/\d{4} \d\d:\d\d/),
        expect.stringContaining('Aprovada por'),
        expect.stringContaining('Recebimento por'),
        expect.stringContaining('Recebimento por'),
      ]);
    expect((await timeline(page))[2]).toContain('Recebida parcialmente');
    expect((await timeline(page))[2]).toContain(`NF ${`NF${RUN}`}`);
    await settled(page);
    await ctx.screenshot('purchase-order-received-1280', true);

    // The PDF, fetched with the token and opened in a tab.
    const [pdfResponse, tab] = await Promise.all([
      page.waitForResponse((response) => /\/purchase-orders\/\d+\/pdf$/.test(response.url())),
      page.context().waitForEvent('page'),
      page.getByTestId('print-order').click(),
    ]);
    expect(pdfResponse.status()).toBe(200);
    expect(pdfResponse.headers()['content-type']).toContain('application/pdf');
    await expect.poll(() => tab.url()).toMatch(/^blob:/);
    await tab.close();
    // The same PDF, read through the API with the page's token, to look at.
    const fetched = await pageBytes(page, new URL(pdfResponse.url()).pathname);
    expect(fetched.type).toContain('application/pdf');
    const pdf = fetched.body;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    const pdfFile = path.join(SCREENSHOTS, 'purchase-order.pdf');
    fs.writeFileSync(pdfFile, pdf);
    const text = execFileSync('pdftotext', [pdfFile, '-']).toString();
    for (const expected of [number, SUPPLIER, LINHA.name, BOTAO.name, '155,00'])
      expect(text).toContain(expected);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '80',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      pdfFile,
      path.join(SCREENSHOTS, 'purchase-order-pdf'),
    ]);
    expect(fs.existsSync(path.join(SCREENSHOTS, 'purchase-order-pdf.png'))).toBe(true);

    // The bills to pay of the order: one per receipt, adding up to the order's total.
    await page.getByTestId('order-bills-link').click();
    await page.waitForURL(/\/billstopay\?/);
    const bills = page.getByTestId('bills-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => bills.count()).toBe(2);
    for (const text of await bills.allTextContents()) expect(text).toContain(number);
    await expect
      .poll(() => page.getByTestId('bill-total-open').textContent())
      .toContain('R$ 155,00');
    await settled(page);
    await ctx.screenshot('purchase-order-bills-1280');

    // The stock: all 10 of LINHA (and the 1 of the first order), all 5 of BOTAO.
    await page.goto(`/stockitems?q=${RUN}`);
    const stock = page.getByTestId('stock-items-table').locator('tbody tr.ant-table-row');
    await expect.poll(() => stock.count()).toBe(2);
    await expect
      .poll(() => stock.filter({ hasText: LINHA.code }).textContent())
      .toContain('11,000');
    expect(await stock.filter({ hasText: BOTAO.code }).textContent()).toContain('5,000');
    await settled(page);
    await ctx.screenshot('purchase-order-stock-1280');

    // The list filtered by status, then the phone.
    const rows = page.getByTestId('purchase-orders-table').locator('tbody tr.ant-table-row');
    await page.goto(`/purchaseorders?q=${number}&status=DRAFT,APPROVED`);
    await expect.poll(() => page.locator('.ant-empty').count()).toBe(1);
    expect(await rows.count()).toBe(0);
    await page.goto(`/purchaseorders?q=${number}&status=PARTIALLY_RECEIVED,RECEIVED`);
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Recebida');
    await settled(page);
    await ctx.screenshot('purchase-orders-1280');

    await page.setViewportSize(PHONE);
    await settled(page);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    // Two columns on a phone: the order, and its total with the status under it.
    expect(await page.getByTestId('purchase-orders-table').locator('thead th').count()).toBe(2);
    await ctx.screenshot('purchase-orders-375');
    await rows.first().click();
    await page.waitForURL(/\/purchaseorders\/\d+$/);
    await settled(page);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await ctx.screenshot('purchase-order-375', true);

    // "Comprar" from a feedstock below its minimum (11 of 50): a new order with the 39 missing,
    // from its default supplier.
    await page.goto(`/feedstock/${scene.linhaId}`);
    await page.getByTestId('buy-feedstock').click();
    await page.waitForURL(/\/purchaseorders\/new\?itemId=\d+&quantity=39$/);
    await expect.poll(() => page.getByLabel('Quantidade, linha 1').inputValue()).toBe('39');
    await expect
      .poll(() =>
        page.locator('.ant-form-item').filter({ hasText: 'Fornecedor' }).first().textContent(),
      )
      .toContain(SUPPLIER);
    await expect.poll(() => page.locator('[data-line="0"]').textContent()).toContain(LINHA.code);
    await settled(page);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await ctx.screenshot('purchase-order-form-375', true);
  });

  it('says why an action was refused when someone else moved the order first, cancels with a confirmation and keeps an edit typed over a stale version', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const { linhaId, supplierId, locationId, categoryId } = await seeded(page);
    const draft = () =>
      created(page, '/purchase-orders', {
        supplierId,
        orderDate: todayInSaoPaulo(),
        locationId,
        categoryId,
        items: [{ itemId: linhaId, quantity: '2', unitPrice: '10.00' }],
      });

    const order = await draft();
    await page.goto(`/purchaseorders/${order.id}`);
    await expect.poll(() => status(page)).toBe('Rascunho');
    // Someone else approves it while the screen still shows the draft.
    const approved = await pageApi(page, 'POST', `/purchase-orders/${order.id}/approve`, {});
    expect(approved.status).toBe(200);
    await page.getByTestId('action-approve').click();
    await expect.poll(() => page.getByTestId('document-action-error').textContent()).toMatch(/\S/);
    // The screen reads the order again: approved, with what that status allows.
    await expect.poll(() => status(page)).toBe('Aprovada');
    await expect
      .poll(() => page.getByTestId('document-actions').getByRole('button').allTextContents())
      .toEqual(['Voltar', 'Imprimir', 'Cancelar', 'Receber']);
    await settled(page);
    await ctx.screenshot('purchase-order-refused-1280');

    // The receive dialog fits a phone.
    await page.setViewportSize(PHONE);
    await page.getByTestId('action-receive').click();
    await page.getByLabel(`Receber agora, ${LINHA.name}`).waitFor();
    await page.waitForTimeout(400);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await ctx.screenshot('purchase-order-receive-375');
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Cancelar' }).click();
    await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Cancelar asks first; Voltar leaves it as it was.
    await page.getByTestId('action-cancel').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Voltar' }).click();
    expect(await status(page)).toBe('Aprovada');
    await page.getByTestId('action-cancel').click();
    await page.getByTestId('confirm-cancel').click();
    await expect.poll(() => status(page)).toBe('Cancelada');
    await expect.poll(() => toasts(page)).toContain('Ordem de compra cancelada.');
    expect(
      await page.getByTestId('document-actions').getByRole('button').allTextContents(),
    ).toEqual(['Voltar', 'Imprimir']);

    // An edit saved over someone else's: the standard message, what was typed kept.
    const other = await draft();
    await page.goto(`/purchaseorders/${other.id}`);
    await page.getByTestId('action-edit').click();
    await page.waitForURL(/\/purchaseorders\/\d+\/edit$/);
    await expect.poll(() => page.getByLabel('Quantidade, linha 1').inputValue()).toBe('2');
    const current = await pageApi(page, 'GET', `/purchase-orders/${other.id}`);
    const changed = await pageApi(page, 'PUT', `/purchase-orders/${other.id}`, {
      ...current.body,
      notes: 'Alterada por outra pessoa',
      items: [{ itemId: linhaId, quantity: '3', unitPrice: '10.00' }],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await page.getByLabel('Frete', { exact: true }).fill('7,00');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect
      .poll(() => page.locator('.ant-alert').allTextContents())
      .toContainEqual(expect.stringContaining('alterado por outro usuário'));
    expect(await page.getByLabel('Frete', { exact: true }).inputValue()).toBe('7,00');
    await expect.poll(() => page.getByTestId('total-order').textContent()).toContain('R$ 27,00');
    await settled(page);
    await ctx.screenshot('purchase-order-stale-1280');
    // Recarregar: the other person's version, then the save goes through.
    await page.getByRole('button', { name: 'Recarregar' }).click();
    await expect.poll(() => page.getByLabel('Quantidade, linha 1').inputValue()).toBe('3');
    await page.getByLabel('Frete', { exact: true }).fill('7,00');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/purchaseorders\/\d+$/);
    await expect.poll(() => page.getByTestId('order-total').textContent()).toContain('R$ 37,00');
  });

  it('types a line by keyboard: Tab from the item to Quantidade, Enter to the next cell and a new line, never saving the order (issue 16 §3)', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const { linhaId } = await seeded(page);
    // The line starts at LINHA's last purchase price, which the tests above move by receiving it.
    const feedstock = await pageApi(page, 'GET', `/feedstocks/${linhaId}`);
    const lastPrice = Number((feedstock.body as { lastPurchasePrice: string }).lastPurchasePrice);
    const posts: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.method() === 'POST' && pathname === '/api/v1/purchase-orders')
        posts.push(pathname);
    });
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));

    await page.goto('/purchaseorders/new');
    await page.getByTestId('order-totals').waitFor();
    await settled(page);
    await pick(page, 'Fornecedor', SUPPLIER);
    await page.getByLabel('Item, linha 1').click();
    await page.keyboard.type(LINHA.code);
    await expect
      .poll(() => page.locator('.ant-select-dropdown:visible .ant-select-item-option').count())
      .toBe(1);
    await page.keyboard.press('Enter');
    await expect
      .poll(async () =>
        Number((await page.getByLabel('Preço unitário, linha 1').inputValue()).replace(',', '.')),
      )
      .toBe(lastPrice);
    // Tab skips the item's clear (×) button (once the picked item's list has closed, as a
    // person sees it close: an open list takes the Tab itself).
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Quantidade, linha 1');
    await page.keyboard.type('14,20');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Preço unitário, linha 1');
    await page.keyboard.type('13,00');
    // Enter in the last cell adds a line and goes to its item; it saves nothing.
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('Item, linha 2');
    // Enter in a cell before the last goes to the next cell, and saves nothing either.
    await page.getByLabel('Quantidade, linha 1').click();
    await page.keyboard.press('Enter');
    expect(await focused()).toBe('Preço unitário, linha 1');
    await page.waitForTimeout(500);
    expect(posts).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/purchaseorders/new');

    await page.getByRole('button', { name: 'Remover linha 2' }).click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/purchaseorders\/\d+$/);
    expect(posts).toHaveLength(1);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const order = await pageApi(page, 'GET', `/purchase-orders/${id}`);
    const items = (order.body as { items: { quantity: string; unitPrice: string }[] }).items;
    expect(items.map((line) => [Number(line.quantity), Number(line.unitPrice)])).toEqual([
      [14.2, 13],
    ]);
  });
});
