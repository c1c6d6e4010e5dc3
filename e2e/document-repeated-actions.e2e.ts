import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { errorMessages } from '../src/shared/error-codes.js';
import { pageApi, signInAsAdmin, useBrowser } from './support/browser.js';
import { newDocument, ok, seedDocuments, type DocumentScene } from './support/documents.js';

/**
 * One way a document's screen says an action was refused (issue 17 §5): "Cancelar" pressed on a
 * purchase order, a production order, a sales order or a bill that another tab has cancelled
 * meanwhile shows the server's 409 INVALID_STATUS under the action bar, the same message the same
 * way on the four,
 * never a toast, and the screen then shows the document as it now is. An action with a dialog
 * (Receber, Concluir, Pagar) says the same above the dialog's fields.
 */
const ctx = useBrowser();
const PHONE = { width: 375, height: 740 };

/** Names of this run's own: the browser tests share one server and database, kept across runs. */
const RUN = Date.now().toString(36).slice(-6).toUpperCase();

const toasts = (page: Page) => page.locator('.ant-notification-notice').allTextContents();

/**
 * A document of each kind that can be cancelled, its API path and its screen's, and its status
 * "cancelled" as its machine says it (a sales order is "Cancelado").
 */
const documents = [
  {
    name: 'purchase order',
    create: newDocument.purchaseOrder,
    apiPath: (id: number) => `/purchase-orders/${id}`,
    screenPath: (id: number) => `/purchaseorders/${id}`,
    cancelled: 'Cancelada',
  },
  {
    name: 'production order',
    create: newDocument.productionOrder,
    apiPath: (id: number) => `/production-orders/${id}`,
    screenPath: (id: number) => `/productionorders/${id}`,
    cancelled: 'Cancelada',
  },
  {
    name: 'sales order',
    create: newDocument.requestedOrder,
    apiPath: (id: number) => `/requested-orders/${id}`,
    screenPath: (id: number) => `/requestedorders/${id}`,
    cancelled: 'Cancelado',
  },
  {
    name: 'bill',
    create: newDocument.billToPay,
    apiPath: (id: number) => `/bills-to-pay/${id}`,
    screenPath: (id: number) => `/billstopay/${id}`,
    cancelled: 'Cancelada',
  },
];

describe('A repeated action on a document in Chromium', () => {
  it('cancelling what another tab cancelled shows the same refusal under the action bar on the four documents', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const scene = await seedDocuments(page, `repetido ${RUN}`, `R${RUN}`);
    for (const [index, document] of documents.entries()) {
      const id = await document.create(page, scene);
      if (index === documents.length - 1) await page.setViewportSize(PHONE);
      await page.goto(document.screenPath(id));
      const cancel = page.getByRole('button', { name: 'Cancelar', exact: true });
      await cancel.waitFor();

      // The other tab cancels first.
      await ok(page, 'POST', `${document.apiPath(id)}/cancel`, {});

      await cancel.click();
      await page.locator('.ant-popconfirm:visible .ant-popconfirm-buttons button').last().click();

      const refusal = page.getByTestId('document-action-error');
      await expect.poll(() => refusal.count(), { timeout: 10_000, message: document.name }).toBe(1);
      expect(await refusal.textContent(), document.name).toContain(
        errorMessages.INVALID_STATUS(document.cancelled),
      );
      expect(await toasts(page), document.name).toEqual([]);
      // The screen reads the document again: cancelled, with nothing left to press.
      await expect
        .poll(() => page.getByTestId('document-status').first().textContent())
        .toBe(document.cancelled);
      expect(await cancel.count(), document.name).toBe(0);
      await expect.poll(() => refusal.isVisible()).toBe(true);
      await ctx.screenshot(`document-repeated-cancel-${document.name.replace(' ', '-')}`);
    }
  });

  it('an action in a dialog on a document another tab cancelled says so atop the dialog on the three documents', async () => {
    const { page } = ctx;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAsAdmin(page);
    const scene = await seedDocuments(page, `diálogo ${RUN}`, `D${RUN}`);
    const accounts = await pageApi(page, 'GET', '/checking-accounts?active=true&pageSize=1');
    const account = (accounts.body.items as { id: number }[])[0]!;
    /** A document whose dialog opens, the button that opens it and the one that sends it. */
    const dialogs = [
      {
        ready: async (s: DocumentScene) => {
          const id = await newDocument.purchaseOrder(page, s);
          await ok(page, 'POST', `/purchase-orders/${id}/approve`, {});
          return id;
        },
        ...documents[0]!,
        open: 'action-receive',
        send: 'receive-submit',
      },
      {
        ready: async (s: DocumentScene) => {
          const id = await newDocument.productionOrder(page, s);
          await ok(page, 'POST', `/production-orders/${id}/start`, {});
          return id;
        },
        ...documents[1]!,
        open: 'action-complete',
        send: 'complete-submit',
      },
      {
        ready: (s: DocumentScene) =>
          newDocument.billToPay(page, s, { checkingAccountId: account.id }),
        ...documents[3]!,
        open: 'settle-button',
        send: 'settle-submit',
      },
    ];
    for (const document of dialogs) {
      const id = await document.ready(scene);
      await page.goto(document.screenPath(id));
      await page.getByTestId(document.open).click();
      const send = page.getByTestId(document.send);
      await send.waitFor();

      // The other tab cancels first.
      await ok(page, 'POST', `${document.apiPath(id)}/cancel`, {});
      await send.click();

      const refusal = page.getByTestId('dialog-refusal');
      await expect.poll(() => refusal.count(), { timeout: 10_000, message: document.name }).toBe(1);
      expect(await refusal.textContent(), document.name).toContain(
        errorMessages.INVALID_STATUS('Cancelada'),
      );
      expect(await toasts(page), document.name).toEqual([]);
      await ctx.screenshot(`document-repeated-dialog-${document.name.replace(' ', '-')}`);
      await page.keyboard.press('Escape');
    }
  });
});
