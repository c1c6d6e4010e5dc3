import { Decimal } from 'decimal.js';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import {
  ErrorCode,
  errorMessages,
  type NegativePastBalanceDetail,
  type StockShortageDetail,
} from '../../../shared/error-codes.js';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import { date, quantity, quantityFitsUnit, unitCost } from '../../../shared/fields.js';
import { messages } from '../../../shared/messages.js';
import { formatRequestedOrderNumber } from '../../../shared/resources/requested-orders.js';
import { formatDecimal } from '../../../shared/money.js';
import type { Trx } from '../../db/connection.js';
import type { StockMovementsTable, StockOriginType } from '../../db/types.js';
import { auditInsert, recordAudit, type AuditContext } from '../../platform/audit.js';
import {
  BusinessRuleError,
  ConflictError,
  NotFoundError,
  ValidationError,
} from '../../platform/errors.js';
import { stockClosedThrough } from '../company/index.js';
import {
  changeAfter,
  findOriginDocument,
  findReversal,
  firstNegativeBalance,
  lockItems,
  lockMovement,
  readUnderItemLocks,
  writeMovement,
  writeValuationsAndAudit,
  type LockedItem,
} from './stock-movements.repo.js';
import { documentMovementMessage } from './stock-movements.documents.js';
import type { HeldRow } from './stock-reservations.repo.js';
import {
  COST_SCALE,
  MAX_VALUE,
  balanceKeyOf,
  balancesOf,
  dateProblem,
  formatDate,
  lockOrder,
  valueInflow,
  valueInflowOfValue,
  valueOutflow,
  valueTransfer,
  type BalanceKey,
  type MovementType,
  type Valuation,
  type Valued,
} from './stock-movements.rules.js';

/** The audit log's entity of a movement: the resource's path name (DOMAIN §1). */
const ENTITY = 'stock-movements';
/** numeric(15,3): the largest balance a row holds. */
const MAX_QUANTITY = new Decimal('999999999999.999');

export interface MovementOrigin {
  type: StockOriginType;
  /** The document's id; none for a manual movement. */
  id: number | null;
}

interface MovementCommon {
  itemId: number;
  /** 'YYYY-MM-DD'; today (São Paulo) when absent. */
  date?: string;
  /** Manual when absent. */
  origin?: MovementOrigin;
  notes?: string | null;
  /**
   * Where the caller's input has this movement, for the fields of a 400 (`items.2` gives
   * `items.2.quantity`; '' gives `quantity`). Default: its index in the set.
   */
  path?: string;
}

/** One movement to post (DOMAIN §4). Quantities and costs are decimal strings. */
export type MovementInput = MovementCommon &
  (
    | {
        type: 'IN';
        toLocationId: number;
        quantity: string;
        /** The cost of one unit; without it the entry comes in at the average cost. */
        unitCost?: string | null;
        /**
         * The entry's total value, exact (a production order's total cost, a purchase lot's
         * cents): it is what enters the stock value. With it, `unitCost` is only recorded (a
         * purchase lot's landed unit cost); without one, it is derived (value ÷ quantity).
         */
        value?: string;
      }
    | { type: 'OUT'; fromLocationId: number; quantity: string }
    | { type: 'TRANSFER'; fromLocationId: number; toLocationId: number; quantity: string }
    /** The quantity counted at the location at the end of `date`; the difference is recorded. */
    | { type: 'ADJUSTMENT'; locationId: number; countedQuantity: string }
  );

/** A movement of the ledger as the API shows it. */
export interface StockMovement {
  id: number;
  date: string;
  type: MovementType;
  itemId: number;
  fromLocationId: number | null;
  toLocationId: number | null;
  quantity: string;
  unitCost: string;
  /** What it added to or took from the item's stock value. */
  value: string;
  origin: MovementOrigin;
  notes: string | null;
  userId: number | null;
  reversalOf: number | null;
  createdAt: string;
}

/** A movement once its input is read: what the posting works with. */
interface Draft {
  path: string;
  type: MovementType;
  itemId: number;
  date: string;
  origin: MovementOrigin;
  notes: string | null;
  reversalOf: number | null;
  fromLocationId: number | null;
  toLocationId: number | null;
  /** Null for an adjustment until its difference is known. */
  quantity: Decimal | null;
  /** An adjustment's counted quantity and location. */
  counted: { quantity: Decimal; locationId: number } | null;
  /**
   * A cost of its own (an entry with cost, a reversal; with `value`, the cost recorded beside
   * it); null: at the average (with `value`: derived from it).
   */
  unitCost: Decimal | null;
  /** An entry's exact total value (`valueInflowOfValue`); null: quantity × the unit cost. */
  value: Decimal | null;
}

const fieldOf = (draft: { path: string }, field: string) =>
  draft.path === '' ? field : `${draft.path}.${field}`;

function toApi(row: Selectable<StockMovementsTable>): StockMovement {
  return {
    id: row.id,
    date: row.date,
    type: row.type,
    itemId: row.itemId,
    fromLocationId: row.fromLocationId,
    toLocationId: row.toLocationId,
    quantity: row.quantity,
    unitCost: row.unitCost,
    value: row.value,
    origin: { type: row.originType, id: row.originId },
    notes: row.notes,
    userId: row.userId,
    reversalOf: row.reversalOf,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Reads the inputs as drafts, or answers 400 with every field that is wrong. */
function read(inputs: MovementInput[], today: string): Draft[] {
  const fields: Record<string, string> = {};
  const parse = <S extends z.ZodType>(
    draft: { path: string },
    field: string,
    schema: S,
    value: unknown,
  ): z.output<S> | null => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    fields[fieldOf(draft, field)] = result.error.issues[0]?.message ?? messages.invalid;
    return null;
  };
  const drafts = inputs.map((input, index): Draft => {
    const path = input.path ?? String(index);
    const at = { path };
    const origin = input.origin ?? { type: 'MANUAL', id: null };
    const draft: Draft = {
      path,
      type: input.type,
      itemId: input.itemId,
      date: input.date === undefined ? today : (parse(at, 'date', date(), input.date) ?? today),
      origin: origin.type === 'MANUAL' ? { type: 'MANUAL', id: null } : origin,
      notes: input.notes ?? null,
      reversalOf: null,
      fromLocationId: null,
      toLocationId: null,
      quantity: null,
      counted: null,
      unitCost: null,
      value: null,
    };
    const decimal = (text: string | null) => (text === null ? null : new Decimal(text));
    switch (input.type) {
      case 'IN':
        draft.toLocationId = input.toLocationId;
        draft.quantity = decimal(parse(at, 'quantity', quantity(), input.quantity));
        if (input.value !== undefined) {
          draft.value = decimal(parse(at, 'value', unitCost(), input.value));
        }
        if (input.unitCost !== undefined && input.unitCost !== null) {
          draft.unitCost = decimal(parse(at, 'unitCost', unitCost(), input.unitCost));
        }
        break;
      case 'OUT':
        draft.fromLocationId = input.fromLocationId;
        draft.quantity = decimal(parse(at, 'quantity', quantity(), input.quantity));
        break;
      case 'TRANSFER':
        draft.fromLocationId = input.fromLocationId;
        draft.toLocationId = input.toLocationId;
        draft.quantity = decimal(parse(at, 'quantity', quantity(), input.quantity));
        if (input.fromLocationId === input.toLocationId) {
          fields[fieldOf(draft, 'toLocationId')] = messages.stock.sameLocation;
        }
        break;
      case 'ADJUSTMENT': {
        const counted = parse(
          at,
          'countedQuantity',
          quantity({ allowZero: true }),
          input.countedQuantity,
        );
        if (counted !== null) {
          draft.counted = { quantity: new Decimal(counted), locationId: input.locationId };
        }
        break;
      }
    }
    return draft;
  });
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  return drafts;
}

/** The locations a draft names, by its field. */
function locationFields(draft: Draft): [string, number][] {
  if (draft.counted) return [['locationId', draft.counted.locationId]];
  return [
    ...(draft.fromLocationId === null
      ? []
      : [['fromLocationId', draft.fromLocationId] as [string, number]]),
    ...(draft.toLocationId === null
      ? []
      : [['toLocationId', draft.toLocationId] as [string, number]]),
  ];
}

function balanceKeysOf(draft: Draft): BalanceKey[] {
  return locationFields(draft).map(([, locationId]) => ({ itemId: draft.itemId, locationId }));
}

/**
 * Posts drafts that have passed `read`: the whole of postMovements and of a reversal once their
 * inputs are known. Steps, each one statement (round trips are what a posting waits on, holding
 * its items' locks): no future dates; lock the items (id order); then, under those locks, read the
 * locations' names, what is on hand, the balances (locked, item then location order) and the
 * reservations; references and the unit's decimals; then each movement in the order given: its
 * balances and its ledger row together. Then the checks that need the whole set (the closed
 * period, shortages, backdated balances), and the items' valuation with the audit.
 */
async function post(
  trx: Trx,
  ctx: AuditContext,
  drafts: Draft[],
  today: string,
  /** The sales order whose own reservations an outflow may take (its invoicing). */
  reservationsOf: number | null = null,
): Promise<StockMovement[]> {
  if (drafts.length === 0) return [];

  const fields: Record<string, string> = {};
  for (const draft of drafts) {
    if (dateProblem(draft.date, today, null) === 'future') {
      fields[fieldOf(draft, 'date')] = messages.stock.futureDate;
    }
  }
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);

  const itemIds = [...new Set(drafts.map((draft) => draft.itemId))].sort((a, b) => a - b);
  const items = new Map((await lockItems(trx, itemIds)).map((item) => [item.id, item]));
  // Units reserved for sales orders are not free for other outflows (issue 19): what each
  // balance an outflow draws on holds for other orders.
  const outflowKeys = drafts.flatMap((draft) => {
    const { from } = balancesOf(draft);
    return from && !draft.counted ? [from] : [];
  });
  const state = await readUnderItemLocks(trx, {
    itemIds,
    locationIds: [...new Set(drafts.flatMap((draft) => locationFields(draft).map(([, id]) => id)))],
    balanceKeys: lockOrder(drafts.flatMap(balanceKeysOf)),
    outflowKeys,
    exceptOrderId: reservationsOf,
  });
  const locations = state.locationNames;
  for (const draft of drafts) {
    const item = items.get(draft.itemId);
    if (!item) fields[fieldOf(draft, 'itemId')] = messages.errors.missingReference;
    for (const [field, id] of locationFields(draft)) {
      if (!locations.has(id)) fields[fieldOf(draft, field)] = messages.errors.missingReference;
    }
    const [field, amount] = draft.counted
      ? ['countedQuantity', draft.counted.quantity]
      : ['quantity', draft.quantity!];
    if (item && !quantityFitsUnit(amount.toFixed(), item.unitDecimals)) {
      fields[fieldOf(draft, field)] = messages.tooManyUnitDecimals(item.unitDecimals);
    }
  }
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);

  const valuations = new Map<number, Valuation>(
    [...items.values()].map((item) => [
      item.id,
      {
        quantity: new Decimal(state.onHand.get(item.id) ?? 0),
        value: new Decimal(item.stockValue),
        averageCost: new Decimal(item.averageCost),
      },
    ]),
  );
  const balances = new Map(
    [...state.balances.entries()].map(([key, value]) => [key, new Decimal(value)]),
  );
  const balanceOf = (key: BalanceKey) => balances.get(balanceKeyOf(key)) ?? new Decimal(0);
  const nameOf = (key: BalanceKey) => ({
    item: items.get(key.itemId)!,
    location: locations.get(key.locationId)!,
  });

  const shortages: { key: BalanceKey; required: Decimal; available: Decimal }[] = [];
  const posted: StockMovement[] = [];
  const purchasePrices = new Map<number, Decimal>();
  /** The earliest backdated outflow of each balance: its later balances are checked at the end. */
  const backdated = new Map<string, { key: BalanceKey; date: string }>();

  for (const draft of drafts) {
    if (draft.counted) await resolveAdjustment(trx, draft, balanceOf, today);
    const amount = draft.quantity!;
    const { from, to } = balancesOf(draft);
    if (from) {
      const reserved = draft.counted ? undefined : state.held.get(balanceKeyOf(from));
      if (reserved && balanceOf(from).minus(reserved.quantity).lessThan(amount)) {
        // Short of the balance itself is a shortage like any other; short only of what is free
        // is the reservations' refusal.
        if (!balanceOf(from).lessThan(amount))
          throw stockReserved(from, reserved, balanceOf(from), nameOf);
      }
      // The balances are locked and known: a shortage is seen here, before writing.
      if (balanceOf(from).lessThan(amount)) {
        shortages.push({ key: from, required: amount, available: balanceOf(from) });
        continue;
      }
      balances.set(balanceKeyOf(from), balanceOf(from).minus(amount));
      if (draft.date < today) {
        const known = backdated.get(balanceKeyOf(from));
        if (!known || draft.date < known.date) {
          backdated.set(balanceKeyOf(from), { key: from, date: draft.date });
        }
      }
    }
    if (to) {
      if (balanceOf(to).plus(amount).greaterThan(MAX_QUANTITY)) {
        throw new ValidationError({ [fieldOf(draft, 'quantity')]: messages.outOfRange });
      }
      balances.set(balanceKeyOf(to), balanceOf(to).plus(amount));
    }
    // A set that cannot be posted is only checked to the end, to name every shortage; nothing
    // more is written.
    if (shortages.length > 0) continue;

    const before = valuations.get(draft.itemId)!;
    const valued: Valued =
      from && to
        ? valueTransfer(before, amount)
        : to
          ? draft.value
            ? valueInflowOfValue(before, amount, draft.value, draft.unitCost)
            : valueInflow(before, amount, draft.unitCost)
          : valueOutflow(before, amount, draft.unitCost);
    if (valued.value.greaterThan(MAX_VALUE) || valued.after.value.greaterThan(MAX_VALUE)) {
      throw new ValidationError({ [fieldOf(draft, 'quantity')]: messages.outOfRange });
    }
    valuations.set(draft.itemId, valued.after);
    if (draft.type === 'IN' && draft.unitCost && draft.origin.type === 'PURCHASE_ORDER') {
      purchasePrices.set(draft.itemId, draft.unitCost);
    }
    const { row, taken } = await writeMovement(trx, {
      take: from,
      add: to,
      movement: {
        date: draft.date,
        type: draft.type,
        itemId: draft.itemId,
        fromLocationId: draft.fromLocationId,
        toLocationId: draft.toLocationId,
        quantity: amount.toFixed(3),
        unitCost: valued.unitCost.toFixed(COST_SCALE),
        value: valued.value.toFixed(COST_SCALE),
        originType: draft.origin.type,
        originId: draft.origin.id,
        notes: draft.notes,
        userId: ctx.userId,
        reversalOf: draft.reversalOf,
      },
    });
    // Under the locks the balance cannot have changed since it was read; the database's own
    // condition stays the last guard, and a set it refuses is refused whole.
    if (!taken) {
      shortages.push({ key: from!, required: amount, available: balanceOf(from!).plus(amount) });
    }
    posted.push(toApi(row));
  }

  // The closed period is read after the movements are inserted: an insert waits while a close
  // holds the ledger (stock-closings), so a posting caught by one reads the new date here and is
  // refused, instead of landing in the period after its snapshot was taken.
  await refuseClosedPeriod(trx, drafts, today);
  if (shortages.length > 0) throw insufficientStock(shortages, nameOf);
  for (const { key, date: since } of backdated.values()) {
    const negative = await firstNegativeBalance(trx, key, since, balanceOf(key).toFixed(3));
    if (negative) {
      const { item, location } = nameOf(key);
      const detail: NegativePastBalanceDetail = {
        itemId: key.itemId,
        item: item.name,
        locationId: key.locationId,
        location,
        date: negative.date,
        balance: new Decimal(negative.balance).toFixed(3),
      };
      throw new BusinessRuleError({
        code: ErrorCode.NEGATIVE_PAST_BALANCE,
        message: errorMessages.NEGATIVE_PAST_BALANCE({
          item: item.name,
          location,
          date: formatDate(negative.date),
          balance: formatDecimal(negative.balance, item.unitDecimals),
        }),
        details: [{ ...detail }],
      });
    }
  }

  const changedValuations = [...valuations].flatMap(([itemId, valuation]) => {
    const item = items.get(itemId)!;
    const averageCost = valuation.averageCost.toFixed(COST_SCALE);
    const stockValue = valuation.value.toFixed(COST_SCALE);
    const price = purchasePrices.get(itemId);
    const unchanged =
      averageCost === new Decimal(item.averageCost).toFixed(COST_SCALE) &&
      stockValue === new Decimal(item.stockValue).toFixed(COST_SCALE) &&
      !price;
    if (unchanged) return [];
    return [
      { itemId, averageCost, stockValue, lastPurchasePrice: price?.toFixed(COST_SCALE) ?? null },
    ];
  });
  await writeValuationsAndAudit(
    trx,
    changedValuations,
    auditInsert(
      ctx,
      posted.map((movement) => ({
        entity: ENTITY,
        entityId: movement.id,
        action: 'create',
        after: movement,
      })),
    ),
  );
  return posted;
}

/** 422 STOCK_PERIOD_CLOSED, on the first draft dated on or before "Estoque fechado até". */
async function refuseClosedPeriod(trx: Trx, drafts: Draft[], today: string): Promise<void> {
  const closedThrough = await stockClosedThrough(trx);
  const closed = drafts.find((draft) => dateProblem(draft.date, today, closedThrough) === 'closed');
  if (!closed) return;
  const message = errorMessages.STOCK_PERIOD_CLOSED(formatDate(closedThrough!));
  throw new BusinessRuleError({
    code: ErrorCode.STOCK_PERIOD_CLOSED,
    message,
    fields: { [fieldOf(closed, 'date')]: message },
  });
}

/**
 * An adjustment records the difference between what was counted and the balance at the end of
 * its date: the current balance less what movements dated later changed. Nothing to record
 * answers 422.
 */
async function resolveAdjustment(
  trx: Trx,
  draft: Draft,
  balanceOf: (key: BalanceKey) => Decimal,
  today: string,
): Promise<void> {
  const { quantity: counted, locationId } = draft.counted!;
  const key = { itemId: draft.itemId, locationId };
  const later =
    draft.date < today ? new Decimal(await changeAfter(trx, key, draft.date)) : new Decimal(0);
  const difference = counted.minus(balanceOf(key).minus(later));
  if (difference.isZero()) {
    const message = messages.stock.nothingToAdjust;
    throw new BusinessRuleError(message, { [fieldOf(draft, 'countedQuantity')]: message });
  }
  draft.quantity = difference.abs();
  if (difference.isPositive()) draft.toLocationId = locationId;
  else draft.fromLocationId = locationId;
}

function insufficientStock(
  shortages: { key: BalanceKey; required: Decimal; available: Decimal }[],
  nameOf: (key: BalanceKey) => { item: LockedItem; location: string },
): BusinessRuleError {
  const details: StockShortageDetail[] = shortages.map(({ key, required, available }) => ({
    itemId: key.itemId,
    item: nameOf(key).item.name,
    locationId: key.locationId,
    location: nameOf(key).location,
    required: required.toFixed(3),
    available: available.toFixed(3),
    missing: required.minus(available).toFixed(3),
  }));
  const first = shortages[0]!;
  const { item, location } = nameOf(first.key);
  return new BusinessRuleError({
    code: ErrorCode.INSUFFICIENT_STOCK,
    message: errorMessages.INSUFFICIENT_STOCK({
      item: item.name,
      location,
      available: formatDecimal(first.available.toFixed(), item.unitDecimals),
      required: formatDecimal(first.required.toFixed(), item.unitDecimals),
    }),
    details: details.map((detail) => ({ ...detail })),
  });
}

/** 422 STOCK_RESERVED: the outflow would take units other sales orders hold. */
function stockReserved(
  key: BalanceKey,
  reserved: HeldRow,
  balance: Decimal,
  nameOf: (key: BalanceKey) => { item: { name: string; unitDecimals: number }; location: string },
): BusinessRuleError {
  const { item, location } = nameOf(key);
  const free = Decimal.max(0, balance.minus(reserved.quantity));
  const orders = reserved.orderNumbers.map(formatRequestedOrderNumber);
  return new BusinessRuleError({
    code: ErrorCode.STOCK_RESERVED,
    message: errorMessages.STOCK_RESERVED({
      item: item.name,
      location,
      free: formatDecimal(free.toFixed(), item.unitDecimals),
      orders: orders.join(', '),
    }),
    details: [
      {
        itemId: key.itemId,
        locationId: key.locationId,
        free: free.toFixed(3),
        reserved: new Decimal(reserved.quantity).toFixed(3),
        orders,
      },
    ],
  });
}

/**
 * Posts a set of movements in the caller's transaction (DOMAIN §4), all or none: 400 for an input
 * that is wrong (a field path per movement), 422 for a closed period, a shortage (`details` lists
 * every one) or a backdated outflow that would have left a past balance negative. When it throws,
 * part of the set may already be written: the caller's transaction must end in a rollback, as it
 * does when the error is left to propagate out of `inTransaction`.
 */
export async function postMovements(
  trx: Trx,
  ctx: AuditContext,
  movements: MovementInput[],
  options: { reservationsOf?: number } = {},
): Promise<StockMovement[]> {
  const today = todayInSaoPaulo();
  return post(trx, ctx, read(movements, today), today, options.reservationsOf ?? null);
}

/**
 * "Estornar": writes the opposite of a movement, dated today, with its origin, at the value it
 * had, so that it takes out (or puts back) what the movement brought in (or took out). A movement
 * is reversed once (409 the second time, also when two reversals arrive together), and a reversal
 * is not reversed itself (422). `byHand` (Movimentação de Estoque's button) reverses only a MANUAL
 * movement: one a document made answers 422 DOCUMENT_MOVEMENT naming the document and what undoes
 * it there; the document's own action (cancelling a production order) reverses without it.
 */
export async function reverseMovement(
  trx: Trx,
  ctx: AuditContext,
  movementId: number,
  options: { byHand?: boolean } = {},
): Promise<StockMovement> {
  const original = await lockMovement(trx, movementId);
  if (!original) throw new NotFoundError();
  if (original.reversalOf !== null) throw new BusinessRuleError(messages.stock.reversalOfReversal);
  if ((await findReversal(trx, movementId)) !== undefined) {
    throw new ConflictError(errorMessages.ALREADY_REVERSED, ErrorCode.ALREADY_REVERSED);
  }
  if (options.byHand && original.originType !== 'MANUAL' && original.originId !== null) {
    const type = original.originType;
    const doc = await findOriginDocument(trx, type, original.originId);
    throw new BusinessRuleError({
      code: ErrorCode.DOCUMENT_MOVEMENT,
      message: documentMovementMessage(type, original.originId, doc),
      details: [{ originType: type, originId: original.originId, ...(doc ?? {}) }],
    });
  }
  const today = todayInSaoPaulo();
  const amount = new Decimal(original.quantity);
  const draft: Draft = {
    path: '',
    type: original.type === 'IN' ? 'OUT' : original.type === 'OUT' ? 'IN' : original.type,
    itemId: original.itemId,
    date: today,
    origin: { type: original.originType, id: original.originId },
    notes: null,
    reversalOf: original.id,
    fromLocationId: original.toLocationId,
    toLocationId: original.fromLocationId,
    quantity: amount,
    counted: null,
    // At the value the movement had (the last units of an outflow take what was left).
    unitCost: original.type === 'TRANSFER' ? null : new Decimal(original.value).div(amount),
    value: null,
  };
  const [reversal] = await post(trx, ctx, [draft], today);
  await recordAudit(trx, ctx, {
    entity: ENTITY,
    entityId: original.id,
    action: 'reverse',
    before: { reversedBy: null },
    after: { reversedBy: reversal!.id },
  });
  return reversal!;
}
