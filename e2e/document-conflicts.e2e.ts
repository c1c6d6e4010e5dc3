import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { errorMessages } from '../src/shared/error-codes.js';
import { messages } from '../src/shared/messages.js';
import { addDays, todayInSaoPaulo } from '../src/shared/plain-date.js';
import { cnpjFrom } from '../src/server/testing/documents.js';
import { pageApi, signInAsAdmin, useBrowser } from './support/browser.js';

/**
 * One 409 policy for the three document forms (issue 17 §5): a save over someone else's shows
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
const notes = (page: Page) => page.getByLabel('Observações', { exact: true });

async function created(page: Page, url: string, body: unknown): Promise<Record<string, unknown>> {
  const answer = await pageApi(page, 'POST', url, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as Record<string, unknown>;
}

async function ok(page: Page, method: string, url: string, body?: unknown) {
  const answer = await pageApi(page, method, url, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Record<string, unknown>;
}

/**
 * What the three documents need: a supplier, a feedstock with stock in a location (so a
 * production order can start), a manufactured product made of it and a leaf expense category.
 */
async function seed(page: Page) {
  const supplier = await created(page, '/suppliers', {
    personType: 'J',
    name: `Fornecedor 409 ${RUN}`,
    document: cnpjFrom(`55${String(Date.now()).slice(-10)}`),
  });
  const unit = await created(page, '/units-of-measurement', {
    code: `C${RUN.slice(-5)}`,
    decimals: 3,
  });
  const location = await created(page, '/stock-locations', { name: `Depósito 409 ${RUN}` });
  const feedstock = await created(page, '/feedstocks', {
    code: `CFT${RUN}`,
    name: `Tecido 409 ${RUN}`,
    unitId: unit.id,
  });
  await created(page, '/stock-movements', {
    type: 'IN',
    itemId: feedstock.id,
    toLocationId: location.id,
    quantity: '100',
    unitCost: '10.00',
  });
  const product = await created(page, '/products', {
    code: `CFP${RUN}`,
    name: `Camisa 409 ${RUN}`,
    origin: 'MANUFACTURED',
    unitId: unit.id,
    components: [{ feedstockId: feedstock.id, quantity: '1', lossPercent: '0' }],
  });
  const categories = await pageApi(page, 'GET', '/financial-categories?kind=EXPENSE&pageSize=100');
  const items = categories.body.items as { id: number; parentId: number | null }[];
  const category = items.find((item) => !items.some((other) => other.parentId === item.id))!;
  return {
    supplierId: supplier.id as number,
    locationId: location.id as number,
    feedstockId: feedstock.id as number,
    productId: product.id as number,
    categoryId: category.id,
  };
}
type Scene = Awaited<ReturnType<typeof seed>>;
let scene: Scene | undefined;
const seeded = async (page: Page) => (scene ??= await seed(page));

/**
 * A document of each kind: how to make one, where its form is, someone else's save (a note), and
 * the action that moves it on in "another tab", with the status's label it ends in.
 */
interface DocumentCase {
  name: string;
  create: (page: Page, scene: Scene) => Promise<number>;
  editPath: (id: number) => string;
  saveElsewhere: (page: Page, scene: Scene, id: number) => Promise<void>;
  moveOn: (page: Page, id: number) => Promise<string>;
}

const documents: DocumentCase[] = [
  {
    name: 'purchase order',
    create: async (page, s) =>
      (
        await created(page, '/purchase-orders', {
          supplierId: s.supplierId,
          orderDate: todayInSaoPaulo(),
          locationId: s.locationId,
          categoryId: s.categoryId,
          items: [{ itemId: s.feedstockId, quantity: '2', unitPrice: '10.00' }],
        })
      ).id as number,
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
    create: async (page, s) =>
      (
        await created(page, '/production-orders', {
          productId: s.productId,
          quantity: '2',
          sourceLocationId: s.locationId,
          targetLocationId: s.locationId,
        })
      ).id as number,
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
    create: async (page, s) => {
      const answer = await created(page, '/bills-to-pay', {
        description: `Conta 409 ${RUN}`,
        issueDate: todayInSaoPaulo(),
        dueDate: addDays(todayInSaoPaulo(), 20),
        categoryId: s.categoryId,
        amount: '80.00',
      });
      return (answer.items as { id: number }[])[0]!.id;
    },
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
];

/** Opens the document's form and types a note, as the user whose save will be refused. */
async function openAndType(page: Page, path: string, note: string) {
  await page.goto(path);
  await notes(page).waitFor();
  await notes(page).fill(note);
}

describe('A refused save of a document form in Chromium', () => {
  it('a stale edit shows the same message the same way on the three documents, and Recarregar takes the other save', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const s = await seeded(page);
    for (const document of documents) {
      const id = await document.create(page, s);
      await openAndType(page, document.editPath(id), `Minha nota ${document.name}`);
      await document.saveElsewhere(page, s, id);
      await page.getByRole('button', { name: 'Salvar' }).click();

      await expect.poll(() => refusal(page).count(), { timeout: 10_000 }).toBe(1);
      expect(await refusal(page).textContent(), document.name).toContain(
        messages.errors.staleVersion,
      );
      expect(await refusal(page).getByRole('button', { name: 'Recarregar' }).count()).toBe(1);
      expect(await notes(page).inputValue(), document.name).toBe(`Minha nota ${document.name}`);
      expect(await toasts(page), document.name).toEqual([]);

      await refusal(page).getByRole('button', { name: 'Recarregar' }).click();
      await expect.poll(() => notes(page).inputValue()).toBe('Alterada por outra pessoa');
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
    for (const [index, document] of documents.entries()) {
      const id = await document.create(page, s);
      if (index === documents.length - 1) await page.setViewportSize(PHONE);
      await openAndType(page, document.editPath(id), `Minha nota ${document.name}`);
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
