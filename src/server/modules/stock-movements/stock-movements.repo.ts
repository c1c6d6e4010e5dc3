import { sql, type Insertable, type SelectQueryBuilder } from 'kysely';
import type { StockMovementListQuery } from '../../../shared/resources/stock-movements.js';
import type { DbOrTrx, Trx } from '../../db/connection.js';
import type { Database, StockMovementsTable, StockOriginType } from '../../db/types.js';
import { ValidationError } from '../../platform/errors.js';
import { escapeLike } from '../../platform/repository.js';
import { messages } from '../../../shared/messages.js';
import type { BalanceKey } from './stock-movements.rules.js';

/**
 * The stock ledger's queries. Every function takes the posting's transaction: the rows it locks
 * stay locked until that transaction ends.
 */

export interface LockedItem {
  id: number;
  name: string;
  unitDecimals: number;
  averageCost: string;
  stockValue: string;
}

/**
 * Locks the items' rows in id order (the first step of every posting, so that two postings that
 * share an item queue on it) and reads what valuation needs. FOR NO KEY UPDATE: an order line
 * inserted meanwhile only needs the item's key (FOR KEY SHARE), which this lock does not block.
 */
export async function lockItems(trx: Trx, ids: number[]): Promise<LockedItem[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<LockedItem>`
    SELECT i.id, i.name, u.decimals AS unit_decimals, i.average_cost, i.stock_value
    FROM items i JOIN units_of_measurement u ON u.id = i.unit_id
    WHERE i.id = ANY(${ids}::integer[])
    ORDER BY i.id
    FOR NO KEY UPDATE OF i`.execute(trx);
  return rows;
}

/**
 * What each item has on hand in all locations. A posting reads it in a statement of its own after
 * lockItems: a statement that waited for a lock still sees other tables as they were when it
 * started.
 */
export async function onHand(db: DbOrTrx, itemIds: number[]): Promise<Map<number, string>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('stockBalances')
    .select(['itemId', sql<string>`sum(quantity)`.as('quantity')])
    .where('itemId', 'in', itemIds)
    .groupBy('itemId')
    .execute();
  return new Map(rows.map((row) => [row.itemId, row.quantity]));
}

export async function findLocationNames(trx: Trx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await trx
    .selectFrom('stockLocations')
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * Locks the balance rows that exist among `keys`, which come in lock order (item, then location),
 * and answers their quantities. A row that does not exist yet is created by the first entry into
 * it; the item's lock already keeps every other posting of that item out.
 */
export async function lockBalances(trx: Trx, keys: BalanceKey[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const { rows } = await sql<{ itemId: number; locationId: number; quantity: string }>`
    SELECT b.item_id, b.location_id, b.quantity
    FROM stock_balances b
    JOIN unnest(${keys.map((k) => k.itemId)}::integer[], ${keys.map((k) => k.locationId)}::integer[])
      AS k (item_id, location_id) ON b.item_id = k.item_id AND b.location_id = k.location_id
    ORDER BY b.item_id, b.location_id
    FOR UPDATE OF b`.execute(trx);
  return new Map(rows.map((row) => [`${row.itemId}:${row.locationId}`, row.quantity]));
}

/**
 * Takes `quantity` from a balance only if it has that much: the conditional update that keeps a
 * balance from going negative however many postings arrive at once. Undefined: not enough.
 */
export async function takeFromBalance(
  trx: Trx,
  key: BalanceKey,
  quantity: string,
): Promise<string | undefined> {
  const row = await trx
    .updateTable('stockBalances')
    .set({ quantity: sql`quantity - ${quantity}::numeric` })
    .where('itemId', '=', key.itemId)
    .where('locationId', '=', key.locationId)
    .where('quantity', '>=', quantity)
    .returning('quantity')
    .executeTakeFirst();
  return row?.quantity;
}

export async function addToBalance(trx: Trx, key: BalanceKey, quantity: string): Promise<string> {
  const row = await trx
    .insertInto('stockBalances')
    .values({ itemId: key.itemId, locationId: key.locationId, quantity })
    .onConflict((oc) =>
      oc
        .columns(['itemId', 'locationId'])
        .doUpdateSet({ quantity: sql`stock_balances.quantity + excluded.quantity` }),
    )
    .returning('quantity')
    .executeTakeFirstOrThrow();
  return row.quantity;
}

/** What an item's movements dated after `date` added to (or took from) a location, in all. */
export async function changeAfter(trx: Trx, key: BalanceKey, date: string): Promise<string> {
  const { rows } = await sql<{ change: string }>`
    SELECT coalesce(sum(CASE WHEN to_location_id = ${key.locationId} THEN quantity ELSE -quantity END), 0)
      AS change
    FROM stock_movements
    WHERE item_id = ${key.itemId} AND date > ${date}::date
      AND (from_location_id = ${key.locationId} OR to_location_id = ${key.locationId})`.execute(
    trx,
  );
  return rows[0]!.change;
}

/**
 * The first point of a location's ledger, from `date` on, where the balance of the item is below
 * zero: the balance after each movement in (date, id) order, worked back from the current one.
 * Undefined: the balance never goes negative.
 */
export async function firstNegativeBalance(
  trx: Trx,
  key: BalanceKey,
  date: string,
  current: string,
): Promise<{ date: string; balance: string } | undefined> {
  const { rows } = await sql<{ date: string; balance: string }>`
    SELECT date, balance FROM (
      SELECT id, date, ${current}::numeric - coalesce(sum(change) OVER (
        ORDER BY date DESC, id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS balance
      FROM (
        SELECT id, date, CASE WHEN to_location_id = ${key.locationId} THEN quantity ELSE -quantity END
          AS change
        FROM stock_movements
        WHERE item_id = ${key.itemId} AND date >= ${date}::date
          AND (from_location_id = ${key.locationId} OR to_location_id = ${key.locationId})
      ) ledger
    ) running
    WHERE balance < 0
    ORDER BY date, id
    LIMIT 1`.execute(trx);
  return rows[0];
}

export function insertMovement(trx: Trx, values: Insertable<StockMovementsTable>) {
  return trx.insertInto('stockMovements').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The item's valuation after a posting; a purchase receipt also records its price. */
export async function updateValuation(
  trx: Trx,
  itemId: number,
  values: { averageCost: string; stockValue: string; lastPurchasePrice?: string },
): Promise<void> {
  await trx.updateTable('items').set(values).where('id', '=', itemId).execute();
}

/** A movement, locked so that two reversals of it queue and the second sees the first. */
export function lockMovement(trx: Trx, id: number) {
  return trx
    .selectFrom('stockMovements')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The document a movement's origin points at, by its number and status, for the message that
 * refuses reversing it by hand. Reads the purchasing and production tables in a plain query (a
 * join's read, which the module rules allow): those modules import this one, so asking their
 * index.ts would be a cycle. Documents without a table yet (received orders, invoices): none.
 */
export async function findOriginDocument(
  trx: Trx,
  type: StockOriginType,
  id: number,
): Promise<{ number: number; status: string } | undefined> {
  if (type === 'PURCHASE_ORDER') {
    return trx
      .selectFrom('purchaseOrders')
      .select(['number', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
  }
  if (type === 'PRODUCTION_ORDER') {
    return trx
      .selectFrom('productionOrders')
      .select(['number', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
  }
  return undefined;
}

export async function findReversal(trx: Trx, id: number): Promise<number | undefined> {
  const row = await trx
    .selectFrom('stockMovements')
    .select('id')
    .where('reversalOf', '=', id)
    .executeTakeFirst();
  return row?.id;
}

type MovementQuery<O> = SelectQueryBuilder<Database & { m: StockMovementsTable }, 'm', O>;

/** The list's filters (DOMAIN §4); `q` finds the item by code, name or barcode. */
function filtered<O>(qb: MovementQuery<O>, query: StockMovementListQuery): MovementQuery<O> {
  let out = qb;
  if (query.dateFrom) out = out.where('m.date', '>=', query.dateFrom);
  if (query.dateTo) out = out.where('m.date', '<=', query.dateTo);
  if (query.type) out = out.where('m.type', 'in', query.type);
  if (query.itemId) out = out.where('m.itemId', '=', query.itemId);
  if (query.locationId) {
    const locationId = query.locationId;
    out = out.where((eb) =>
      eb.or([eb('m.fromLocationId', '=', locationId), eb('m.toLocationId', '=', locationId)]),
    );
  }
  if (query.originType) out = out.where('m.originType', 'in', query.originType);
  if (query.originId) out = out.where('m.originId', '=', query.originId);
  if (query.q) {
    const like = `%${escapeLike(query.q)}%`;
    out = out.where(
      'm.itemId',
      'in',
      sql<number>`(SELECT id FROM items WHERE search_text LIKE f_unaccent(lower(${like})))`,
    );
  }
  return out;
}

/** A movement with the names of its item, unit, locations and user, and its reversal's id. */
function withNames(db: DbOrTrx) {
  return db
    .selectFrom('stockMovements as m')
    .innerJoin('items as i', 'i.id', 'm.itemId')
    .innerJoin('unitsOfMeasurement as u', 'u.id', 'i.unitId')
    .leftJoin('stockLocations as f', 'f.id', 'm.fromLocationId')
    .leftJoin('stockLocations as t', 't.id', 'm.toLocationId')
    .leftJoin('users as usr', 'usr.id', 'm.userId')
    .selectAll('m')
    .select((eb) => [
      'i.code as itemCode',
      'i.name as itemName',
      'u.code as unitCode',
      'u.decimals as unitDecimals',
      'f.name as fromLocationName',
      't.name as toLocationName',
      'usr.name as userName',
      eb
        .selectFrom('stockMovements as r')
        .select('r.id')
        .whereRef('r.reversalOf', '=', 'm.id')
        .as('reversedBy'),
    ]);
}

export type MovementWithNames = Awaited<ReturnType<typeof findMovementWithNames>> & object;

export function findMovementWithNames(db: DbOrTrx, id: number) {
  return withNames(db).where('m.id', '=', id).executeTakeFirst();
}

/** Newest first unless `sort=date`: the ledger's own order, (date, id). */
export async function listMovements(db: DbOrTrx, query: StockMovementListQuery) {
  const sort = query.sort ?? '-date';
  if (sort !== 'date' && sort !== '-date') throw new ValidationError({ sort: messages.invalid });
  const direction = sort === 'date' ? 'asc' : 'desc';
  const [items, count] = await Promise.all([
    filtered(withNames(db), query)
      .orderBy('m.date', direction)
      .orderBy('m.id', direction)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    filtered(db.selectFrom('stockMovements as m'), query)
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.total) };
}
