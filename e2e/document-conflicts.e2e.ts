import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { errorMessages } from '../src/shared/error-codes.js';
import { messages } from '../src/shared/messages.js';
import { signInAsAdmin, useBrowser } from './support/browser.js';
import { newDocument, ok, seedDocuments, type DocumentScene } from './support/documents.js';

/**
 * One 409 policy for the document forms (issue 17 §5): a save over someone else's shows
 * the standard message with "Recarregar", and a save of a document that moved on (approved,
 * started, cancelled in another tab) shows why it cannot be saved, both in the same Alert above
 * the form, never a toast, and the form keeps what was typed.
 */
const ctx = useBrowser();
const PHONE = { width: 375, height: 740 };

/** Names of this run's own: the browser tests share one server and database, kept across runs. */
const RUN = Date.now().toString(36).slice(-6).toUpperCase();

const toasts = (page: Page) => page.locator('.ant-notification-notice').allTextContents();
const refusal = (page: Page) => page.getByTestId('save-refusal');
const notes = (page: Page, label = 'Observações') => page.getByLabel(label, { exact: true });

type Scene = DocumentScene;
let scene: Scene | undefined;
const seeded = async (page: Page) => (scene ??= await seedDocuments(page, `409 ${RUN}`, `C${RUN}`));

/**
 * A document of each kind: how to make one, where its form is, someone else's save (a note), and
 * the action that moves it on in "another tab", with the status's label it ends in.
 */
interface DocumentCase {
  name: string;
  create: (page: Page, scene: Scene) => Promise<number>;
  editPath: (id: number) => string;
  /** The free-text field typed into ("Observações" unless told). */
  notesLabel?: string;
  saveElsewhere: (page: Page, scene: Scene, id: number) => Promise<void>;
  /**
   * None for an invoice: it moves on only by being issued, which needs the company's certificate
   * and fiscal data (invoices.e2e.ts shows that screen's refusals).
   */
  moveOn?: (page: Page, id: number) => Promise<string>;
}

const documents: DocumentCase[] = [
  {
    name: 'purchase order',
    create: newDocument.purchaseOrder,
    editPath: (id) => `/purchaseorders/${id}/edit`,
    saveElsewhere: async (page, s, id) => {
      const current = await ok(page, 'GET', `/purchase-orders/${id}`);
      await ok(page, 'PUT', `/purchase-orders/${id}`, {
        ...current,
        notes: 'Alterada por outra pessoa',
        items: [{ itemId: s.feedstockId, quantity: '3', unitPrice: '10.00' }],
      });
    },
    moveOn: async (page, id) => {
      await ok(page, 'POST', `/purchase-orders/${id}/approve`, {});
      return 'Aprovada';
    },
  },
  {
    name: 'production order',
    create: newDocument.productionOrder,
    editPath: (id) => `/productionorders/${id}/edit`,
    saveElsewhere: async (page, _s, id) => {
      const current = await ok(page, 'GET', `/production-orders/${id}`);
      await ok(page, 'PUT', `/production-orders/${id}`, {
        quantity: current.quantity,
        plannedStart: current.plannedStart,
        plannedEnd: current.plannedEnd,
        sourceLocationId: current.sourceLocationId,
        targetLocationId: current.targetLocationId,
        notes: 'Alterada por outra pessoa',
        version: current.version,
      });
    },
    moveOn: async (page, id) => {
      await ok(page, 'POST', `/production-orders/${id}/start`, {});
      return 'Em produção';
    },
  },
  {
    name: 'bill',
    create: newDocument.billToPay,
    editPath: (id) => `/billstopay/${id}/edit`,
    saveElsewhere: async (page, _s, id) => {
      const current = await ok(page, 'GET', `/bills-to-pay/${id}`);
      await ok(page, 'PUT', `/bills-to-pay/${id}`, {
        description: current.description,
        issueDate: current.issueDate,
        dueDate: current.dueDate,
        categoryId: current.categoryId,
        amount: current.amount,
        notes: 'Alterada por outra pessoa',
        version: current.version,
      });
    },
    moveOn: async (page, id) => {
      await ok(page, 'POST', `/bills-to-pay/${id}/cancel`, {});
      return 'Cancelada';
    },
  },
  {
    name: 'invoice',
    create: newDocument.invoice,
    editPath: (id) => `/invoices/${id}/edit`,
    notesLabel: 'Informações complementares',
    saveElsewhere: async (page, s, id) => {
      const current = await ok(page, 'GET', `/invoices/${id}`);
      await ok(page, 'PUT', `/invoices/${id}`, {
        fiscalOperationId: current.fiscalOperationId,
        supplierId: current.supplierId,
        issueDate: current.issueDate,
        locationId: current.locationId,
        additionalInfo: 'Alterada por outra pessoa',
        items: [{ itemId: s.feedstockId, quantity: '3', unitPrice: '10.00' }],
        version: current.version,
      });
    },
  },
];

/** Opens the document's form and types a note, as the user whose save will be refused. */
async function openAndType(page: Page, document: DocumentCase, id: number, note: string) {
  await page.goto(document.editPath(id));
  await notes(page, document.notesLabel).waitFor();
  await notes(page, document.notesLabel).fill(note);
}

describe('A refused save of a document form in Chromium', () => {
  it('a stale edit shows the same message the same way on the four documents, and Recarregar takes the other save', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const s = await seeded(page);
    for (const document of documents) {
      const id = await document.create(page, s);
      await openAndType(page, document, id, `Minha nota ${document.name}`);
      await document.saveElsewhere(page, s, id);
      await page.getByRole('button', { name: 'Salvar' }).click();

      await expect.poll(() => refusal(page).count(), { timeout: 10_000 }).toBe(1);
      expect(await refusal(page).textContent(), document.name).toContain(
        messages.errors.staleVersion,
      );
      expect(await refusal(page).getByRole('button', { name: 'Recarregar' }).count()).toBe(1);
      expect(await notes(page, document.notesLabel).inputValue(), document.name).toBe(
        `Minha nota ${document.name}`,
      );
      expect(await toasts(page), document.name).toEqual([]);

      await refusal(page).getByRole('button', { name: 'Recarregar' }).click();
      await expect
        .poll(() => notes(page, document.notesLabel).inputValue())
        .toBe('Alterada por outra pessoa');
      expect(await refusal(page).count()).toBe(0);
    }
  });

  it('an edit of a document that moved on in another tab says so above the form on the three documents, never as a toast', async () => {
    const { page } = ctx;
    // Going to the next form leaves this one with what was typed: the browser's question is
    // answered "leave".
    page.on('dialog', (dialog) => void dialog.accept());
    await signInAsAdmin(page);
    const s = await seeded(page);
    const movable = documents.flatMap((d) => (d.moveOn ? [{ ...d, moveOn: d.moveOn }] : []));
    for (const [index, document] of movable.entries()) {
      const id = await document.create(page, s);
      if (index === movable.length - 1) await page.setViewportSize(PHONE);
      await openAndType(page, document, id, `Minha nota ${document.name}`);
      const status = await document.moveOn(page, id);
      await page.getByRole('button', { name: 'Salvar' }).click();

      await expect.poll(() => refusal(page).count(), { timeout: 10_000 }).toBe(1);
      expect(await refusal(page).textContent(), document.name).toContain(
        errorMessages.INVALID_STATUS(status),
      );
      // No reload makes it editable again: nothing to reload is offered.
      expect(await refusal(page).getByRole('button', { name: 'Recarregar' }).count()).toBe(0);
      expect(await notes(page).inputValue(), document.name).toBe(`Minha nota ${document.name}`);
      expect(await toasts(page), document.name).toEqual([]);
      // The Alert is brought on screen, not left above a form scrolled past it.
      const onScreen = async () => {
        const box = await refusal(page).boundingBox();
        return !!box && box.y >= 0 && box.y < page.viewportSize()!.height;
      };
      await expect.poll(onScreen, { message: document.name }).toBe(true);
      await ctx.screenshot(`document-moved-on-${document.name.replace(' ', '-')}`);
    }
  });
});
