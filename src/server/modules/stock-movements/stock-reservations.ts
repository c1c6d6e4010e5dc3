import { Decimal } from 'decimal.js';
import type { DbOrTrx, Trx } from '../../db/connection.js';
import { lockItems } from './stock-movements.repo.js';
import {
  balancesAt,
  deleteReservations,
  reservationsOfLines,
  reservedAt,
  salesLinesWaitingFor,
  setReservation,
} from './stock-reservations.repo.js';

/**
 * Reservations of sales order lines (DOMAIN §7, issue 19), in the caller's transaction. Each
 * locks the items' rows first, in id order, as a posting does, so that what it reads of the
 * balances and of the other reservations cannot change until the transaction ends: two
 * approvals at once never reserve the same units, and a posting waits for them.
 */

export interface ReservationWanted {
  lineId: number;
  itemId: number;
  locationId: number;
  /** What the line still needs held: its quantity − what has been invoiced of it. */
  wanted: string;
}

/**
 * Tops up each line's reservation towards `wanted` from what is free at its location (on hand −
 * every reservation), never above either; lines are served in the order given. Answers what each
 * line holds after it.
 */
export async function reserveLines(
  trx: Trx,
  lines: readonly ReservationWanted[],
): Promise<Map<number, string>> {
  if (lines.length === 0) return new Map();
  await lockItems(
    trx,
    [...new Set(lines.map((line) => line.itemId))].sort((a, b) => a - b),
  );
  const keys = lines.map(({ itemId, locationId }) => ({ itemId, locationId }));
  const [balances, held, current] = await Promise.all([
    balancesAt(trx, keys),
    reservedAt(trx, keys),
    reservationsOfLines(
      trx,
      lines.map((line) => line.lineId),
    ),
  ]);
  const free = new Map<string, Decimal>();
  const freeAt = (key: string) =>
    free.get(key) ?? new Decimal(balances.get(key) ?? 0).minus(held.get(key)?.quantity ?? 0);
  const result = new Map<number, string>();
  for (const line of lines) {
    const key = `${line.itemId}:${line.locationId}`;
    const has = new Decimal(current.get(line.lineId) ?? 0);
    const add = Decimal.max(0, Decimal.min(new Decimal(line.wanted).minus(has), freeAt(key)));
    free.set(key, freeAt(key).minus(add));
    const holds = has.plus(add);
    if (!add.isZero()) await setReservation(trx, line, holds.toFixed(3));
    result.set(line.lineId, holds.toFixed(3));
  }
  return result;
}

/** Releases everything these lines hold (an order closed or cancelled). */
export function releaseReservations(trx: Trx, lineIds: readonly number[]): Promise<void> {
  return deleteReservations(trx, lineIds);
}

export { reservationsOfLines };

/**
 * Goods that arrived for a sales order (a production order or a purchase made for it, completed
 * or received): reserved for the order's lines that ask for them, as far as they still wait, in
 * the arrival's transaction. Nothing when the order no longer waits or ships from elsewhere.
 */
export async function reserveArrivalForOrder(
  trx: Trx,
  arrival: { requestedOrderId: number; itemId: number; locationId: number },
): Promise<void> {
  const lines = await salesLinesWaitingFor(
    trx,
    arrival.requestedOrderId,
    arrival.itemId,
    arrival.locationId,
  );
  await reserveLines(
    trx,
    lines.map((line) => ({ ...line, itemId: arrival.itemId, locationId: arrival.locationId })),
  );
}

/** On hand and reserved (by every order) at each (item, location) asked. */
export async function stockAt(
  trx: DbOrTrx,
  keys: readonly { itemId: number; locationId: number }[],
): Promise<Map<string, { onHand: string; reserved: string }>> {
  const [balances, held] = await Promise.all([balancesAt(trx, keys), reservedAt(trx, keys)]);
  return new Map(
    keys.map(({ itemId, locationId }) => {
      const key = `${itemId}:${locationId}`;
      return [
        key,
        {
          onHand: new Decimal(balances.get(key) ?? 0).toFixed(3),
          reserved: new Decimal(held.get(key)?.quantity ?? 0).toFixed(3),
        },
      ];
    }),
  );
}

/**
 * What invoicing took of each line's reservation ("Faturar" of a sales order): each line holds
 * less by the quantity invoiced, never below zero.
 */
export async function consumeReservations(
  trx: Trx,
  taken: readonly { lineId: number; itemId: number; locationId: number; quantity: string }[],
): Promise<void> {
  const current = await reservationsOfLines(
    trx,
    taken.map((line) => line.lineId),
  );
  for (const line of taken) {
    const holds = current.get(line.lineId);
    if (holds === undefined) continue;
    const left = Decimal.max(0, new Decimal(holds).minus(line.quantity));
    await setReservation(trx, line, left.toFixed(3));
  }
}
