import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pageApi, signInAsAdmin, useBrowser } from './support/browser.js';

/**
 * A list's rows carry its columns only; the form reads the record. In Chromium: the clients' and
 * products' lists show every column from the summary rows the API answers, and each form shows
 * the fields no column has, read from GET /:id.
 */
const ctx = useBrowser();

const rows = (page: Page) => page.getByTestId('resource-table').locator('tbody tr.ant-table-row');

/** The JSON of the next list page the screen asks for under `path` (`/api/v1/clients?`). */
function nextListAnswer(page: Page, path: string) {
  return page
    .waitForResponse((response) => response.url().includes(path) && response.status() === 200)
    .then((response) => response.json() as Promise<{ items: Record<string, unknown>[] }>);
}

describe('lists of summaries in Chromium', () => {
  it('shows a client’s columns from its summary row and the rest of it in the form', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const created = await pageApi(page, 'POST', '/clients', {
      personType: 'F',
      document: '390.533.447-05',
      name: 'Iracema Resumo Lista',
      tradeName: 'Ateliê Iracema',
      email: 'iracema@exemplo.com.br',
      phone: '(11) 3456-7890',
      mobile: '(11) 98765-4321',
      creditLimit: '2500.00',
      notes: 'Prefere entrega pela manhã',
      address: {
        zipCode: '01310-100',
        street: 'Avenida Paulista',
        number: '1000',
        district: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const answer = nextListAnswer(page, '/api/v1/clients?');
    await page.goto('/client?q=iracema%20resumo');
    const [row] = (await answer).items;
    // The row is the summary: the columns, nothing the list does not show.
    expect(Object.keys(row!).sort()).toEqual(
      ['id', 'name', 'document', 'personType', 'address', 'phone', 'active'].sort(),
    );
    expect(row!.address).toEqual({ city: 'São Paulo', state: 'SP' });
    await expect.poll(() => rows(page).count()).toBe(1);
    const text = await rows(page).first().textContent();
    for (const shown of ['Iracema Resumo Lista', '390.533.447-05', 'São Paulo', 'SP']) {
      expect(text).toContain(shown);
    }
    expect(text).toContain('3456-7890');
    await ctx.screenshot('list-summaries-clients-1280');

    await page.getByRole('link', { name: 'Iracema Resumo Lista' }).click();
    await page.waitForURL(/\/client\/\d+$/);
    await expect.poll(() => page.getByLabel('E-mail').inputValue()).toBe('iracema@exemplo.com.br');
    expect(await page.getByLabel('Nome fantasia').inputValue()).toBe('Ateliê Iracema');
    expect(await page.getByLabel('Logradouro').inputValue()).toBe('Avenida Paulista');
    expect(await page.getByLabel('Observações').inputValue()).toBe('Prefere entrega pela manhã');
    expect(await page.getByLabel('Limite de crédito').inputValue()).toContain('2.500,00');
  });

  it('shows a product’s columns from its summary row and its fiscal fields in the form', async () => {
    const { page } = ctx;
    await signInAsAdmin(page);
    const units = await pageApi(page, 'GET', '/units-of-measurement?q=UN&pageSize=100');
    const un = (units.body.items as { id: number; code: string }[]).find((u) => u.code === 'UN')!;
    const created = await pageApi(page, 'POST', '/products', {
      code: 'RES-LISTA-1',
      name: 'Camisa Resumo Lista',
      description: 'Camisa de algodão, gola padre',
      origin: 'RESALE',
      unitId: un.id,
      ncm: '6105.10.00',
      salePrice: '89.90',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const answer = nextListAnswer(page, '/api/v1/products?');
    await page.goto('/product?q=RES-LISTA-1');
    const [row] = (await answer).items;
    expect(row).toMatchObject({ code: 'RES-LISTA-1', unitCode: 'UN', hasBillOfMaterials: false });
    expect(row).not.toHaveProperty('description');
    expect(row).not.toHaveProperty('components');
    await expect.poll(() => rows(page).count()).toBe(1);
    const text = await rows(page).first().textContent();
    for (const shown of ['RES-LISTA-1', 'Camisa Resumo Lista', 'Revenda', 'UN', '89,90']) {
      expect(text).toContain(shown);
    }

    await page.getByRole('link', { name: 'Camisa Resumo Lista' }).click();
    await page.waitForURL(/\/product\/\d+$/);
    await expect
      .poll(() => page.getByLabel('Descrição').inputValue())
      .toBe('Camisa de algodão, gola padre');
    expect(await page.getByLabel('NCM').inputValue()).toContain('6105');
  });
});
