import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestedOrderStatuses } from '../../shared/resources/requested-orders.js';
import { cnpj, cpf } from '../../shared/br/documents.js';
import { now } from '../../shared/clock.js';
import { OperatorError } from '../operator-error.js';
import { useTestApi } from '../testing/api-app.js';
import { TEST_ADMIN } from '../testing/test-database.js';
import { validateNfe } from '../modules/nfe/index.js';
import { resolveJwtSecret } from '../platform/tokens.js';
import type { Dashboard } from '../../shared/resources/dashboard.js';
import { addDays, todayInSaoPaulo } from '../../shared/plain-date.js';
import { listOf } from '../modules/dashboard/testing/dashboard-lists.js';
import { DEMO_USERS, runDemo } from './index.js';

/**
 * The demo company, lived for a short year (60 days: the full one is measured by hand, see
 * docs/decisions.md), into this file's own database: its ledgers balance, its invoices pass the
 * schema, its orders are in every status, and a second run is refused without writing anything.
 */
const api = useTestApi();
const DAYS = 60;
let jwtSecret: string;

const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(api.db)).rows;

/** Rows per table, to prove that a refused run wrote nothing. */
async function tableCounts() {
  const tables = await rows<{ name: string }>(sql`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`);
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await rows<{ n: string }>(sql`SELECT count(*) AS n FROM ${sql.table(name)}`);
    counts[name] = Number(row!.n);
  }
  return counts;
}

beforeAll(async () => {
  jwtSecret = await resolveJwtSecret(api.db, undefined);
  const result = await runDemo(api.app, api.db, {
    jwtSecret,
    days: DAYS,
    sefaz: api.sefazSettings,
  });
  console.log('demo made', result.made);
}, 120_000);

describe('the demo company', () => {
  it('puts the business clock back to the real time when it is done', () => {
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1000);
  });

  it('has about 60 clients and 20 suppliers, all with valid documents, some alphanumeric CNPJs', async () => {
    const parties = await rows<{ kind: string; personType: string; document: string }>(sql`
      SELECT 'client' AS kind, person_type, document FROM clients
      UNION ALL SELECT 'supplier', person_type, document FROM suppliers`);
    expect(parties.filter((p) => p.kind === 'client')).toHaveLength(60);
    expect(parties.filter((p) => p.kind === 'supplier')).toHaveLength(20);
    for (const party of parties) {
      const valid =
        party.personType === 'F' ? cpf.isValid(party.document) : cnpj.isValid(party.document);
      expect(valid, party.document).toBe(true);
    }
    expect(parties.filter((p) => /[A-Z]/.test(p.document)).length).toBeGreaterThanOrEqual(3);
    const towns = await rows<{ missing: string }>(sql`
      SELECT count(*) AS missing FROM clients c
      WHERE NOT EXISTS (SELECT 1 FROM municipalities m WHERE m.code = c.address->>'cityCode')`);
    expect(Number(towns[0]!.missing)).toBe(0);
  });

  it('has 40 feedstocks and 25 products, the manufactured ones with bills of materials', async () => {
    const items = await rows<{ kind: string; origin: string | null; components: string }>(sql`
      SELECT kind, origin, (SELECT count(*) FROM item_components pc WHERE pc.product_id = i.id) AS components
      FROM items i`);
    expect(items.filter((i) => i.kind === 'FEEDSTOCK')).toHaveLength(40);
    const products = items.filter((i) => i.kind === 'PRODUCT');
    expect(products).toHaveLength(25);
    for (const product of products.filter((p) => p.origin === 'MANUFACTURED')) {
      expect(Number(product.components)).toBeGreaterThan(0);
    }
  });

  it('keeps every stock balance equal to the sum of its ledger, per item and location', async () => {
    const mismatched = await rows<{ itemId: number; balance: string; ledger: string }>(sql`
      WITH sides AS (
        SELECT item_id, to_location_id AS location_id, quantity AS change
        FROM stock_movements WHERE to_location_id IS NOT NULL
        UNION ALL
        SELECT item_id, from_location_id, -quantity
        FROM stock_movements WHERE from_location_id IS NOT NULL),
      ledger AS (SELECT item_id, location_id, sum(change) AS quantity FROM sides GROUP BY 1, 2)
      SELECT coalesce(b.item_id, l.item_id) AS item_id, b.quantity AS balance, l.quantity AS ledger
      FROM stock_balances b FULL JOIN ledger l USING (item_id, location_id)
      WHERE b.quantity IS DISTINCT FROM l.quantity AND coalesce(b.quantity, 0) <> coalesce(l.quantity, 0)`);
    expect(mismatched).toEqual([]);
    const kinds = await rows<{ type: string; originType: string }>(sql`
      SELECT DISTINCT type, origin_type FROM stock_movements`);
    expect(kinds).toContainEqual({ type: 'ADJUSTMENT', originType: 'MANUAL' });
    expect(kinds.map((k) => k.originType)).toEqual(
      expect.arrayContaining(['PURCHASE_ORDER', 'PRODUCTION_ORDER', 'INVOICE']),
    );
  });

  it("keeps each checking account's balance equal to its opening balance and entries", async () => {
    const token = await api.adminToken();
    const response = await api.request({
      method: 'GET',
      url: '/api/v1/checking-accounts?pageSize=100',
      token,
    });
    const accounts = response.json().items as { id: number; name: string; balance: string }[];
    const ledger = await rows<{ id: number; balance: string; entries: string }>(sql`
      SELECT a.id, a.opening_balance + coalesce(sum(e.amount), 0) AS balance, count(e.id) AS entries
      FROM checking_accounts a LEFT JOIN account_entries e ON e.checking_account_id = a.id
      GROUP BY a.id`);
    const used = ledger.filter((account) => Number(account.entries) > 0);
    expect(used.length).toBeGreaterThanOrEqual(2);
    for (const account of ledger) {
      const shown = accounts.find((candidate) => candidate.id === account.id)!;
      expect(Number(shown.balance), shown.name).toBeCloseTo(Number(account.balance), 2);
    }
  });

  it("keeps each bill's paid amount equal to its payments, with bills paid, partly paid and overdue", async () => {
    const bills = await rows<{
      id: number;
      status: string;
      paid: string;
      payments: string;
      overdue: boolean;
    }>(sql`
      SELECT b.id, b.status, b.paid_amount AS paid,
        coalesce((SELECT sum(p.amount) FROM bill_payments p
                  WHERE p.bill_id = b.id AND p.reversed_at IS NULL), 0) AS payments,
        b.due_date < ${now().toISOString().slice(0, 10)} AND b.status IN ('OPEN', 'PARTIALLY_PAID') AS overdue
      FROM bills b`);
    for (const bill of bills)
      expect(Number(bill.paid), `bill ${bill.id}`).toBe(Number(bill.payments));
    const statuses = new Set(bills.map((bill) => bill.status));
    expect([...statuses]).toEqual(expect.arrayContaining(['OPEN', 'PARTIALLY_PAID', 'PAID']));
    expect(bills.some((bill) => bill.overdue)).toBe(true);
  });

  it('issues every invoice in homologation with an XML the NF-e schema accepts, over past days', async () => {
    const invoices = await rows<{ number: number; xml: string; issueDate: string }>(sql`
      SELECT number, xml, issue_date FROM invoices WHERE status <> 'DRAFT'`);
    expect(invoices.length).toBeGreaterThan(10);
    // Authorised by the demo's stand-in SEFAZ, and the app's own SEFAZ settings given back.
    const sefaz = await rows<{ sefazStatus: string }>(
      sql`SELECT DISTINCT sefaz_status FROM invoices WHERE status = 'ISSUED'`,
    );
    expect(sefaz.map((row) => row.sefazStatus)).toEqual(['AUTHORIZED']);
    expect(api.sefazSettings.serviceUrl).toBe(api.sefaz.url);
    for (const invoice of invoices) {
      const validation = validateNfe(invoice.xml);
      expect(validation.errors, `NF-e ${invoice.number}`).toEqual([]);
      expect(invoice.xml).toContain('<tpAmb>2</tpAmb>');
    }
    expect(new Set(invoices.map((invoice) => invoice.issueDate)).size).toBeGreaterThan(10);
    const certificate = await rows<{ subject: string }>(
      sql`SELECT subject FROM company_certificate`,
    );
    expect(certificate[0]!.subject).toContain('CERTIFICADO DE TESTE');
  });

  it('has sales orders in every status, and production orders planned, in progress and completed', async () => {
    const orders = await rows<{ status: string }>(
      sql`SELECT DISTINCT status FROM requested_orders`,
    );
    expect(orders.map((o) => o.status).sort()).toEqual([...requestedOrderStatuses].sort());
    const production = await rows<{ status: string }>(
      sql`SELECT DISTINCT status FROM production_orders`,
    );
    expect(production.map((o) => o.status)).toEqual(
      expect.arrayContaining(['PLANNED', 'IN_PROGRESS', 'COMPLETED']),
    );
    const purchases = await rows<{ status: string }>(
      sql`SELECT DISTINCT status FROM purchase_orders`,
    );
    expect(purchases.map((o) => o.status)).toEqual(
      expect.arrayContaining(['PARTIALLY_RECEIVED', 'RECEIVED']),
    );
  });

  it('brings most sales orders older than three weeks to their invoice', async () => {
    const [row] = await rows<{ done: string; old: string }>(sql`
      SELECT count(*) FILTER (WHERE status IN ('INVOICED', 'DELIVERED')) AS done, count(*) AS old
      FROM requested_orders WHERE order_date < ${addDays(todayInSaoPaulo(), -21)}`);
    expect(Number(row!.old)).toBeGreaterThan(20);
    expect(Number(row!.done) / Number(row!.old)).toBeGreaterThanOrEqual(0.7);
  });

  it('gives each dashboard card the total of the list it links to, and keeps them alive', async () => {
    const response = await api.request({
      method: 'GET',
      url: '/api/v1/dashboard',
      token: await api.adminToken(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { cards, charts } = response.json() as Dashboard;
    const list = (link: Parameters<typeof listOf>[1], extra?: Record<string, string>) =>
      listOf(api, link, extra);

    for (const figure of [cards.revenue!.current, cards.revenue!.previous]) {
      expect(figure.amount).toBe((await list(figure.link, { totals: 'true' })).totals.total);
    }
    expect(Number(cards.revenue!.previous.amount)).toBeGreaterThan(0);

    const orders = await list(cards.ordersToDeliver!.link, { totals: 'true' });
    expect(cards.ordersToDeliver!.count).toBe(orders.total);
    expect(cards.ordersToDeliver!.count).toBeGreaterThan(0);
    // The big order of three days ago, its production rescheduled past its delivery date, at least.
    const atRisk = await list(cards.ordersToDeliver!.atRisk.link, { totals: 'true' });
    expect(cards.ordersToDeliver!.atRisk.count).toBe(atRisk.total);
    expect(atRisk.total).toBeGreaterThanOrEqual(1);
    const big = await rows<{ status: string; atRisk: boolean }>(sql`
      SELECT o.status, o.id = ANY(${(atRisk.items as { id: number }[]).map((row) => row.id)}::integer[])
        AS at_risk
      FROM requested_orders o JOIN requested_order_items l ON l.requested_order_id = o.id
      WHERE l.quantity = 300`);
    expect(big).toEqual([{ status: 'APPROVED', atRisk: true }]);

    for (const card of [cards.productionInProgress!, cards.productionLate!]) {
      expect(card.count, card.link.query).toBe((await list(card.link)).total);
    }
    expect(cards.productionInProgress!.count).toBeGreaterThan(0);

    for (const card of [cards.receivables!, cards.payables!]) {
      for (const figure of [card.overdue, card.today, card.next7Days, card.total]) {
        expect(figure.amount, figure.link.query).toBe((await list(figure.link)).totals.open);
      }
    }
    // Clients' bills falling due this week, some past due; the company's own too.
    expect(Number(cards.receivables!.next7Days.amount)).toBeGreaterThan(0);
    expect(Number(cards.receivables!.overdue.amount)).toBeGreaterThan(0);
    expect(Number(cards.payables!.overdue.amount)).toBeGreaterThan(0);

    const accounts = (await list(cards.accountsBalance!.link)).items as { balance: string }[];
    const cents = accounts.reduce((sum, row) => sum + Math.round(Number(row.balance) * 100), 0);
    expect(Math.round(Number(cards.accountsBalance!.amount) * 100)).toBe(cents);

    const below = (await list(cards.belowMinimum!.link)).items as { itemId: number }[];
    expect(cards.belowMinimum!.count).toBe(new Set(below.map((row) => row.itemId)).size);
    expect(cards.belowMinimum!.count).toBeGreaterThan(0);

    // Revenue in every month after the one the demo started in.
    const started = addDays(todayInSaoPaulo(), -DAYS).slice(0, 7);
    const lived = charts.revenueByMonth!.filter((month) => month.month > started);
    expect(lived.length).toBeGreaterThanOrEqual(1);
    for (const month of lived) expect(Number(month.revenue), month.month).toBeGreaterThan(0);
  });

  it('lets the clerk and the finance user sign in, and the administrator too', async () => {
    for (const user of [...DEMO_USERS, TEST_ADMIN]) {
      await expect(api.login(user.email, user.password)).resolves.toEqual(expect.any(String));
    }
  });

  it('refuses a second run, writing nothing', async () => {
    const before = await tableCounts();
    const second = runDemo(api.app, api.db, { jwtSecret, days: DAYS, sefaz: api.sefazSettings });
    await expect(second).rejects.toThrow(OperatorError);
    await expect(second).rejects.toThrow(/já tem dados/);
    expect(await tableCounts()).toEqual(before);
  });
});
