import { fromUnits, toUnits } from './allocation.js';
import { addDays } from './plain-date.js';

export const MAX_INSTALLMENTS = 24;
/** The payment terms' other limits, as a document's schema and its form both take them. */
export const MAX_FIRST_DUE_IN_DAYS = 3660;
export const MAX_INTERVAL_DAYS = 366;

export interface InstallmentTerms {
  /** Money, ≥ 0, at most 2 places. */
  total: string;
  /** 1–24 (DOMAIN §5 `installments`). */
  count: number;
  firstDueInDays: number;
  intervalDays: number;
  /** The day the terms count from (the receipt or issue date), YYYY-MM-DD. */
  from: string;
}

export interface Installment {
  number: number;
  /** "2/3", the bill's `installment` (DOMAIN §9). */
  installment: string;
  dueDate: string;
  amount: string;
}

/**
 * Splits a total into payment-term installments (DOMAIN §5): equal parts rounded down to the cent,
 * the cents left by rounding on the last one, so the parts add up to the total exactly ("100.00" in
 * three: 33.33, 33.33, 33.34). Installment i (from 0) falls due `firstDueInDays + i × intervalDays`
 * calendar days after `from`. A total below one cent per part leaves the first parts at zero
 * ("0.01" in three: 0.00, 0.00, 0.01): the count asked for is always the count given.
 */
export function splitInstallments(terms: InstallmentTerms): Installment[] {
  const { count, firstDueInDays, intervalDays, from } = terms;
  if (!Number.isInteger(count) || count < 1 || count > MAX_INSTALLMENTS) {
    throw new RangeError(`installments must be 1–${MAX_INSTALLMENTS}: ${count}`);
  }
  if (![firstDueInDays, intervalDays].every((days) => Number.isInteger(days) && days >= 0)) {
    throw new RangeError(`days must be whole and ≥ 0: ${firstDueInDays}, ${intervalDays}`);
  }
  const total = toUnits(terms.total, 2, 'total');
  if (total < 0n) throw new RangeError(`total must be ≥ 0: ${terms.total}`);
  const part = total / BigInt(count);
  const last = total - part * BigInt(count - 1);
  return Array.from({ length: count }, (_, i) => ({
    number: i + 1,
    installment: `${i + 1}/${count}`,
    dueDate: addDays(from, firstDueInDays + i * intervalDays),
    amount: fromUnits(i === count - 1 ? last : part, 2),
  }));
}
