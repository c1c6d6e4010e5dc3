/**
 * What the benchmarks that issue NF-e share: a timed request as the SPA sends it, the company
 * made ready to issue (CNPJ, IE, São Paulo address with its IBGE code, a test A1 certificate
 * uploaded as the Empresa screen uploads it), a taxpayer client with a full address, products
 * with NCM and a sale price written straight into the database (as bench:orders writes its
 * master data) and plenty of their stock entered through the API.
 */
import type pg from 'pg';
import {
  makePfx,
  makeTestCertificate,
} from '../../src/server/modules/nfe/testing/test-certificate.js';
import { testClientCa } from '../../src/server/modules/nfe/testing/sefaz-test-ca.js';
import { headersFor } from './load.js';

export const COMPANY_CNPJ = '11222333000181';
export const CERTIFICATE_PASSWORD = 'senha-do-certificado-bench';
export const CLIENT_CNPJ = '45723174000110';

export const SAO_PAULO = { city: 'São Paulo', state: 'SP', cityCode: '3550308' };
export const companyAddress = {
  zipCode: '01310100',
  street: 'Avenida Paulista',
  number: '1000',
  complement: null,
  district: 'Bela Vista',
  ...SAO_PAULO,
};
export const clientAddress = {
  zipCode: '01430001',
  street: 'Avenida Brasil',
  number: '1500',
  district: 'Jardim América',
  ...SAO_PAULO,
};

/**
 * The benchmark's A1 certificate (a test one), of the company's CNPJ, issued by the CA the
 * SEFAZ double of `startBenchServer(name, { sefaz: true })` accepts.
 */
export const benchCertificate = () =>
  makePfx(
    makeTestCertificate({ cnpj: COMPANY_CNPJ, issuer: testClientCa() }),
    CERTIFICATE_PASSWORD,
  );

/** A request as the SPA sends it, timed from the request to the last byte; 2xx or throws. */
export async function send<T>(
  base: string,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  requestPath: string,
  body?: unknown,
) {
  const started = performance.now();
  const response = await fetch(`${base}${requestPath}`, {
    method,
    headers: {
      ...headersFor(token),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const elapsed = performance.now() - started;
  if (response.status < 200 || response.status > 299) {
    throw new Error(`${method} ${requestPath}: ${response.status} ${text.slice(0, 800)}`);
  }
  return { ms: elapsed, body: JSON.parse(text) as T };
}

/** The company, as the Empresa screen saves it, and its certificate, as it uploads it. */
export async function readyCompany(base: string, token: string, pfx: Buffer) {
  const current = await send<Record<string, unknown>>(base, token, 'GET', '/api/v1/company');
  await send(base, token, 'PUT', '/api/v1/company', {
    ...current.body,
    legalName: 'Confecções Exemplo Ltda',
    tradeName: 'Exemplo',
    cnpj: COMPANY_CNPJ,
    stateRegistration: '110042490114',
    address: companyAddress,
  });
  const form = new FormData();
  form.append('password', CERTIFICATE_PASSWORD);
  form.append('file', new Blob([new Uint8Array(pfx)]), 'a1.pfx');
  const uploaded = await fetch(`${base}/api/v1/company/certificate`, {
    method: 'POST',
    headers: headersFor(token),
    body: form,
  });
  if (uploaded.status !== 200) {
    throw new Error(`certificado: ${uploaded.status} ${await uploaded.text()}`);
  }
}

/** A taxpayer client in São Paulo with its IE, as the client form saves it; answers its id. */
export async function createTaxpayerClient(
  base: string,
  token: string,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const client = await send<{ id: number }>(base, token, 'POST', '/api/v1/clients', {
    personType: 'J',
    document: CLIENT_CNPJ,
    name: 'Loja Cliente do Benchmark Ltda',
    stateRegistration: '110042490114',
    email: 'compras@cliente-bench.com.br',
    address: clientAddress,
    ...extra,
  });
  return client.body.id;
}

/** The n-th product's sale price: R$ 9.90 to R$ 498.90, the same on every run. */
export const priceOf = (n: number) => (9.9 + ((n * 37) % 50) * 9.98).toFixed(2);

/**
 * `count` manufactured products with NCM and sale price, in the database, each with 1,000,000
 * units entered at the default location through the API (as a receipt would post them).
 */
export async function stockedProducts(
  db: pg.Client,
  base: string,
  token: string,
  count: number,
): Promise<{ productIds: number[]; locationId: number }> {
  const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    (await db.query<T>(text, values)).rows[0]!;
  const { userId } = await one<{ userId: number }>('SELECT min(id) AS "userId" FROM users');
  await db.query(
    `INSERT INTO units_of_measurement (code, description, decimals)
     VALUES ('UN', 'Unidade', 0) ON CONFLICT DO NOTHING`,
  );
  const unitId = (
    await one<{ id: number }>("SELECT id FROM units_of_measurement WHERE code = 'UN'")
  ).id;
  const locationId = (await one<{ id: number }>('SELECT id FROM stock_locations WHERE is_default'))
    .id;
  const productIds = (
    await db.query<{ id: number }>(
      `INSERT INTO items (kind, code, name, origin, unit_id, ncm, sale_price, created_by, updated_by)
       SELECT 'PRODUCT', 'PA-' || lpad(i::text, 3, '0'), 'Camiseta básica Mod. ' || (100 + i),
         'MANUFACTURED', $1, '61091000', ($2::numeric[])[i], $3, $3
       FROM generate_series(1, $4::int) AS i ORDER BY i RETURNING id`,
      [unitId, Array.from({ length: count }, (_, i) => priceOf(i + 1)), userId, count],
    )
  ).rows.map((row) => row.id);
  for (const itemId of productIds) {
    await send(base, token, 'POST', '/api/v1/stock-movements', {
      type: 'IN',
      itemId,
      toLocationId: locationId,
      quantity: '1000000',
      unitCost: '20.00',
      notes: 'Estoque inicial do benchmark',
    });
  }
  return { productIds, locationId };
}
