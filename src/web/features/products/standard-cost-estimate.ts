import { Decimal } from 'decimal.js';
import { lineAmount } from '../../components/line-table-values.js';
import type { ComponentFormLine, OutlayFormLine } from './product-lines-values.js';

/** Unit costs have 4 places (numeric(15,4)), and so has the standard cost. */
const COST_SCALE = 4;
/** Enough digits that nothing rounds before the end (15-digit quantity × loss × 15-digit cost). */
const D = Decimal.clone({ precision: 64, rounding: Decimal.ROUND_HALF_UP });

/** What the form knows of a line's material or cost beyond its id. */
export interface FeedstockCost {
  averageCost: string | null;
}
export interface OutlayKind {
  kind: 'PER_UNIT' | 'PER_ORDER';
}

/** What one line of the bill of materials adds: quantity × (1 + loss %) × average cost. */
export function componentCost(
  line: ComponentFormLine,
  feedstock: FeedstockCost | undefined,
): Decimal | null {
  const quantity = lineAmount(line.quantity);
  const loss = lineAmount(line.lossPercent ?? '0') ?? 0;
  const cost = lineAmount(feedstock?.averageCost ?? null);
  if (!quantity || !cost) return null;
  return new D(quantity).times(new D(loss).dividedBy(100).plus(1)).times(cost);
}

/**
 * The standard cost the lines on screen roll up to, as the server computes it (DOMAIN §3): the
 * materials at their current average cost, with their loss, plus the per-unit production costs
 * (a per-order cost belongs to a production order); summed exactly, rounded half up to 4 places.
 * A line not yet complete, or whose material or cost is still loading, adds nothing.
 */
export function standardCostEstimate(
  components: readonly ComponentFormLine[],
  outlays: readonly OutlayFormLine[],
  feedstocks: ReadonlyMap<number, FeedstockCost>,
  outlayKinds: ReadonlyMap<number, OutlayKind>,
): string {
  let total = new D(0);
  for (const line of components) {
    const cost = line.feedstockId ? componentCost(line, feedstocks.get(line.feedstockId)) : null;
    if (cost) total = total.plus(cost);
  }
  return total.plus(perUnitOutlays(outlays, outlayKinds)).toFixed(COST_SCALE);
}

/** The production costs of one unit: the per-unit ones. */
export function perUnitOutlays(
  outlays: readonly OutlayFormLine[],
  outlayKinds: ReadonlyMap<number, OutlayKind>,
): Decimal {
  let total = new D(0);
  for (const line of outlays) {
    const kind = line.outlayId ? outlayKinds.get(line.outlayId)?.kind : undefined;
    const value = lineAmount(line.value);
    if (kind === 'PER_UNIT' && value) total = total.plus(value);
  }
  return total;
}
