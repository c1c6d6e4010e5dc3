import { sql } from 'kysely';
import { atRiskDeliveryLimit } from '../../../shared/resources/requested-orders.js';
import type { DbOrTrx } from '../../db/connection.js';
import { ordersAtRisk, type OrderNeed } from './orders-at-risk.rules.js';

/**
 * The facts "Em risco" is decided on (orders-at-risk.rules.ts; docs/decisions.md "Orders at
 * risk"), read in one query: for each open order (APPROVED, PARTIALLY_INVOICED) due for delivery
 * by `today` + AT_RISK_DAYS, or already late, and each product it still misses (quantity − issued
 * invoices' − its reservation, its lines of one product added), what is coming for it in time —
 * its linked production orders (PLANNED, IN_PROGRESS) made at its location whose planned end is
 * neither past nor after the delivery date, and what its linked purchase orders (APPROVED,
 * PARTIALLY_RECEIVED) delivering at its location still have to bring, expected between today and
 * the delivery date — and the free stock there (on hand − every reservation). An order without a
 * delivery date promised nothing and is never at risk. A draft purchase order is not counted: no
 * supplier has it yet.
 */
export async function findOrderNeeds(db: DbOrTrx, today: string): Promise<OrderNeed[]> {
  const { rows } = await sql<OrderNeed>`
    WITH due AS (
      SELECT o.id, o.number, o.delivery_date, o.location_id
      FROM requested_orders o
      WHERE o.status IN ('APPROVED', 'PARTIALLY_INVOICED')
        AND o.delivery_date <= ${atRiskDeliveryLimit(today)}::date
    ),
    needs AS (
      SELECT d.id AS order_id, l.product_id, sum(greatest(l.quantity
        - coalesce((SELECT sum(ii.quantity) FROM invoice_items ii
            JOIN invoices n ON n.id = ii.invoice_id
            WHERE ii.requested_order_item_id = l.id AND n.status = 'ISSUED'), 0)
        - coalesce((SELECT r.quantity FROM stock_reservations r
            WHERE r.requested_order_item_id = l.id), 0), 0)) AS missing
      FROM due d
      JOIN requested_order_items l ON l.requested_order_id = d.id
      GROUP BY d.id, l.product_id
    )
    SELECT d.id AS order_id, d.number, to_char(d.delivery_date, 'YYYY-MM-DD') AS delivery_date,
      d.location_id, n.product_id, n.missing::text AS missing,
      (coalesce((
        SELECT sum(p.quantity) FROM production_orders p
        WHERE p.requested_order_id = d.id AND p.product_id = n.product_id
          AND p.target_location_id = d.location_id AND p.status IN ('PLANNED', 'IN_PROGRESS')
          AND p.planned_end >= ${today}::date AND p.planned_end <= d.delivery_date), 0)
      + coalesce((
        SELECT sum(pi.quantity - pi.received_quantity)
        FROM purchase_orders po JOIN purchase_order_items pi ON pi.purchase_order_id = po.id
        WHERE po.requested_order_id = d.id AND pi.item_id = n.product_id
          AND po.location_id = d.location_id AND po.status IN ('APPROVED', 'PARTIALLY_RECEIVED')
          AND po.expected_date >= ${today}::date AND po.expected_date <= d.delivery_date), 0)
      )::text AS coming,
      greatest(coalesce((
        SELECT b.quantity FROM stock_balances b
        WHERE b.item_id = n.product_id AND b.location_id = d.location_id), 0)
      - coalesce((
        SELECT sum(r.quantity) FROM stock_reservations r
        WHERE r.item_id = n.product_id AND r.location_id = d.location_id), 0), 0)::text AS free
    FROM needs n
    JOIN due d ON d.id = n.order_id
    WHERE n.missing > 0`.execute(db);
  return rows;
}

/** The ids of the orders at risk today, ascending. */
export async function findOrdersAtRisk(db: DbOrTrx, today: string): Promise<number[]> {
  return ordersAtRisk(await findOrderNeeds(db, today));
}
