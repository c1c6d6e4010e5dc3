import {
  sql,
  type Insertable,
  type RawBuilder,
  type Selectable,
  type SelectQueryBuilder,
} from 'kysely';
import type { StockMovementListQuery } from '../../../shared/resources/stock-movements.js';
import type { DbOrTrx, Trx } from '../../db/connection.js';
import type { Database, StockMovementsTable, StockOriginType } from '../../db/types.js';
import { ValidationError } from '../../platform/errors.js';
import { escapeLike } from '../../platform/repository.js';
import { messages } from '../../../shared/messages.js';
import type { BalanceKey } from './stock-movements.rules.js';
import { heldAt, type HeldRow } from './stock-reservations.repo.js';

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

/** What each item has on hand in all locations (the items' screens). */
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

/** What a posting reads once its items are locked (readUnderItemLocks). */
export interface PostingState {
  locationNames: Map<number, string>;
  /** On hand in all locations, by item. */
  onHand: Map<number, string>;
  /** The balance rows that exist among those asked, locked, by `item:location`. */
  balances: Map<string, string>;
  /** What other sales orders hold at the outflows' balances, by `item:location`. */
  held: Map<string, HeldRow>;
}

/**
 * The second statement of a posting, after lockItems: the locations' names, what each item has on
 * hand, the balance rows it will change (locked in the order of `balanceKeys`: item, then
 * location) and the reservations at its outflows' balances. One statement, after the items'
 * locks: its snapshot is taken once every other posting or reservation of these items has ended
 * (they take the same locks first), so nothing it reads is stale. A balance row that does not
 * exist yet is created by the first entry into it; the item's lock keeps every other posting of
 * that item out meanwhile.
 */
export async function readUnderItemLocks(
  trx: Trx,
  input: {
    itemIds: number[];
    locationIds: number[];
    balanceKeys: BalanceKey[];
    outflowKeys: BalanceKey[];
    exceptOrderId: number | null;
  },
): Promise<PostingState> {
  const { itemIds, locationIds, balanceKeys, outflowKeys, exceptOrderId } = input;
  const { rows } = await sql<{
    locationNames: Record<string, string> | null;
    onHand: Record<string, string> | null;
    balances: Record<string, string> | null;
    held: Record<string, HeldRow> | null;
  }>`
    WITH locked AS (
      SELECT b.item_id, b.location_id, b.quantity
      FROM stock_balances b
      JOIN unnest(${balanceKeys.map((k) => k.itemId)}::integer[],
        ${balanceKeys.map((k) => k.locationId)}::integer[]) AS k (item_id, location_id)
        ON b.item_id = k.item_id AND b.location_id = k.location_id
      ORDER BY b.item_id, b.location_id
      FOR UPDATE OF b
    )
    SELECT
      (SELECT json_object_agg(id, name) FROM stock_locations
        WHERE id = ANY(${locationIds}::integer[])) AS location_names,
      (SELECT json_object_agg(item_id, quantity::text) FROM (
        SELECT item_id, sum(quantity) AS quantity FROM stock_balances
        WHERE item_id = ANY(${itemIds}::integer[]) GROUP BY item_id) s) AS on_hand,
      (SELECT json_object_agg(item_id || ':' || location_id, quantity::text) FROM locked) AS balances,
      (SELECT json_object_agg(item_id || ':' || location_id, json_build_object('itemId', item_id,
          'locationId', location_id, 'quantity', quantity, 'orderNumbers', order_numbers))
        FROM (${heldAt(outflowKeys, exceptOrderId)}) h) AS held`.execute(trx);
  const row = rows[0]!;
  const byNumber = (record: Record<string, string> | null) =>
    new Map(Object.entries(record ?? {}).map(([key, value]) => [Number(key), value]));
  return {
    locationNames: byNumber(row.locationNames),
    onHand: byNumber(row.onHand),
    balances: new Map(Object.entries(row.balances ?? {})),
    held: new Map(Object.entries(row.held ?? {})),
  };
}

/**
 * One movement of a posting, in one statement: takes `quantity` from `take` only if the balance
 * has that much (the conditional update that keeps a balance from going negative however many
 * postings arrive at once), adds it to `add` (creating the row), and inserts the ledger row.
 * `taken` false: the balance had less, and the caller must roll the set back.
 */
export async function writeMovement(
  trx: Trx,
  input: {
    take: BalanceKey | null;
    add: BalanceKey | null;
    movement: Insertable<StockMovementsTable>;
  },
): Promise<{ row: Selectable<StockMovementsTable>; taken: boolean }> {
  const { take, add, movement: m } = input;
  const quantity = m.quantity;
  const steps = [
    ...(take
      ? [
          sql`taken AS (
            UPDATE stock_balances SET quantity = quantity - ${quantity}::numeric
            WHERE item_id = ${take.itemId} AND location_id = ${take.locationId}
              AND quantity >= ${quantity}::numeric
            RETURNING 1)`,
        ]
      : []),
    ...(add
      ? [
          sql`added AS (
            INSERT INTO stock_balances (item_id, location_id, quantity)
            VALUES (${add.itemId}, ${add.locationId}, ${quantity})
            ON CONFLICT (item_id, location_id)
              DO UPDATE SET quantity = stock_balances.quantity + excluded.quantity
            RETURNING 1)`,
        ]
      : []),
    sql`movement AS (
      INSERT INTO stock_movements (date, type, item_id, from_location_id, to_location_id, quantity,
        unit_cost, value, origin_type, origin_id, notes, user_id, reversal_of)
      VALUES (${m.date}, ${m.type}, ${m.itemId}, ${m.fromLocationId}, ${m.toLocationId},
        ${quantity}, ${m.unitCost}, ${m.value}, ${m.originType}, ${m.originId}, ${m.notes},
        ${m.userId}, ${m.reversalOf})
      RETURNING *)`,
  ];
  const { rows } = await sql<Selectable<StockMovementsTable> & { taken: number }>`
    WITH ${sql.join(steps)}
    SELECT movement.*, ${take ? sql`(SELECT count(*) FROM taken)` : sql`1`}::integer AS taken
    FROM movement`.execute(trx);
  const { taken, ...row } = rows[0]!;
  return { row, taken: taken === 1 };
}

/**
 * The last statement of a posting: the items' new valuation (a purchase receipt also records its
 * price; null keeps the last one) and the movements' audit, in one round trip.
 */
export async function writeValuationsAndAudit(
  trx: Trx,
  valuations: {
    itemId: number;
    averageCost: string;
    stockValue: string;
    lastPurchasePrice: string | null;
  }[],
  audit: RawBuilder<unknown>,
): Promise<void> {
  await sql`
    WITH valued AS (
      UPDATE items i SET average_cost = v.average_cost, stock_value = v.stock_value,
        last_purchase_price = coalesce(v.last_purchase_price, i.last_purchase_price)
      FROM unnest(${valuations.map((v) => v.itemId)}::integer[],
        ${valuations.map((v) => v.averageCost)}::numeric[],
        ${valuations.map((v) => v.stockValue)}::numeric[],
        ${valuations.map((v) => v.lastPurchasePrice)}::numeric[])
        AS v (id, average_cost, stock_value, last_purchase_price)
      WHERE i.id = v.id
    )
    ${audit}`.execute(trx);
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
