import { setDemoClock } from '../../shared/clock.js';
import { addDays } from '../../shared/plain-date.js';
import { FEEDSTOCKS, MONTHLY_EXPENSES, PRODUCTS, type DemoProduct } from './demo-catalog.js';
import { DemoRequestError, type DemoApi } from './demo-api.js';
import type { Dice } from './demo-random.js';
import type { DemoWorld } from './demo-setup.js';

/**
 * The demo's year, lived forward one day at a time: the business clock (shared/clock.ts) is set
 * to each day, and that day's work is done through the routes, so every document is dated by the
 * same code that dates a person's — an NF-e's dhEmi, a receipt, a payment, a stock posting.
 * Each action may book a follow-up a few days later (approve, invoice, deliver; start and
 * complete; receive the rest); what falls after today simply has not happened yet, which leaves
 * the recent documents in every status the screens have.
 */
export interface YearOptions {
  /** Days lived before today (365: a year). */
  days: number;
  /** Sales orders per weekday (production and purchases follow the demand). */
  ordersPerDay: number;
  today: string;
}

type Task = () => Promise<void>;

const money = (value: number) => value.toFixed(2);
/** Quantities of KG/M/L to one decimal place, of UN whole. */
const quantityIn = (unit: string, value: number) =>
  unit === 'UN'
    ? String(Math.max(1, Math.ceil(value)))
    : Math.max(0.1, Math.ceil(value * 10) / 10).toFixed(1);
const LINE_QUANTITIES = [6, 12, 12, 18, 24, 24, 36];
const AVERAGE_LINES = 2.5;
/** One order's line can ask for this many of a product whose week sells fewer: stock covers it. */
const MAX_LINE = Math.max(...LINE_QUANTITIES);
const AVERAGE_QUANTITY = LINE_QUANTITIES.reduce((a, b) => a + b) / LINE_QUANTITIES.length;

/** The API said no for a business reason (422): the demo's plans meet the product's rules. */
const refused = (error: unknown) => error instanceof DemoRequestError && error.statusCode === 422;

export async function liveTheYear(
  api: DemoApi,
  world: DemoWorld,
  dice: Dice,
  options: YearOptions,
) {
  const { days, today } = options;
  const start = addDays(today, -days);
  const agenda = new Map<number, Task[]>();
  let day = 0;
  const date = () => addDays(start, day);
  const later = (inDays: number, task: Task) => {
    const at = day + inDays;
    if (at > days) return; // after today: not yet
    agenda.set(at, [...(agenda.get(at) ?? []), task]);
  };
  const item = (code: string) => world.items.get(code)!;
  const unitOf = (code: string) => FEEDSTOCKS.find((f) => f.code === code)?.unit ?? 'UN';
  const category = (name: string) => {
    const id = world.categories.get(name);
    if (id === undefined) throw new Error(`financial category "${name}" is missing`);
    return id;
  };

  // Demand per product and week, so that production and purchases keep up with the sales.
  const weeklyPieces = 5 * options.ordersPerDay * AVERAGE_LINES * AVERAGE_QUANTITY;
  const totalWeight = PRODUCTS.reduce((sum, p) => sum + p.weekly, 0);
  const weeklyDemand = (product: DemoProduct) => (weeklyPieces * product.weekly) / totalWeight;
  const weeklyUse = new Map<string, number>();
  for (const product of PRODUCTS) {
    for (const [code, quantity] of product.components ?? []) {
      weeklyUse.set(code, (weeklyUse.get(code) ?? 0) + weeklyDemand(product) * quantity * 1.03);
    }
    if (product.resale) weeklyUse.set(product.code, weeklyDemand(product));
  }
  const costOf = (product: DemoProduct) =>
    product.resale?.cost ??
    (product.components ?? []).reduce(
      (sum, [code, quantity]) => sum + FEEDSTOCKS.find((f) => f.code === code)!.cost * quantity,
      product.sewing ?? 0,
    );
  const pendingProduction = new Map<string, number>();
  const pendingPurchase = new Map<string, number>();
  /** What approved orders still owe the clients, per product: production makes it first. */
  const owed = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, value: number) =>
    map.set(key, (map.get(key) ?? 0) + value);

  const stockNow = async () => {
    const rows = (
      await api.get<{ items: { itemId: number; quantity: string }[] }>(
        `/stock-items?locationId=${world.locationId}&pageSize=100`,
      )
    ).items;
    return new Map(rows.map((row) => [row.itemId, Number(row.quantity)]));
  };

  // ---- The first day: what was on the shelves when the company started using Fabril.
  async function openingStock() {
    for (const feedstock of FEEDSTOCKS) {
      const quantity = (weeklyUse.get(feedstock.code) ?? 2) * 6;
      await api.post('/stock-movements', {
        type: 'IN',
        itemId: item(feedstock.code),
        toLocationId: world.locationId,
        quantity: quantityIn(feedstock.unit, quantity),
        unitCost: feedstock.cost.toFixed(4),
        notes: 'Saldo inicial (implantação do sistema)',
      });
    }
    for (const product of PRODUCTS) {
      await api.post('/stock-movements', {
        type: 'IN',
        itemId: item(product.code),
        toLocationId: world.locationId,
        quantity: quantityIn('UN', Math.max(weeklyDemand(product) * 4, 2 * MAX_LINE)),
        unitCost: costOf(product).toFixed(4),
        notes: 'Saldo inicial (implantação do sistema)',
      });
    }
  }

  // ---- Mondays: production for what will run short, purchases for what production will use.
  async function planProduction(stock: Map<number, number>) {
    for (const product of PRODUCTS.filter((p) => p.components)) {
      const demand = weeklyDemand(product);
      const projected =
        (stock.get(item(product.code)) ?? 0) + (pendingProduction.get(product.code) ?? 0);
      if (projected >= demand * 2) continue;
      const quantity = Math.max(10, Math.ceil((demand * 3.5 - projected) / 10) * 10);
      await productionOrder(product, quantity, 1);
    }
  }

  async function productionOrder(product: DemoProduct, quantity: number, startIn: number) {
    const order = await api.post<{ id: number }>('/production-orders', {
      productId: item(product.code),
      quantity: String(quantity),
      plannedStart: addDays(date(), startIn),
      plannedEnd: addDays(date(), startIn + 4),
      sourceLocationId: world.locationId,
      targetLocationId: world.locationId,
      notes: `Lote para reposição de ${product.name.toLowerCase()}`,
    });
    add(pendingProduction, product.code, quantity);
    // Its materials are owed until it starts: purchases plan for them.
    const materials = (sign: 1 | -1) => {
      for (const [code, perPiece] of product.components ?? []) {
        add(owed, code, sign * perPiece * quantity * 1.03);
      }
    };
    materials(1);
    const start =
      (attempt: number): Task =>
      async () => {
        try {
          await api.post(`/production-orders/${order.id}/start`);
        } catch (error) {
          if (!refused(error)) throw error;
          // Material still on its way: try again tomorrow, as the shop floor would; after three
          // weeks the batch is called off.
          if (attempt < 21) return later(1, start(attempt + 1));
          await api.post(`/production-orders/${order.id}/cancel`);
          materials(-1);
          add(pendingProduction, product.code, -quantity);
          return;
        }
        materials(-1);
        later(dice.int(3, 5), async () => {
          await api.post(`/production-orders/${order.id}/complete`, {
            producedQuantity: String(quantity),
          });
          add(pendingProduction, product.code, -quantity);
        });
      };
    later(startIn, start(0));
  }

  async function planPurchases(stock: Map<number, number>) {
    const bySupplier = new Map<number, { code: string; quantity: string; price: number }[]>();
    const wanted = [
      ...FEEDSTOCKS.map((f) => ({
        code: f.code,
        unit: f.unit,
        cost: f.cost,
        supplier: f.supplier,
      })),
      ...PRODUCTS.filter((p) => p.resale).map((p) => ({
        code: p.code,
        unit: 'UN',
        cost: p.resale!.cost,
        supplier: p.resale!.supplier,
      })),
    ];
    for (const line of wanted) {
      const weekly = weeklyUse.get(line.code);
      if (!weekly) continue;
      // A resold product is stocked like a made one: enough for the largest orders.
      const use =
        line.unit === 'UN' && PRODUCTS.some((p) => p.code === line.code)
          ? Math.max(weekly, MAX_LINE / 2)
          : weekly;
      const projected =
        (stock.get(item(line.code)) ?? 0) +
        (pendingPurchase.get(line.code) ?? 0) -
        (owed.get(line.code) ?? 0);
      if (projected >= use * 3) continue;
      const quantity = quantityIn(line.unit, use * 6 - projected);
      const price = line.cost * (0.96 + dice.next() * 0.08);
      const supplier = world.suppliers[line.supplier]!;
      bySupplier.set(supplier, [
        ...(bySupplier.get(supplier) ?? []),
        { code: line.code, quantity, price },
      ]);
    }
    for (const [supplierId, lines] of bySupplier) await purchaseOrder(supplierId, lines);
  }

  async function purchaseOrder(
    supplierId: number,
    lines: { code: string; quantity: string; price: number }[],
    approve = true,
  ) {
    const order = await api.post<{
      id: number;
      items: { id: number; itemId: number; quantity: string }[];
    }>('/purchase-orders', {
      supplierId,
      orderDate: date(),
      expectedDate: addDays(date(), 7),
      locationId: world.locationId,
      paymentMethodId: world.boleto,
      categoryId: category('Matéria-prima'),
      installments: dice.int(1, 2),
      firstDueInDays: 28,
      intervalDays: 30,
      freight: money(dice.int(0, 3) * 45),
      items: lines.map((line) => ({
        itemId: item(line.code),
        quantity: line.quantity,
        unitPrice: line.price.toFixed(4),
      })),
    });
    if (!approve) return;
    for (const line of lines) add(pendingPurchase, line.code, Number(line.quantity));
    await api.post(`/purchase-orders/${order.id}/approve`);
    const arrived = (line: { itemId: number }) =>
      lines.find((candidate) => item(candidate.code) === line.itemId)!;
    // Half the orders arrive at once; the others in two deliveries, a few never complete.
    const split = dice.chance(0.5);
    const invoiceNumber = () => String(dice.int(10_000, 99_999));
    later(dice.int(3, 6), async () => {
      await api.post(`/purchase-orders/${order.id}/receive`, {
        date: date(),
        invoiceNumber: invoiceNumber(),
        lines: order.items.map((line) => {
          const first = split
            ? quantityIn(unitOf(arrived(line).code), Number(line.quantity) * 0.6)
            : line.quantity;
          add(pendingPurchase, arrived(line).code, -Number(first));
          return { lineId: line.id, quantity: first };
        }),
      });
      if (!split) return;
      const closeShort = dice.chance(0.2);
      later(dice.int(5, 9), async () => {
        if (closeShort) {
          await api.post(`/purchase-orders/${order.id}/close`);
          for (const line of order.items)
            add(pendingPurchase, arrived(line).code, -Number(line.quantity) * 0.4);
          return;
        }
        const detail = await api.get<{
          items: { id: number; itemId: number; quantity: string; receivedQuantity: string }[];
        }>(`/purchase-orders/${order.id}`);
        const rest = detail.items
          .map((line) => ({
            line,
            quantity: Number(line.quantity) - Number(line.receivedQuantity),
          }))
          .filter(({ quantity }) => quantity > 0);
        await api.post(`/purchase-orders/${order.id}/receive`, {
          date: date(),
          invoiceNumber: invoiceNumber(),
          lines: rest.map(({ line, quantity }) => {
            add(pendingPurchase, arrived(line).code, -quantity);
            return { lineId: line.id, quantity: String(Number(quantity.toFixed(3))) };
          }),
        });
      });
    });
  }

  // ---- Weekdays: the clients' orders, and what becomes of each.
  let orderSerial = 0;
  const productWeights = PRODUCTS.flatMap((p) => Array.from({ length: p.weekly }, () => p));

  async function salesOrder() {
    orderSerial += 1;
    const serial = orderSerial;
    const client = dice.pick(world.clients);
    const products = new Set<DemoProduct>();
    const count = dice.int(1, 4);
    while (products.size < count) products.add(dice.pick(productWeights));
    type Line = { id: number; productCode: string; quantity: string };
    const order = await api.post<{ id: number; items: Line[] }>('/requested-orders', {
      clientId: client.id,
      orderDate: date(),
      deliveryDate: addDays(date(), dice.int(7, 20)),
      locationId: world.locationId,
      paymentMethodId: dice.chance(0.8) ? world.boleto : world.pix,
      categoryId: category('Venda de produtos'),
      installments: dice.int(1, 3),
      firstDueInDays: dice.pick([14, 28, 30]),
      intervalDays: 30,
      freight: money(dice.chance(0.5) ? dice.int(3, 12) * 10 : 0),
      discount: money(dice.chance(0.2) ? dice.int(1, 5) * 10 : 0),
      items: [...products].map((product) => ({
        productId: item(product.code),
        quantity: String(dice.pick(LINE_QUANTITIES)),
        discountPercent: dice.chance(0.3) ? '5.00' : '0.00',
      })),
    });
    const base = `/requested-orders/${order.id}`;
    // One order in twenty-five is called off before it is approved.
    if (serial % 25 === 13) return later(1, () => api.post(`${base}/cancel`));
    const partial = serial % 4 === 1 && order.items.length > 1;
    const owe = (lines: Line[], sign: 1 | -1) => {
      for (const line of lines) add(owed, line.productCode, sign * Number(line.quantity));
    };
    /** The lines not invoiced yet. */
    const pending = new Set(order.items);
    const deliver = (): Task => async () => {
      await api.post(`${base}/deliver`, { date: date() });
    };
    const invoice =
      (attempt: number, lines: Line[]): Task =>
      async () => {
        try {
          await api.post(
            `${base}/invoice`,
            partial && lines.length < order.items.length
              ? { lines: lines.map((line) => ({ lineId: line.id, quantity: line.quantity })) }
              : {},
          );
        } catch (error) {
          // Not made yet: again tomorrow, as long as the client waits.
          if (refused(error) && attempt < 15) return later(1, invoice(attempt + 1, lines));
          if (refused(error)) return;
          throw error;
        }
        owe(lines, -1);
        for (const line of lines) pending.delete(line);
        const rest = [...pending];
        // Most clients get their goods within days; one in seven collects them a week later.
        if (rest.length === 0) return later(serial % 7 === 3 ? 9 : dice.int(1, 4), deliver());
        // The rest a few days later — or, now and then, the client takes no more ("Encerrar").
        if (serial % 20 === 9) {
          return later(4, async () => {
            await api.post(`${base}/close`);
            owe(rest, -1);
            later(dice.int(1, 4), deliver());
          });
        }
        // The rest waits for its production run, about ten days.
        later(10, invoice(0, rest));
      };
    later(1, async () => {
      try {
        await api.post(`${base}/approve`, {});
      } catch (error) {
        // A client with bills past due is not sold to on credit: the order is called off.
        if (refused(error)) return void (await api.post(`${base}/cancel`));
        throw error;
      }
      owe(order.items, 1);
      later(2, invoice(0, partial ? order.items.slice(0, 1) : order.items));
    });
  }

  // ---- Every day: the bills that fall due are paid, most of them.
  const handled = new Set<number>();
  let lateBills = 0;
  async function settleBills() {
    const recent = day > days - 60;
    for (const kind of ['bills-to-receive', 'bills-to-pay'] as const) {
      const due = await api.get<{
        items: { id: number; amount: string; clientId: number | null }[];
      }>(`/${kind}?status=OPEN&dueDateTo=${date()}&pageSize=100`);
      for (const bill of due.items) {
        if (handled.has(bill.id)) continue;
        handled.add(bill.id);
        const late =
          kind === 'bills-to-receive'
            ? world.clients.find((client) => client.id === bill.clientId)?.latePayer
            : handled.size % 12 === 5;
        let amount = Number(bill.amount);
        if (late && recent) {
          // Owed still: every other one half paid, the rest not at all.
          lateBills += 1;
          if (lateBills % 2 === 1) continue;
          amount = Math.round(amount * 50) / 100;
        }
        const action = kind === 'bills-to-pay' ? 'pay' : 'receive';
        await api.post(`/${kind}/${bill.id}/${action}`, {
          date: date(),
          amount: money(amount),
          checkingAccountId:
            kind === 'bills-to-receive' ? world.accounts.second : world.accounts.main,
        });
      }
    }
  }

  // ---- The first of the month: the fixed expenses; the 20th: the bank's side of things.
  async function monthlyExpenses() {
    const dueDate = `${date().slice(0, 8)}10`;
    for (const [categoryName, description, amount] of MONTHLY_EXPENSES) {
      await api.post('/bills-to-pay', {
        description: `${description} — ${date().slice(5, 7)}/${date().slice(0, 4)}`,
        issueDate: date(),
        dueDate,
        categoryId: category(categoryName),
        paymentMethodId: world.transfer,
        amount: money(amount * (0.94 + dice.next() * 0.12)),
      });
    }
  }

  async function bankRoutine() {
    await api.post(`/checking-accounts/${world.accounts.second}/transfers`, {
      toAccountId: world.accounts.main,
      date: date(),
      amount: money(dice.int(15, 30) * 1000),
      description: 'Transferência da conta de cobrança',
    });
    for (const account of [world.accounts.main, world.accounts.second]) {
      await api.post(`/checking-accounts/${account}/entries`, {
        direction: 'DEBIT',
        date: date(),
        amount: money(account === world.accounts.main ? 89.9 : 64.5),
        description: 'Tarifa de manutenção de conta',
        categoryId: category('Tarifas bancárias'),
      });
    }
  }

  /** A count of a few materials: what the shelves say, a little off from the ledger. */
  async function stockCount() {
    const stock = await stockNow();
    const counted = FEEDSTOCKS.filter((f) => (stock.get(item(f.code)) ?? 0) > 20).slice(0, 4);
    for (const [index, feedstock] of counted.entries()) {
      const quantity = stock.get(item(feedstock.code))!;
      const off = index === 3 ? 1.01 : 0.97;
      await api.post('/stock-movements', {
        type: 'ADJUSTMENT',
        itemId: item(feedstock.code),
        locationId: world.locationId,
        countedQuantity: quantityIn(feedstock.unit, quantity * off),
        notes: 'Inventário do trimestre',
      });
    }
  }

  /** Today: the work that is just starting — a new order, a batch planned, a purchase drafted. */
  async function lastDay() {
    await salesOrder();
    const product = PRODUCTS[0]!;
    await productionOrder(product, 60, 3);
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
    const feedstock = FEEDSTOCKS[0]!;
    await purchaseOrder(
      world.suppliers[feedstock.supplier]!,
      [{ code: feedstock.code, quantity: '50.0', price: feedstock.cost }],
      false,
    );
  }

  for (day = 0; day <= days; day += 1) {
    // Past days at 10 a.m. in São Paulo; today at the real time.
    setDemoClock(day === days ? null : new Date(`${date()}T13:00:00Z`));
    const weekday = new Date(`${date()}T12:00:00Z`).getUTCDay();
    if (day === 0) await openingStock();
    await settleBills();
    for (const task of agenda.get(day) ?? []) await task();
    agenda.delete(day);
    if (date().endsWith('-01')) await monthlyExpenses();
    if (date().endsWith('-20')) await bankRoutine();
    if (day === days - 30) await stockCount();
    // Production looks at the stock every day; purchases on Mondays and Thursdays.
    const stock = await stockNow();
    await planProduction(stock);
    if (weekday === 1 || weekday === 4 || day === 0) await planPurchases(stock);
    if (weekday >= 1 && weekday <= 5 && day < days) {
      const orders = Math.floor(options.ordersPerDay + dice.next());
      for (let i = 0; i < orders; i += 1) await salesOrder();
    }
    if (day === days) await lastDay();
  }
}
