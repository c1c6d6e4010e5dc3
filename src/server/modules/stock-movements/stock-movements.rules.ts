import { Decimal } from 'decimal.js';

/**
 * The pure rules of the stock ledger (DOMAIN §4): how a movement values the item's stock (moving
 * weighted average per item over all locations), which balances a movement changes, the order in
 * which those balances are locked, and the dates a movement may have.
 */

/** Unit costs, the average and movement values keep 4 places (numeric(15,4)). */
export const COST_SCALE = 4;
/** The largest value numeric(15,4) holds: 11 digits before the point. */
export const MAX_VALUE = new Decimal('99999999999.9999');

/**
 * An item's stock as valuation sees it: the quantity on hand in all locations, the value of it
 * (always the sum of the ledger's values: what came in minus what went out) and the average cost.
 */
export interface Valuation {
  quantity: Decimal;
  value: Decimal;
  averageCost: Decimal;
}

/** What one movement did to the valuation, and the unit cost and value it is recorded with. */
export interface Valued {
  after: Valuation;
  unitCost: Decimal;
  value: Decimal;
}

const round = (value: Decimal) => value.toDecimalPlaces(COST_SCALE, Decimal.ROUND_HALF_UP);

/**
 * Stock comes in. With a cost (purchase receipt, production, manual entry with cost, the reversal
 * of an outflow) the average moves to (value + quantity × cost) / (quantity on hand + quantity).
 * Without one it comes in at the average, which then stays where it is.
 */
export function valueInflow(
  before: Valuation,
  quantity: Decimal,
  unitCost: Decimal | null,
): Valued {
  const cost = unitCost ?? before.averageCost;
  const exact = quantity.times(cost);
  const value = round(exact);
  const after = { quantity: before.quantity.plus(quantity), value: before.value.plus(value) };
  return {
    after: {
      ...after,
      // From the exact entry, so that an entry into an empty stock sets the average to its cost
      // even when its value (0.001 × 0.0002) rounds away.
      averageCost:
        unitCost === null
          ? before.averageCost
          : round(before.value.plus(exact).div(after.quantity)),
    },
    unitCost: cost,
    value,
  };
}

/**
 * Stock comes in carrying a total value of its own (a production order's total cost, a purchase
 * lot's cents): that value enters exactly, whatever the quantity, so the stock value never gains
 * or loses the cents that quantity × a 4-place unit cost would round away (160.30 over 3 units:
 * not 3 × 53.4333). The unit cost it is recorded with is the one given (a purchase lot's landed
 * unit cost, which the lot's cents only approach) or else derived from the value (value ÷
 * quantity, 4 places); the average moves from the exact value, as for any entry with cost.
 */
export function valueInflowOfValue(
  before: Valuation,
  quantity: Decimal,
  value: Decimal,
  unitCost: Decimal | null = null,
): Valued {
  const after = { quantity: before.quantity.plus(quantity), value: before.value.plus(value) };
  return {
    after: { ...after, averageCost: round(after.value.div(after.quantity)) },
    unitCost: unitCost ?? round(value.div(quantity)),
    value,
  };
}

/**
 * Stock goes out, at the average (an OUT, an adjustment down) or at a cost of its own (the
 * reversal of an entry takes out what that entry brought in, which moves the average). The last
 * units take all the value left, so an item with nothing on hand is worth nothing; no outflow takes
 * more value than there is.
 */
export function valueOutflow(
  before: Valuation,
  quantity: Decimal,
  unitCost: Decimal | null,
): Valued {
  if (quantity.greaterThan(before.quantity)) {
    throw new RangeError('an outflow larger than the stock: the balances refuse it first');
  }
  const cost = unitCost ?? before.averageCost;
  const remaining = before.quantity.minus(quantity);
  const value = remaining.isZero()
    ? before.value
    : Decimal.min(round(quantity.times(cost)), before.value);
  const afterValue = before.value.minus(value);
  return {
    after: {
      quantity: remaining,
      value: afterValue,
      averageCost:
        unitCost === null || remaining.isZero()
          ? before.averageCost
          : round(afterValue.div(remaining)),
    },
    unitCost: cost,
    value,
  };
}

/** A transfer moves stock between locations: the item's valuation stays; it is recorded at the average. */
export function valueTransfer(before: Valuation, quantity: Decimal): Valued {
  return {
    after: before,
    unitCost: before.averageCost,
    value: Decimal.min(round(quantity.times(before.averageCost)), before.value),
  };
}

export type MovementType = 'IN' | 'OUT' | 'TRANSFER' | 'ADJUSTMENT';

/** A movement as the ledger stores it: an adjustment up enters its location, one down leaves it. */
export interface LedgerMovement {
  type: MovementType;
  itemId: number;
  fromLocationId: number | null;
  toLocationId: number | null;
}

/** One balance row: an item at a location. */
export interface BalanceKey {
  itemId: number;
  locationId: number;
}

export const balanceKeyOf = ({ itemId, locationId }: BalanceKey) => `${itemId}:${locationId}`;

/** The balances a movement takes from and adds to. */
export function balancesOf(movement: LedgerMovement): {
  from: BalanceKey | null;
  to: BalanceKey | null;
} {
  const at = (locationId: number | null) =>
    locationId === null ? null : { itemId: movement.itemId, locationId };
  return { from: at(movement.fromLocationId), to: at(movement.toLocationId) };
}

/**
 * The balance rows a set of movements touches, each once, in the one order every posting locks
 * them: item id, then location id. Two postings that share rows then wait for each other instead of
 * each holding a row the other needs (a deadlock), whatever order their lines came in.
 */
export function lockOrder(keys: BalanceKey[]): BalanceKey[] {
  const unique = new Map(keys.map((key) => [balanceKeyOf(key), key]));
  return [...unique.values()].sort((a, b) => a.itemId - b.itemId || a.locationId - b.locationId);
}

export type DateProblem = 'future' | 'closed';

/**
 * A movement may be dated today or earlier (DOMAIN §4), and never on or before the day the stock
 * is closed through. Dates are 'YYYY-MM-DD', which compare as text.
 */
export function dateProblem(
  date: string,
  today: string,
  closedThrough: string | null,
): DateProblem | null {
  if (date > today) return 'future';
  if (closedThrough !== null && date <= closedThrough) return 'closed';
  return null;
}

/** '2026-01-31' → '31/01/2026', as screens and messages show a date. */
export const formatDate = (date: string) => date.split('-').reverse().join('/');
