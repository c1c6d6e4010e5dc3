/**
 * Every TanStack Query key comes from here, so that invalidating "all of clients" or "the
 * company" names the same array the screens used to read it.
 */
import { billKindInfo, type BillKind } from '../../shared/resources/bill-kinds.js';

type ListParams = Record<string, string | number | boolean | null | undefined>;

/** Keys of one API resource (`clients`, `brands`, …): lists by their parameters, rows by id. */
export function resourceKeys(resource: string) {
  return {
    all: [resource] as const,
    lists: () => [resource, 'list'] as const,
    list: (params: ListParams) => [resource, 'list', params] as const,
    details: () => [resource, 'detail'] as const,
    detail: (id: number | string) => [resource, 'detail', String(id)] as const,
    audit: (id: number | string) => [resource, 'audit', String(id)] as const,
  };
}

export const queryKeys = {
  account: {
    me: () => ['account', 'me'] as const,
  },
  company: {
    detail: () => ['company'] as const,
    /** The footer's facts (GET /company/public), readable by every signed-in user. */
    public: () => ['company', 'public'] as const,
  },
  resource: resourceKeys,
};

/**
 * Reads that the actions of more than one feature change, named once here since a feature never
 * imports another.
 */
export const changedReads = {
  /**
   * Stock posted, by whichever document (a movement, a purchase receipt, a production order
   * started, completed or cancelled): the movements, the balances and the items' average costs
   * and last purchase prices.
   */
  stockPosting: [
    resourceKeys('stock-movements').all,
    resourceKeys('stock-items').all,
    resourceKeys('feedstocks').all,
    resourceKeys('products').all,
  ],
  /**
   * Units reserved for sales orders or released (an order approved, reserved, closed or
   * cancelled): the stock balances and the items, whose free quantity at a location changes.
   */
  stockReservations: [resourceKeys('stock-items').all, resourceKeys('products').all],
  /**
   * Bills created, edited or cancelled, by hand or by a purchase receipt: the kind's lists (their
   * totals) and bills, and the reports that read open bills (the cash flow by due date, the
   * income statement by competence).
   */
  bills: (kind: BillKind) => [
    resourceKeys(billKindInfo[kind].path).all,
    resourceKeys('cash-flow').all,
    resourceKeys('income-statement').all,
  ],
};
