import { FEEDSTOCKS, PRODUCTS } from './demo-catalog.js';
import { add, type StockNow, type YearContext } from './demo-context.js';
import { MAX_LINE, quantityIn } from './demo-demand.js';
import type { Production } from './demo-production.js';

/**
 * Purchasing, planned ahead of production: twice a week every feedstock is projected — on the
 * shelf, plus what its purchase orders still bring, less what planned production orders will take
 * from the bills of materials — and one below two weeks of use is bought up to five, through
 * "Comprar faltantes" (drafts per default supplier) like the screen; a resold product is bought
 * the same way below a week and a half of sales. The drafts "Planejar produção" makes for a sales
 * order's resale lines are approved the same day and, when they arrive, reserved for the order.
 * Suppliers deliver in 3–6 days; half the orders arrive in two parts, and a few of those are
 * closed short.
 */
const REORDER_WEEKS = 2;
const ORDER_UP_TO_WEEKS = 5;

interface PurchaseLine {
  id: number;
  itemId: number;
  quantity: string;
  receivedQuantity: string;
}

export function purchasing(context: YearContext, made: Production) {
  const { api, dice, later, item, world } = context;
  /** Item code → what approved purchase orders for stock still bring. */
  const onOrder = new Map<string, number>();
  const codeOf = new Map([...world.items].map(([code, id]) => [id, code]));
  const unitOf = (code: string) => FEEDSTOCKS.find((f) => f.code === code)?.unit ?? 'UN';
  const invoiceNumber = () => String(dice.int(10_000, 99_999));

  const receive = (id: number, lines: { lineId: number; quantity: string }[]) =>
    api.post(`/purchase-orders/${id}/receive`, {
      date: context.date(),
      invoiceNumber: invoiceNumber(),
      lines,
    });

  /** Approve a draft; it arrives in 3–6 days, whole or (for stock, half the time) in two parts. */
  async function approve(id: number, forSale: number | null) {
    const order = await api.post<{ items: PurchaseLine[] }>(`/purchase-orders/${id}/approve`);
    const track = (line: PurchaseLine, quantity: number) => {
      if (forSale === null) add(onOrder, codeOf.get(line.itemId)!, quantity);
    };
    for (const line of order.items) track(line, Number(line.quantity));
    const split = forSale === null && dice.chance(0.5);
    later(dice.int(3, 6), async () => {
      await receive(
        id,
        order.items.map((line) => {
          const first = split
            ? quantityIn(unitOf(codeOf.get(line.itemId)!), Number(line.quantity) * 0.6)
            : line.quantity;
          track(line, -Number(first));
          return { lineId: line.id, quantity: first };
        }),
      );
      // The clerk reserves what came in for the client's order at once.
      if (forSale !== null) {
        const sale = await api.get<{ status: string }>(`/requested-orders/${forSale}`);
        if (['APPROVED', 'PARTIALLY_INVOICED'].includes(sale.status)) {
          await api.post(`/requested-orders/${forSale}/reserve`);
        }
      }
      if (!split) return;
      const closeShort = dice.chance(0.2);
      later(dice.int(5, 9), async () => {
        const detail = await api.get<{ items: PurchaseLine[] }>(`/purchase-orders/${id}`);
        const rest = detail.items
          .map((line) => ({ line, left: Number(line.quantity) - Number(line.receivedQuantity) }))
          .filter(({ left }) => left > 0);
        for (const { line, left } of rest) track(line, -left);
        if (closeShort) return void (await api.post(`/purchase-orders/${id}/close`));
        await receive(
          id,
          rest.map(({ line, left }) => ({
            lineId: line.id,
            quantity: String(Number(left.toFixed(3))),
          })),
        );
      });
    });
  }

  /** "Comprar faltantes" for `lines`, each draft approved; `forSale` leaves them as drafts. */
  async function buy(lines: { itemId: number; quantity: string }[], approveThem = true) {
    const drafts = await api.post<{ items: { id: number }[] }>('/purchase-orders/drafts', {
      lines,
    });
    if (approveThem) for (const draft of drafts.items) await approve(draft.id, null);
  }

  return {
    buy,

    /** The drafts "Planejar produção" made for sales order `orderId`: approved now. */
    async forSale(orderId: number, purchaseOrders: { id: number; status: string }[]) {
      for (const order of purchaseOrders.filter((each) => each.status === 'DRAFT')) {
        await approve(order.id, orderId);
      }
    },

    /** Mondays and Thursdays: what falls below its reorder point is bought up to its target. */
    async planMaterials(stock: StockNow) {
      const lines: { itemId: number; quantity: string }[] = [];
      const consider = (code: string, unit: string, weekly: number, available: number) => {
        const projected = available + (onOrder.get(code) ?? 0) - made.owed(code);
        if (projected >= weekly * REORDER_WEEKS) return;
        lines.push({
          itemId: item(code),
          quantity: quantityIn(unit, weekly * ORDER_UP_TO_WEEKS - projected),
        });
      };
      for (const feedstock of FEEDSTOCKS) {
        const weekly = context.demand.weeklyUse.get(feedstock.code);
        if (weekly) {
          consider(
            feedstock.code,
            feedstock.unit,
            weekly,
            stock.get(item(feedstock.code))?.onHand ?? 0,
          );
        }
      }
      for (const product of PRODUCTS.filter((p) => p.resale)) {
        // Stocked like a made product: enough for the largest orders.
        const weekly = Math.max(context.demand.weeklyDemand(product), MAX_LINE / 2) * 0.75;
        consider(product.code, 'UN', weekly, stock.get(item(product.code))?.free ?? 0);
      }
      if (lines.length > 0) await buy(lines);
    },
  };
}
