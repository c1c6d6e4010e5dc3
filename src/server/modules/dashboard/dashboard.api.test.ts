import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInSaoPaulo } from '../../../shared/plain-date.js';
import type { Dashboard, DashboardLink } from '../../../shared/resources/dashboard.js';
import { useTestApi } from '../../testing/api-app.js';
import {
  ledgerAccount,
  ledgerBill,
  ledgerCategory,
  ledgerClient,
  ledgerEntry,
  ledgerPayment,
} from '../finance/testing/ledger-data.js';
import { invoiceFixture, readyCompany, saleInput } from '../invoices/testing/invoice-fixtures.js';
import { userWith } from '../master-data/testing/master-data-helpers.js';
import { listOf as listOfLink } from './testing/dashboard-lists.js';
import {
  createItem,
  createLocation,
  createUnit,
} from '../purchase-orders/testing/purchase-fixtures.js';

/** GET /dashboard (DOMAIN §13): every card equals the total of the list its link opens. */
const api = useTestApi();
const URL = '/api/v1/dashboard';
const today = todayInSaoPaulo();

async function dashboardOf(token: string): Promise<Dashboard> {
  const response = await api.request({ method: 'GET', url: URL, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const listOf = (link: DashboardLink, extra: Record<string, string> = {}) =>
  listOfLink(api, link, extra);

const cents = (value: string) => Math.round(Number(value) * 100);

async function post(url: string, payload: object) {
  const response = await api.request({
    method: 'POST',
    url,
    token: await api.adminToken(),
    payload,
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}

describe('dashboard', () => {
  beforeAll(async () => {
    const db = api.db;
    // Invoices: one issued this month, one issued and then cancelled, one left a draft.
    await readyCompany(api);
    const fx = await invoiceFixture(api);
    const issue = async () => {
      const draft = await post('/api/v1/invoices', saleInput(fx, { issueDate: today }));
      return post(`/api/v1/invoices/${draft.id}/issue`, {});
    };
    await issue();
    const cancelled = await issue();
    await post(`/api/v1/invoices/${cancelled.id}/cancel`, {
      reason: 'Emitida com o valor errado, cancelada',
    });
    await post('/api/v1/invoices', saleInput(fx, { issueDate: today }));
    // One SEFAZ rejected: issued (its number spent) but not sold until authorised.
    api.sefaz.reply('NFeAutorizacao4', { cStat: '228' });
    const rejected = await issue();
    expect(rejected.sefazStatus).toBe('REJECTED');
    api.sefaz.reset();

    // Bills: overdue, partly paid, due today, within 7 days, after them, paid, cancelled, and
    // one whose payment was reversed (open again, in full).
    const income = await ledgerCategory(db, 'INCOME', 'GROSS_REVENUE');
    const expense = await ledgerCategory(db, 'EXPENSE', 'OPERATING_EXPENSES');
    const client = await ledgerClient(db);
    const account = await ledgerAccount(db, { openingBalance: '1000.00' });
    for (const kind of ['RECEIVE', 'PAY'] as const) {
      const categoryId = kind === 'RECEIVE' ? income.id : expense.id;
      const bill = (dueDate: string, amount: string, more: object = {}) =>
        ledgerBill(db, { kind, categoryId, clientId: client.id, dueDate, amount, ...more });
      await bill(addDays(today, -3), '100.00');
      await bill(addDays(today, -45), '200.00', { paidAmount: '50.00', status: 'PARTIALLY_PAID' });
      await bill(today, '30.00');
      await bill(addDays(today, 7), '70.00');
      await bill(addDays(today, 8), '999.00');
      await bill(addDays(today, 2), '40.00', { paidAmount: '40.00', status: 'PAID' });
      await bill(addDays(today, 1), '55.00', { status: 'CANCELLED' });
      const reversed = await bill(today, '12.34');
      await ledgerPayment(db, {
        billId: reversed.id,
        kind,
        accountId: account.id,
        date: today,
        amount: '12.34',
        total: '12.34',
        reversed: true,
      });
    }

    // Accounts: an inactive one with money is not in the active accounts' balance.
    const active = await ledgerAccount(db, { openingBalance: '250.50' });
    await ledgerEntry(db, {
      accountId: active.id,
      date: today,
      amount: '-20.25',
      categoryId: expense.id,
    });
    // An entry dated tomorrow: in the account's balance, not in the cash flow's until then.
    await ledgerEntry(db, {
      accountId: active.id,
      date: addDays(today, 1),
      amount: '500.00',
      categoryId: income.id,
    });
    const inactive = await ledgerAccount(db, { openingBalance: '5000.00', active: false });
    await ledgerEntry(db, {
      accountId: inactive.id,
      date: today,
      amount: '10.00',
      categoryId: income.id,
    });

    // An item below its minimum at two locations counts once; one above it not at all.
    const unit = await createUnit(db, 0);
    const second = await createLocation(db);
    const low = await createItem(db, { unitId: unit });
    const enough = await createItem(db, { unitId: unit });
    await db
      .updateTable('items')
      .set({ minimumStock: '10' })
      .where('id', 'in', [low.id, enough.id])
      .execute();
    for (const [itemId, locationId, quantity] of [
      [low.id, fx.location.id, '3'],
      [low.id, second.id, '4'],
      [enough.id, second.id, '12'],
    ] as const) {
      await post('/api/v1/stock-movements', {
        type: 'IN',
        itemId,
        toLocationId: locationId,
        quantity,
        unitCost: '2.00',
      });
    }

    // Production orders: in progress and late, planned late, in progress on time, completed late.
    const product = fx.products[0]!.id;
    const production = (
      status: 'PLANNED' | 'IN_PROGRESS' | 'COMPLETED',
      plannedEnd: string,
      number: number,
    ) =>
      db
        .insertInto('productionOrders')
        .values({
          number,
          productId: product,
          quantity: '5',
          plannedStart: addDays(today, -20),
          plannedEnd,
          sourceLocationId: fx.location.id,
          targetLocationId: fx.location.id,
          status,
          startedAt: status === 'PLANNED' ? null : new Date(),
          ...(status === 'COMPLETED'
            ? {
                completedAt: new Date(),
                completionDate: today,
                producedQuantity: '5',
                unitCost: '1',
                totalCost: '5',
              }
            : {}),
        })
        .execute();
    await production('IN_PROGRESS', addDays(today, -1), 9001);
    await production('PLANNED', addDays(today, -5), 9002);
    await production('IN_PROGRESS', today, 9003);
    await production('COMPLETED', addDays(today, -9), 9004);

    // Sales orders to deliver: one due in 3 days for more than the stock (at risk), one due the
    // same day for 1 (at risk too: the older order takes the free stock first), one far away.
    const order = async (
      status: 'APPROVED' | 'PARTIALLY_INVOICED' | 'OPEN',
      deliveryDate: string,
      quantity: string,
      number: number,
    ) => {
      const row = await db
        .insertInto('requestedOrders')
        .values({
          number,
          clientId: fx.client.id,
          orderDate: addDays(today, -10),
          deliveryDate,
          locationId: fx.location.id,
          categoryId: fx.income.id,
          installments: 1,
          firstDueInDays: 30,
          intervalDays: 30,
          freight: '0',
          discount: '0',
          total: (Number(quantity) * 10).toFixed(2),
          status,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('requestedOrderItems')
        .values({
          requestedOrderId: row.id,
          productId: product,
          quantity,
          unitPrice: '10',
          discountPercent: '0',
          position: 1,
        })
        .execute();
    };
    await order('APPROVED', addDays(today, 3), '50000', 8001);
    await order('PARTIALLY_INVOICED', addDays(today, 3), '1', 8002);
    await order('APPROVED', addDays(today, 30), '50000', 8003);
    await order('OPEN', addDays(today, 1), '50000', 8004);
  });

  it('answers 401 without a token and 403 without dashboard:read', async () => {
    expect((await api.request({ method: 'GET', url: URL })).statusCode).toBe(401);
    const reader = await userWith(api, ['invoices:read', 'billsToPay:read']);
    expect((await api.request({ method: 'GET', url: URL, token: reader.token })).statusCode).toBe(
      403,
    );
  });

  it('gives each card the total of the list its link opens', async () => {
    const { cards, charts } = await dashboardOf(await api.adminToken());

    // Faturamento: the authorised invoice, not the cancelled, rejected or draft ones.
    const invoices = await listOf(cards.revenue!.current.link, { totals: 'true' });
    expect(invoices.total).toBe(1);
    expect(cards.revenue!.current.amount).toBe(invoices.totals.total);
    expect(cents(cards.revenue!.current.amount)).toBeGreaterThan(0);
    const previous = await listOf(cards.revenue!.previous.link, { totals: 'true' });
    expect(cards.revenue!.previous.amount).toBe(previous.totals.total);

    const orders = await listOf(cards.ordersToDeliver!.link, { totals: 'true' });
    expect(cards.ordersToDeliver!.count).toBe(orders.total);
    expect(cards.ordersToDeliver!.count).toBe(3);
    const atRisk = await listOf(cards.ordersToDeliver!.atRisk.link);
    expect(cards.ordersToDeliver!.atRisk.count).toBe(atRisk.total);
    expect((atRisk.items as { number: string }[]).map((row) => row.number).sort()).toEqual([
      'PV-008001',
      'PV-008002',
    ]);
    // None of them is invoiced yet: what is left to invoice is their total.
    expect(cards.ordersToDeliver!.notInvoiced).toBe(orders.totals.total);

    const inProgress = await listOf(cards.productionInProgress!.link);
    expect(cards.productionInProgress!.count).toBe(inProgress.total);
    expect(inProgress.total).toBe(2);
    const late = await listOf(cards.productionLate!.link);
    expect(cards.productionLate!.count).toBe(late.total);
    expect(late.total).toBe(2);

    for (const card of [cards.receivables!, cards.payables!]) {
      for (const figure of [card.overdue, card.today, card.next7Days, card.total]) {
        const list = await listOf(figure.link);
        expect(figure.amount, figure.link.query).toBe(list.totals.open);
      }
      // 100 + 150 overdue; 30 + 12.34 (its payment reversed) today; 70 on the 7th day.
      expect(card.overdue.amount).toBe('250.00');
      expect(card.today.amount).toBe('42.34');
      expect(card.next7Days.amount).toBe('70.00');
    }

    const accounts = await listOf(cards.accountsBalance!.link);
    const balances = (accounts.items as { balance: string }[]).reduce(
      (sum, row) => sum + cents(row.balance),
      0,
    );
    expect(cents(cards.accountsBalance!.amount)).toBe(balances);
    expect(accounts.items.length).toBeGreaterThan(0);

    const belowMinimum = await listOf(cards.belowMinimum!.link);
    const items = new Set((belowMinimum.items as { itemId: number }[]).map((row) => row.itemId));
    expect(belowMinimum.items.length).toBe(2);
    expect(cards.belowMinimum!.count).toBe(items.size);
    expect(items.size).toBe(1);

    // The charts: this month's revenue is the card's; the receivables by age add up to the open.
    const month = charts.revenueByMonth!;
    expect(month).toHaveLength(12);
    expect(month[11]).toMatchObject({
      month: today.slice(0, 7),
      revenue: cards.revenue!.current.amount,
    });
    expect(cents(month[11]!.cost)).toBeGreaterThan(0);
    expect(cents(month[11]!.margin)).toBe(cents(month[11]!.revenue) - cents(month[11]!.cost));
    const ages = Object.fromEntries(
      charts.receivablesByAge!.map((row) => [row.bucket, row.amount]),
    );
    expect(ages['1-30']).toBe('100.00');
    expect(ages['31-60']).toBe('150.00');
    const allOpen = await listOf({ list: 'billsToReceive', query: 'status=OPEN%2CPARTIALLY_PAID' });
    expect(Object.values(ages).reduce((sum, amount) => sum + cents(amount), 0)).toBe(
      cents(allOpen.totals.open),
    );
    expect(charts.expectedCash!.map((row) => row.days)).toEqual([30, 60, 90]);
  });

  it("gives the expected cash of the cash-flow report from today, read at each horizon's end", async () => {
    const { charts } = await dashboardOf(await api.adminToken());
    const response = await api.request({
      method: 'GET',
      url: `/api/v1/cash-flow?from=${today}&to=${addDays(today, 90)}&granularity=day`,
      token: await api.adminToken(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json() as {
      periods: { start: string; projectedIn: string; projectedOut: string; balance: string }[];
    };
    const expected = [30, 60, 90].map((days) => {
      const periods = report.periods.filter((period) => period.start <= addDays(today, days));
      const sum = (key: 'projectedIn' | 'projectedOut') =>
        periods.reduce((total, period) => total + cents(period[key]), 0);
      return {
        days,
        inflow: sum('projectedIn'),
        outflow: sum('projectedOut'),
        balance: cents(periods[periods.length - 1]!.balance),
      };
    });
    const dashboard = charts.expectedCash!.map((row) => ({
      days: row.days,
      inflow: cents(row.inflow),
      outflow: cents(row.outflow),
      balance: cents(row.balance),
    }));
    expect(dashboard).toEqual(expected);
    // The bills to pay set up above, open by the 90th day: 100 + 150 + 30 + 70 + 999 + 12.34.
    expect(dashboard[2]!.outflow).toBe(136134);
    expect(dashboard[0]!.outflow).toBe(136134);
  });

  it('hides (and does not compute) the cards and charts whose list the user may not read', async () => {
    const finance = await userWith(api, [
      'dashboard:read',
      'billsToPay:read',
      'billsToReceive:read',
    ]);
    const { cards, charts } = await dashboardOf(finance.token);
    expect(Object.keys(cards).sort()).toEqual(['payables', 'receivables']);
    expect(Object.keys(charts)).toEqual(['receivablesByAge']);

    const bare = await userWith(api, ['dashboard:read']);
    expect(await dashboardOf(bare.token)).toEqual({ today, cards: {}, charts: {} });
  });
});
