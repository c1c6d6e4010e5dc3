import { addDays } from '../../shared/plain-date.js';
import { PRODUCTS, type DemoProduct } from './demo-catalog.js';
import { daysBetween, money, refused, type Task, type YearContext } from './demo-context.js';
import { LINE_QUANTITIES } from './demo-demand.js';
import { invoiceSalesOrder } from './demo-invoicing.js';
import type { Production } from './demo-production.js';

/**
 * The clients' orders and what becomes of each, as the sales clerk works them: approved the next
 * day (the credit gate refuses clients with bills past due: the order is then cancelled), and
 * what its reservation does not cover planned at once ("Planejar produção": production orders for
 * made products, purchase drafts for resold ones, which purchasing approves). Every day after, the
 * clerk tops the reservation up ("Reservar") and invoices when it covers the order; one order in
 * four with several lines invoices what is ready first. Delivered a few days after the last NF-e.
 */
interface Line {
  id: number;
  quantity: string;
  reservedQuantity: string;
  invoicedQuantity: string;
}
interface Order {
  status: string;
  items: Line[];
  productionOrders: { id: number; status: string }[];
  purchaseOrders: { id: number; status: string }[];
}

/** The big order near the end of the year is of these (a made product, 12 a week). */
const BIG_ORDER_PRODUCT = 'POL-001';

const left = (line: Line) => Number(line.quantity) - Number(line.invoicedQuantity);
const covered = (line: Line) => left(line) > 0 && Number(line.reservedQuantity) >= left(line);

export function sales(
  context: YearContext,
  made: Production,
  bought: { forSale: (orderId: number, orders: { id: number; status: string }[]) => Promise<void> },
) {
  const { api, dice, later, item, world } = context;
  let serial = 0;
  const productWeights = PRODUCTS.flatMap((p) => Array.from({ length: p.weekly }, () => p));

  async function follow(id: number, serial: number) {
    const base = `/requested-orders/${id}`;
    const partial = serial % 4 === 1;
    const deliver = (): Task => async () => {
      await api.post(`${base}/deliver`, { date: context.date() });
    };
    const attempt =
      (tries: number): Task =>
      async () => {
        const order = await api.post<Order>(`${base}/reserve`);
        const open = order.items.filter((line) => left(line) > 0);
        const ready = open.filter(covered);
        const invoiced = async (lines?: Line[]) => {
          try {
            await invoiceSalesOrder(
              api,
              id,
              lines?.map((line) => ({ lineId: line.id, quantity: String(left(line)) })),
            );
            return true;
          } catch (error) {
            // The credit gate looks again as the goods leave: a client who fell behind waits
            // for finance to release it, and after three weeks the order is called off.
            if (!refused(error)) throw error;
            if (tries < 15 || order.status !== 'APPROVED') later(1, attempt(tries + 1));
            else await api.post(`${base}/cancel`);
            return false;
          }
        };
        // One order in four with several lines ships what is ready first (the first line, when
        // all are) and the rest one to two weeks later — or, now and then, the client takes no
        // more of it ("Encerrar").
        if (partial && order.status === 'APPROVED' && open.length > 1 && ready.length > 0) {
          if (!(await invoiced(ready.length === open.length ? ready.slice(0, 1) : ready))) return;
          if (serial % 20 === 9) {
            return later(4, async () => {
              await api.post(`${base}/close`);
              later(dice.int(1, 4), deliver());
            });
          }
          return later(dice.int(7, 12), attempt(tries + 1));
        }
        if (ready.length === open.length) {
          if (!(await invoiced())) return;
          // Most clients get their goods within days; one in seven collects them a week later.
          return later(serial % 7 === 3 ? 9 : dice.int(1, 4), deliver());
        }
        later(1, attempt(tries + 1));
      };

    try {
      await api.post(`${base}/approve`, {});
    } catch (error) {
      // A client with bills past due is not sold to on credit: the order is called off.
      if (refused(error)) return void (await api.post(`${base}/cancel`));
      throw error;
    }
    const order = await api.get<Order & { deliveryDate: string }>(base);
    if (!order.items.every(covered)) {
      const planned = await api.post<Order>(`${base}/plan-production`);
      await made.forSale(planned.productionOrders.filter((each) => each.status === 'PLANNED'));
      await bought.forSale(id, planned.purchaseOrders);
    }
    // Invoiced a few days before the client wants the goods, as the clerk plans the week.
    const untilDelivery = daysBetween(context.date(), order.deliveryDate);
    later(Math.max(1, untilDelivery - dice.int(2, 5)), attempt(0));
  }

  return {
    /**
     * Three days before today, a chain of shops orders 300 polo shirts for delivery in six days,
     * far beyond the shelf: approved the next day, it reserves what there is and "Planejar
     * produção" plans the rest, due on the delivery date; but the floor has no room for so big a
     * lot before the day after tomorrow and reschedules it to end three days after the delivery
     * date. Nothing else will bring the shirts in time, so the dashboard counts it "Em risco".
     * No dice: the rest of the year's draws stay as they were.
     */
    async bigOrder() {
      const product = PRODUCTS.find((p) => p.code === BIG_ORDER_PRODUCT)!;
      const client = world.clients.filter((c) => !c.latePayer)[2]!;
      const deliveryDate = addDays(context.date(), 6);
      const order = await api.post<{ id: number }>('/requested-orders', {
        clientId: client.id,
        orderDate: context.date(),
        deliveryDate,
        locationId: world.locationId,
        paymentMethodId: world.boleto,
        categoryId: context.category('Venda de produtos'),
        installments: 3,
        firstDueInDays: 30,
        intervalDays: 30,
        freight: money(350),
        discount: money(0),
        items: [{ productId: item(product.code), quantity: '300', discountPercent: '8.00' }],
        notes: 'Pedido grande de uma rede de lojas para a coleção de verão.',
      });
      const base = `/requested-orders/${order.id}`;
      later(1, async () => {
        try {
          await api.post(`${base}/approve`, {});
        } catch (error) {
          if (refused(error)) return void (await api.post(`${base}/cancel`));
          throw error;
        }
        const planned = await api.post<Order>(`${base}/plan-production`);
        const lots = planned.productionOrders.filter((each) => each.status === 'PLANNED');
        for (const { id } of lots) {
          const lot = await api.get<Record<string, unknown> & { version: number }>(
            `/production-orders/${id}`,
          );
          await api.put(`/production-orders/${id}`, {
            quantity: lot.quantity,
            plannedStart: addDays(context.date(), 3),
            plannedEnd: addDays(deliveryDate, 3),
            sourceLocationId: lot.sourceLocationId,
            targetLocationId: lot.targetLocationId,
            notes: 'Costura ocupada até depois de amanhã: o lote grande termina depois da entrega.',
            version: lot.version,
          });
        }
        await made.forSale(lots, 3);
      });
    },

    /** A client's order of 1–4 products, for delivery in one to three weeks. */
    async order() {
      serial += 1;
      const mine = serial;
      const client = dice.pick(world.clients);
      const products = new Set<DemoProduct>();
      const count = dice.int(1, 4);
      while (products.size < count) products.add(dice.pick(productWeights));
      const order = await api.post<{ id: number }>('/requested-orders', {
        clientId: client.id,
        orderDate: context.date(),
        deliveryDate: addDays(context.date(), dice.int(7, 20)),
        locationId: world.locationId,
        paymentMethodId: dice.chance(0.8) ? world.boleto : world.pix,
        categoryId: context.category('Venda de produtos'),
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
      // One order in twenty-five is called off before it is approved.
      if (mine % 25 === 13) {
        return later(1, () => api.post(`/requested-orders/${order.id}/cancel`));
      }
      later(1, () => follow(order.id, mine));
    },
  };
}
