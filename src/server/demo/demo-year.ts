import { setDemoClock } from '../../shared/clock.js';
import { addDays } from '../../shared/plain-date.js';
import { FEEDSTOCKS, PRODUCTS } from './demo-catalog.js';
import type { DemoApi } from './demo-api.js';
import { calendar, refused, stockNow, type YearContext } from './demo-context.js';
import { MAX_LINE, demandFor, quantityIn } from './demo-demand.js';
import { finance } from './demo-finance.js';
import { production } from './demo-production.js';
import { purchasing } from './demo-purchasing.js';
import type { Dice } from './demo-random.js';
import { sales } from './demo-sales.js';
import type { DemoWorld } from './demo-setup.js';

/**
 * The demo's year, lived forward one day at a time: the business clock (shared/clock.ts) is set
 * to each day, and that day's work is done through the routes, so every document is dated by the
 * same code that dates a person's — an NF-e's dhEmi, a receipt, a payment, a stock posting.
 * Each action may book a follow-up a few days later (demo-context.ts's calendar); what falls
 * after today has not happened yet, which leaves the recent documents in every status.
 * Sales (demo-sales.ts) plan production for each order; production (demo-production.ts) also
 * keeps the shelves stocked; purchasing (demo-purchasing.ts) buys ahead of both.
 */
export interface YearOptions {
  /** Days lived before today (365: a year). */
  days: number;
  /** Sales orders per weekday (production and purchases follow the demand). */
  ordersPerDay: number;
  today: string;
}

export async function liveTheYear(
  api: DemoApi,
  world: DemoWorld,
  dice: Dice,
  options: YearOptions,
) {
  const { days, today } = options;
  const days$ = calendar(addDays(today, -days), days);
  const context: YearContext = {
    api,
    world,
    dice,
    demand: demandFor(options.ordersPerDay),
    day: days$.day,
    days,
    date: days$.date,
    later: days$.later,
    item: (code) => world.items.get(code)!,
    category: (name) => {
      const id = world.categories.get(name);
      if (id === undefined) throw new Error(`financial category "${name}" is missing`);
      return id;
    },
  };
  const { item, date } = context;
  const made = production(context);
  const bought = purchasing(context, made);
  const sold = sales(context, made, bought);
  const money = finance(context);

  /** The first day: what was on the shelves when the company started using Fabril. */
  async function openingStock() {
    const opening = (itemId: number, quantity: string, unitCost: number) =>
      api.post('/stock-movements', {
        type: 'IN',
        itemId,
        toLocationId: world.locationId,
        quantity,
        unitCost: unitCost.toFixed(4),
        notes: 'Saldo inicial (implantação do sistema)',
      });
    for (const feedstock of FEEDSTOCKS) {
      const weekly = context.demand.weeklyUse.get(feedstock.code) ?? 0.3;
      await opening(item(feedstock.code), quantityIn(feedstock.unit, weekly * 6), feedstock.cost);
    }
    for (const product of PRODUCTS) {
      const weeks = Math.max(context.demand.weeklyDemand(product) * 3, 2 * MAX_LINE);
      await opening(item(product.code), quantityIn('UN', weeks), context.demand.costOf(product));
    }
  }

  /** A count of a few materials: what the shelves say, a little off from the ledger. */
  async function stockCount() {
    const stock = await stockNow(context);
    const counted = FEEDSTOCKS.filter((f) => (stock.get(item(f.code))?.onHand ?? 0) > 20).slice(
      0,
      4,
    );
    for (const [index, feedstock] of counted.entries()) {
      const quantity = stock.get(item(feedstock.code))!.onHand;
      await api.post('/stock-movements', {
        type: 'ADJUSTMENT',
        itemId: item(feedstock.code),
        locationId: world.locationId,
        countedQuantity: quantityIn(feedstock.unit, quantity * (index === 3 ? 1.01 : 0.97)),
        notes: 'Inventário do trimestre',
      });
    }
  }

  /** Today: the work that is just starting — a new order, a batch planned, a purchase drafted. */
  async function lastDay() {
    await sold.order();
    await made.lotForStock(PRODUCTS[0]!, 60, 3);
    // And a small batch cut this morning, on the floor now.
    const cut = await api.post<{ id: number }>('/production-orders', {
      productId: item(PRODUCTS[1]!.code),
      quantity: '10',
      plannedStart: date(),
      plannedEnd: addDays(date(), 2),
      sourceLocationId: world.locationId,
      targetLocationId: world.locationId,
      notes: 'Lote piloto',
    });
    await api.post(`/production-orders/${cut.id}/start`).catch((error: unknown) => {
      if (!refused(error)) throw error;
    });
    await bought.buy([{ itemId: item(FEEDSTOCKS[0]!.code), quantity: '50.0' }], false);
  }

  for (let day = 0; day <= days; day += 1) {
    const tasks = days$.advance(day);
    // Past days at 10 a.m. in São Paulo; today at the real time.
    setDemoClock(day === days ? null : new Date(`${date()}T13:00:00Z`));
    const weekday = new Date(`${date()}T12:00:00Z`).getUTCDay();
    if (day === 0) await openingStock();
    await money.settleBills();
    for (const task of tasks) await task();
    if (date().endsWith('-01')) await money.monthlyExpenses();
    if (date().endsWith('-20')) await money.bankRoutine();
    if (day === days - 30) await stockCount();
    if (day === days - 3) await sold.bigOrder();
    // Production looks at the shelves every day; purchasing on Mondays and Thursdays.
    const stock = await stockNow(context);
    await made.planForStock(stock);
    if (weekday === 1 || weekday === 4 || day === 0) {
      await bought.planMaterials(await stockNow(context));
    }
    if (weekday >= 1 && weekday <= 5 && day < days) {
      const orders = Math.floor(options.ordersPerDay + dice.next());
      for (let i = 0; i < orders; i += 1) await sold.order();
    }
    if (day === days) await lastDay();
  }
}
