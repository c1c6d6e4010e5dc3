import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '../../../shared/resources/search.js';
import { useTestApi } from '../../testing/api-app.js';
import { createCategory } from '../finance/testing/finance-factories.js';
import { cnpjFrom, cpfFrom, userWith } from '../master-data/testing/master-data-helpers.js';
import { createLocation, createUnit } from '../purchase-orders/testing/purchase-fixtures.js';

/** "Buscar" (issue 21): GET /search over every kind, by each field, within the user's reads. */
const api = useTestApi();
const URL = '/api/v1/search';

const CPF = cpfFrom('529982247');
const CNPJ = cnpjFrom('112223330001');
const SUPPLIER_CNPJ = cnpjFrom('457810290001');
const ACCESS_KEY = '35261111222333000181550010000004211000004219';
const ids = {} as Record<string, number>;

async function searchAs(token: string, q: string): Promise<SearchResult> {
  const response = await api.request({ method: 'GET', url: URL, token, query: { q } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SearchResult;
}

/** The titles found of one kind. */
async function titles(q: string, kind: string, token?: string) {
  const result = await searchAs(token ?? (await api.adminToken()), q);
  return result.groups.find((group) => group.kind === kind)?.items.map((i) => i.title) ?? [];
}

beforeAll(async () => {
  const { db } = api;
  const one = async (query: ReturnType<typeof sql<{ id: number }>>) =>
    (await query.execute(db)).rows[0]!.id;
  const party = (table: string, name: string, document: string, tradeName: string | null) =>
    one(sql<{ id: number }>`INSERT INTO ${sql.table(table)}
      (person_type, name, trade_name, document, email, address)
      VALUES (${document.length === 11 ? 'F' : 'J'}, ${name}, ${tradeName}, ${document},
        ${`${document}@exemplo.com.br`}, ${JSON.stringify({ city: 'Curitiba', state: 'PR' })})
      RETURNING id`);
  ids.person = await party('clients', 'Conceição Araújo', CPF, null);
  ids.company = await party('clients', 'Malharia Três Irmãos Ltda', CNPJ, 'Três Irmãos');
  ids.supplier = await party('suppliers', 'Tecelagem São João', SUPPLIER_CNPJ, null);
  const unit = await createUnit(db, 0);
  const item = (kind: string, code: string, name: string, barcode: string | null) =>
    one(sql<{ id: number }>`INSERT INTO items (kind, origin, code, name, barcode, unit_id)
      VALUES (${kind}, ${kind === 'PRODUCT' ? 'MANUFACTURED' : null}, ${code}, ${name},
        ${barcode}, ${unit}) RETURNING id`);
  ids.product = await item('PRODUCT', 'CAM-001', 'Camisa Algodão Orgânico', '7891234567895');
  ids.feedstock = await item('FEEDSTOCK', 'TEC-9', 'Tecido Piquê', null);
  const location = (await createLocation(db)).id;
  const expense = (await createCategory(db, 'EXPENSE')).id;
  const income = (await createCategory(db, 'INCOME')).id;
  ids.purchaseOrder = await one(sql<{ id: number }>`INSERT INTO purchase_orders
    (number, supplier_id, order_date, location_id, category_id, status)
    VALUES (42, ${ids.supplier}, '2026-03-02', ${location}, ${expense}, 'APPROVED') RETURNING id`);
  ids.requestedOrder = await one(sql<{ id: number }>`INSERT INTO requested_orders
    (number, client_id, order_date, location_id, category_id)
    VALUES (42, ${ids.company}, '2026-03-03', ${location}, ${income}) RETURNING id`);
  ids.productionOrder = await one(sql<{ id: number }>`INSERT INTO production_orders
    (number, product_id, quantity, source_location_id, target_location_id, planned_start)
    VALUES (7, ${ids.product}, 10, ${location}, ${location}, '2026-03-04') RETURNING id`);
  const operation = (
    await sql<{ id: number }>`SELECT min(id) AS id FROM fiscal_operations`.execute(db)
  ).rows[0]!.id;
  ids.invoice = await one(sql<{ id: number }>`INSERT INTO invoices
    (number, series, direction, purpose, fiscal_operation_id, issue_date, client_id, totals,
     access_key, xml, status, sefaz_status)
    VALUES (421, 1, 'OUT', 'NORMAL', ${operation}, '2026-03-05', ${ids.company}, '{}',
      ${ACCESS_KEY}, '<nfeProc/>', 'ISSUED', 'NOT_SENT') RETURNING id`);
  const bill = (kind: string, documentNumber: string, description: string) =>
    one(sql<{ id: number }>`INSERT INTO bills
      (kind, supplier_id, client_id, description, document_number, issue_date, due_date,
       competence_date, amount, category_id)
      VALUES (${kind}, ${kind === 'PAY' ? ids.supplier : null},
        ${kind === 'RECEIVE' ? ids.person : null}, ${description}, ${documentNumber},
        '2026-03-01', '2026-04-01', '2026-03-01', 100, ${kind === 'PAY' ? expense : income})
      RETURNING id`);
  ids.billToPay = await bill('PAY', 'BOL-7781', 'Fio de algodão');
  ids.billToReceive = await bill('RECEIVE', 'DUP-5530', 'Venda balcão');
  // Matches the description only: a search by document number must not find it.
  await bill('PAY', 'X-1', 'Boleto BOL-7781 refeito');
});

describe('GET /search', () => {
  it('answers 401 without a token', async () => {
    const response = await api.request({ method: 'GET', url: URL, query: { q: 'joão' } });
    expect(response.statusCode).toBe(401);
  });

  it('answers no groups for a q shorter than two characters, or blank', async () => {
    const admin = await api.adminToken();
    expect(await searchAs(admin, 'c')).toEqual({ groups: [] });
    expect(await searchAs(admin, '  c  ')).toEqual({ groups: [] });
    expect(await searchAs(admin, '')).toEqual({ groups: [] });
  });

  it('finds clients by name, trade name, e-mail and city, accents and case ignored', async () => {
    expect(await titles('conceicao', 'clients')).toEqual(['Conceição Araújo']);
    expect(await titles('ARAÚJO', 'clients')).toEqual(['Conceição Araújo']);
    expect(await titles('tres irmaos', 'clients')).toEqual(['Malharia Três Irmãos Ltda']);
    expect(await titles(`${CNPJ}@exemplo`, 'clients')).toEqual(['Malharia Três Irmãos Ltda']);
    expect(await titles('curitiba', 'clients')).toHaveLength(2);
  });

  it('finds clients and suppliers by CPF/CNPJ with or without punctuation', async () => {
    const formattedCpf = `${CPF.slice(0, 3)}.${CPF.slice(3, 6)}.${CPF.slice(6, 9)}-${CPF.slice(9)}`;
    expect(await titles(CPF, 'clients')).toEqual(['Conceição Araújo']);
    expect(await titles(formattedCpf, 'clients')).toEqual(['Conceição Araújo']);
    const formattedCnpj = `${SUPPLIER_CNPJ.slice(0, 2)}.${SUPPLIER_CNPJ.slice(2, 5)}.${SUPPLIER_CNPJ.slice(5, 8)}/${SUPPLIER_CNPJ.slice(8, 12)}-${SUPPLIER_CNPJ.slice(12)}`;
    expect(await titles(formattedCnpj, 'suppliers')).toEqual(['Tecelagem São João']);
    expect(await titles(SUPPLIER_CNPJ, 'suppliers')).toEqual(['Tecelagem São João']);
    expect(await titles('sao joao', 'suppliers')).toEqual(['Tecelagem São João']);
  });

  it('finds products and feedstocks by name, code and barcode', async () => {
    expect(await titles('algodao organico', 'products')).toEqual(['Camisa Algodão Orgânico']);
    expect(await titles('cam-001', 'products')).toEqual(['Camisa Algodão Orgânico']);
    expect(await titles('7891234567895', 'products')).toEqual(['Camisa Algodão Orgânico']);
    expect(await titles('pique', 'feedstocks')).toEqual(['Tecido Piquê']);
    expect(await titles('TEC-9', 'feedstocks')).toEqual(['Tecido Piquê']);
    expect(await titles('pique', 'products')).toEqual([]);
  });

  it('finds each kind of order by its number, with or without its prefix', async () => {
    for (const q of ['PV-000042', 'pv42', 'PV 42']) {
      const result = await searchAs(await api.adminToken(), q);
      expect(
        result.groups.map((g) => g.kind),
        q,
      ).toEqual(['requestedOrders']);
    }
    const plain = await searchAs(await api.adminToken(), '42');
    const orders = plain.groups.filter((g) => g.kind.endsWith('Orders'));
    expect(orders.map((g) => [g.kind, g.items.map((i) => [i.title, i.url])])).toEqual([
      ['requestedOrders', [['PV-000042', `/requestedorders/${ids.requestedOrder}`]]],
      ['purchaseOrders', [['OC-000042', `/purchaseorders/${ids.purchaseOrder}`]]],
    ]);
    expect(await titles('OC-000042', 'purchaseOrders')).toEqual(['OC-000042']);
    expect(await titles('oc42', 'requestedOrders')).toEqual([]);
    expect(await titles('OP-000007', 'productionOrders')).toEqual(['OP-000007']);
    const [order] = (await searchAs(await api.adminToken(), 'OC-42')).groups[0]!.items;
    expect(order!.subtitle).toBe('Tecelagem São João · Aprovada · 02/03/2026');
  });

  it('finds invoices by number and by access key, typed in groups or whole', async () => {
    expect(await titles('421', 'invoices')).toEqual(['NF-e 421']);
    expect(await titles('NF 421', 'invoices')).toEqual(['NF-e 421']);
    expect(await titles(ACCESS_KEY, 'invoices')).toEqual(['NF-e 421']);
    const grouped = ACCESS_KEY.replace(/(\d{4})(?=\d)/g, '$1 ');
    const result = await searchAs(await api.adminToken(), grouped);
    expect(result.groups).toEqual([
      {
        kind: 'invoices',
        label: 'Notas Fiscais',
        items: [
          {
            id: ids.invoice,
            title: 'NF-e 421',
            subtitle: 'Série 1 · Malharia Três Irmãos Ltda · Emitida · 05/03/2026',
            url: `/invoices/${ids.invoice}`,
          },
        ],
      },
    ]);
    expect(await titles('422', 'invoices')).toEqual([]);
  });

  it('finds bills to pay and to receive by document number, not by description', async () => {
    const result = await searchAs(await api.adminToken(), 'bol-7781');
    expect(result.groups.map((g) => [g.kind, g.label, g.items.map((i) => i.url)])).toEqual([
      ['billsToPay', 'Contas a Pagar', [`/billstopay/${ids.billToPay}`]],
    ]);
    expect(result.groups[0]!.items[0]!.subtitle).toBe(
      'Fio de algodão · Tecelagem São João · vence 01/04/2026 · Aberta',
    );
    expect(await titles('dup-5530', 'billsToReceive')).toEqual(['Documento DUP-5530']);
    expect(await titles('dup-5530', 'billsToPay')).toEqual([]);
  });

  it('gives each kind at most five records', async () => {
    const { db } = api;
    await sql`INSERT INTO clients (person_type, name, document, address)
      SELECT 'F', 'Zuleica Repetida ' || i, ${CPF.slice(0, 2)} || lpad(i::text, 9, '0'), '{}'
      FROM generate_series(1, 7) i`.execute(db);
    expect(await titles('zuleica repetida', 'clients')).toEqual(
      [1, 2, 3, 4, 5].map((i) => `Zuleica Repetida ${i}`),
    );
  });

  it('searches only the kinds the user may read', async () => {
    const { token } = await userWith(api, ['clients:read']);
    const result = await searchAs(token, '42');
    expect(result.groups.map((g) => g.kind)).toEqual([]);
    expect((await searchAs(token, 'tres')).groups.map((g) => g.kind)).toEqual(['clients']);
    expect((await searchAs(token, 'sao joao')).groups).toEqual([]);

    const payer = await userWith(api, ['billsToPay:read', 'purchaseOrders:read']);
    expect((await searchAs(payer.token, '42')).groups.map((g) => g.kind)).toEqual([
      'purchaseOrders',
    ]);
    expect((await searchAs(payer.token, 'dup-5530')).groups).toEqual([]);
    expect((await searchAs(payer.token, 'bol-7781')).groups.map((g) => g.kind)).toEqual([
      'billsToPay',
    ]);

    const nobody = await userWith(api, []);
    expect((await searchAs(nobody.token, 'conceicao')).groups).toEqual([]);
  });
});
