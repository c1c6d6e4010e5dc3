import { expect } from 'vitest';
import type { TestApi } from '../../../testing/api-app.js';
import { multipart } from '../../../testing/multipart.js';
import { createCategory, createPaymentMethod } from '../../finance/testing/finance-factories.js';
import { testClientCa } from '../../nfe/testing/sefaz-test-ca.js';
import { makePfx, makeTestCertificate } from '../../nfe/testing/test-certificate.js';
import {
  createItem,
  createLocation,
  createUnit,
} from '../../purchase-orders/testing/purchase-fixtures.js';

/**
 * What the invoices' tests need: a company ready to issue (CNPJ, IE, São Paulo address with its
 * IBGE code, an A1 certificate of its CNPJ), a client with a full address, products with NCM and
 * stock, an INCOME category, a method of payment and the seeded natures of operation.
 */
export const COMPANY_CNPJ = '11222333000181';
const PASSWORD = 'S3nha-do-Certificado!';
/**
 * Made once per test file (generating the key is the slow part), issued by the CA the test app's
 * SEFAZ double accepts.
 */
export const companyCertificate = makeTestCertificate({
  cnpj: COMPANY_CNPJ,
  issuer: testClientCa(),
});

const SAO_PAULO = { city: 'São Paulo', state: 'SP', cityCode: '3550308' };

export async function readyCompany(api: TestApi, changes: Record<string, unknown> = {}) {
  const token = await api.adminToken();
  const current = (await api.request({ method: 'GET', url: '/api/v1/company', token })).json();
  const saved = await api.request({
    method: 'PUT',
    url: '/api/v1/company',
    token,
    payload: {
      ...current,
      legalName: 'Confecções Exemplo Ltda',
      cnpj: COMPANY_CNPJ,
      stateRegistration: '110042490114',
      address: {
        zipCode: '01310100',
        street: 'Avenida Paulista',
        number: '1000',
        complement: null,
        district: 'Bela Vista',
        ...SAO_PAULO,
      },
      ...changes,
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const uploaded = await api.request({
    method: 'POST',
    url: '/api/v1/company/certificate',
    token,
    ...multipart('a1.pfx', makePfx(companyCertificate, PASSWORD), 'file', { password: PASSWORD }),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
}

let counter = 0;

/** A client (a company, taxpayer) with a full address in `uf` (São Paulo by default). */
export async function createInvoiceClient(
  api: TestApi,
  address: Record<string, unknown> = SAO_PAULO,
): Promise<{ id: number; name: string }> {
  counter += 1;
  const { cnpjFrom } = await import('../../../testing/documents.js');
  const created = await api.request({
    method: 'POST',
    url: '/api/v1/clients',
    token: await api.adminToken(),
    payload: {
      personType: 'J',
      document: cnpjFrom(String(process.pid * 1000 + counter).padStart(12, '0')),
      name: `Loja Cliente ${counter}`,
      stateRegistration: '110042490114',
      address: {
        zipCode: '01430001',
        street: 'Avenida Brasil',
        number: String(100 + counter),
        district: 'Jardim América',
        ...address,
      },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json();
}

/** Everything an invoice names, with `stock` units of each product at the location. */
export async function invoiceFixture(api: TestApi, stock = '1000') {
  const db = api.db;
  const un = await createUnit(db, 0);
  const location = await createLocation(db, { isDefault: true });
  const products = [];
  for (const [name, price, ncm] of [
    ['Camiseta básica', '49.90', '61091000'],
    ['Calça jeans', '129.00', '62034200'],
  ] as const) {
    const item = await createItem(db, {
      kind: 'PRODUCT',
      origin: 'MANUFACTURED',
      unitId: un,
      name,
    });
    await db
      .updateTable('items')
      .set({ ncm, salePrice: price })
      .where('id', '=', item.id)
      .execute();
    products.push({ ...item, price });
  }
  const token = await api.adminToken();
  for (const product of products) {
    const entry = await api.request({
      method: 'POST',
      url: '/api/v1/stock-movements',
      token,
      payload: {
        type: 'IN',
        itemId: product.id,
        toLocationId: location.id,
        quantity: stock,
        unitCost: '20.00',
      },
    });
    expect(entry.statusCode, entry.body).toBe(201);
  }
  const operations = await db.selectFrom('fiscalOperations').select(['id', 'name']).execute();
  const operation = (start: string) => operations.find((op) => op.name.startsWith(start))!.id;
  return {
    location,
    products,
    client: await createInvoiceClient(api),
    income: await createCategory(db, 'INCOME'),
    method: await createPaymentMethod(db, 'RECEIVE', { kind: 'BOLETO' }),
    sale: operation('Venda de produção'),
    resale: operation('Venda de mercadoria'),
    purchaseReturn: operation('Devolução de compra'),
    salesReturn: operation('Devolução de venda'),
  };
}

export type InvoiceFixture = Awaited<ReturnType<typeof invoiceFixture>>;

/** A sale's draft input: two lines, freight and discount spread over them, 2 installments. */
export function saleInput(fx: InvoiceFixture, changes: Record<string, unknown> = {}) {
  return {
    fiscalOperationId: fx.sale,
    clientId: fx.client.id,
    issueDate: '2026-11-20',
    locationId: fx.location.id,
    paymentMethodId: fx.method.id,
    categoryId: fx.income.id,
    installments: 2,
    freight: '15.00',
    discount: '10.00',
    items: [
      { itemId: fx.products[0]!.id, quantity: '3' },
      { itemId: fx.products[1]!.id, quantity: '2', unitPrice: '120.00' },
    ],
    ...changes,
  };
}
