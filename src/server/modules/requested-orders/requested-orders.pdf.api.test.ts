import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../../testing/api-app.js';
import { userWith } from '../master-data/testing/master-data-helpers.js';
import {
  createInvoiceClientAddress,
  orderFixture,
  orderInput,
  type OrderFixture,
} from './testing/order-fixtures.js';

const api = useTestApi();
const BASE = '/api/v1/requested-orders';
let fx: OrderFixture;

beforeAll(async () => {
  fx = await orderFixture(api);
  await createInvoiceClientAddress(api, fx.client.id);
  await api.db
    .updateTable('clients')
    .set({ document: '11222333000181' })
    .where('id', '=', fx.client.id)
    .execute();
});

async function get(url: string, token?: string) {
  return api.request({ method: 'GET', url, token: token ?? (await api.adminToken()) });
}

/** The PDF's text, as pdftotext reads it (the DANFE's tests read theirs the same way). */
function textOf(pdf: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'requested-order-')), 'order.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
}

describe('the printable order', () => {
  it('is an A4 PDF with the number, the client, the lines, the totals and the terms', async () => {
    const created = await api.request({
      method: 'POST',
      url: BASE,
      token: await api.adminToken(),
      payload: orderInput(fx, { notes: 'Entregar na doca 3; conferência na recepção.' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json();

    const response = await get(`${BASE}/${order.id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="${order.number}.pdf"`);
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');

    const text = textOf(pdf);
    expect(text).toContain(`Pedido de Venda ${order.number}`);
    expect(text).toContain(fx.client.name);
    expect(text).toContain('CNPJ 11.222.333/0001-81');
    expect(text).toContain('Avenida Brasil');
    expect(text).toContain('Situação: Aberto');
    expect(text).toContain('20/11/2026');
    expect(text).toContain('10/12/2026');
    expect(text).toContain(fx.location.name);
    // The lines: 4 shirts at 89,90 less 10 % and 3 caps at 24,00.
    expect(text).toContain('Camisa social');
    expect(text).toContain('R$ 323,64');
    expect(text).toContain('R$ 72,00');
    // The totals: items 395,64 − discount 5,00 + freight 20,00 = 410,64, in 3 instalments.
    expect(text).toContain('Total dos itens R$ 395,64');
    expect(text).toContain('Total do pedido R$ 410,64');
    expect(text).toContain('3 parcelas');
    expect(text).toContain('1/3 R$ 136,88 — 2/3 R$ 136,88 — 3/3 R$ 136,88');
    expect(text).toContain('Entregar na doca 3');
  });

  it('runs its lines over as many pages as they need, the table header on each', async () => {
    const created = await api.request({
      method: 'POST',
      url: BASE,
      token: await api.adminToken(),
      payload: orderInput(fx, {
        discount: '0.00',
        items: Array.from({ length: 50 }, (_, i) => ({
          productId: fx.cap.id,
          quantity: String(i + 1),
        })),
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json();
    const text = textOf((await get(`${BASE}/${order.id}/pdf`)).rawPayload);
    expect(text.match(/Código Produto Un\. Quantidade Preço unit\. Desc\. % Total/g)).toHaveLength(
      2,
    );
    expect(text).toContain(`Pedido de Venda ${order.number} — página 2 de 2`);
    // (1 + … + 50) × 25,00 + 20,00 of freight.
    expect(order.total).toBe('31895.00');
    expect(text).toContain('Total do pedido R$ 31.895,00');
  });

  it('asks requestedOrders:read (403 without) and answers 404 for an unknown order', async () => {
    const created = await api.request({
      method: 'POST',
      url: BASE,
      token: await api.adminToken(),
      payload: orderInput(fx),
    });
    const id = created.json().id as number;
    const outsider = await userWith(api, ['clients:read', 'purchaseOrders:read']);
    expect((await get(`${BASE}/${id}/pdf`, outsider.token)).statusCode).toBe(403);
    const reader = await userWith(api, ['requestedOrders:read']);
    expect((await get(`${BASE}/${id}/pdf`, reader.token)).statusCode).toBe(200);
    expect((await get(`${BASE}/999999/pdf`)).statusCode).toBe(404);
  });
});
