import { addDays } from '../../shared/plain-date.js';
import { PRODUCTS, type DemoProduct } from './demo-catalog.js';
import { add, refused, type StockNow, type Task, type YearContext } from './demo-context.js';
import { lossOf } from './demo-demand.js';

/**
 * The shop floor: lots made for stock when a product's free stock runs low, and the production
 * orders "Planejar produção" made for a sales order. Each is started as soon as its materials are
 * on the shelf (tried again every day, as the floor would), and completed a few days later; what
 * the planned but unstarted orders will take is `owed`, which purchasing buys ahead for.
 */
export function production(context: YearContext) {
  const { api, dice, later, item } = context;
  /** Feedstock code → what planned, unstarted orders will consume. */
  const owed = new Map<string, number>();
  /** Product code → what lots for stock will still bring. */
  const coming = new Map<string, number>();

  const materials = (product: DemoProduct, quantity: number, sign: 1 | -1) => {
    for (const [code, perPiece] of product.components ?? []) {
      add(owed, code, sign * perPiece * quantity * lossOf(code));
    }
  };

  /**
   * Start `id` once its materials are there; complete it 3–5 days after (a lot for stock 3–7:
   * the floor fits it between the clients' orders, so it often runs past its planned end).
   */
  function follow(id: number, product: DemoProduct, quantity: number, forStock: boolean) {
    materials(product, quantity, 1);
    const start =
      (attempt: number): Task =>
      async () => {
        try {
          await api.post(`/production-orders/${id}/start`);
        } catch (error) {
          if (!refused(error)) throw error;
          // A lot for stock waits three weeks for its materials and is then called off; one
          // for a client's order waits as long as it takes.
          if (!forStock || attempt < 21) return later(1, start(attempt + 1));
          await api.post(`/production-orders/${id}/cancel`);
          materials(product, quantity, -1);
          add(coming, product.code, -quantity);
          return;
        }
        materials(product, quantity, -1);
        later(forStock ? dice.int(3, 7) : dice.int(3, 5), async () => {
          await api.post(`/production-orders/${id}/complete`, {
            producedQuantity: String(quantity),
          });
          if (forStock) add(coming, product.code, -quantity);
        });
      };
    return start(0);
  }

  /** A lot for stock, planned to start in `startIn` days and end four days later. */
  async function lotForStock(product: DemoProduct, quantity: number, startIn: number) {
    const order = await api.post<{ id: number }>('/production-orders', {
      productId: item(product.code),
      quantity: String(quantity),
      plannedStart: addDays(context.date(), startIn),
      plannedEnd: addDays(context.date(), startIn + 4),
      sourceLocationId: context.world.locationId,
      targetLocationId: context.world.locationId,
      notes: `Lote para reposição de ${product.name.toLowerCase()}`,
    });
    add(coming, product.code, quantity);
    later(startIn, follow(order.id, product, quantity, true));
  }

  return {
    owed: (code: string) => owed.get(code) ?? 0,
    lotForStock,

    /**
     * The production orders "Planejar produção" made for a sales order: started from tomorrow, or
     * from `startIn` days when the floor has no room before.
     */
    async forSale(orders: { id: number }[], startIn = 1) {
      for (const { id } of orders) {
        const detail = await api.get<{ productCode: string; quantity: string }>(
          `/production-orders/${id}`,
        );
        const product = PRODUCTS.find((p) => p.code === detail.productCode)!;
        later(startIn, follow(id, product, Number(detail.quantity), false));
      }
    },

    /** Every day: a lot for each made product whose free stock will not last a week and a half. */
    async planForStock(stock: StockNow) {
      for (const product of PRODUCTS.filter((p) => p.components)) {
        const demand = context.demand.weeklyDemand(product);
        const projected =
          (stock.get(item(product.code))?.free ?? 0) + (coming.get(product.code) ?? 0);
        if (projected >= demand * 1.5) continue;
        const quantity = Math.max(10, Math.ceil((demand * 3 - projected) / 10) * 10);
        await lotForStock(product, quantity, 1);
      }
    },
  };
}
export type Production = ReturnType<typeof production>;
