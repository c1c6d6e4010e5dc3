import { formatDecimal } from '../../shared/money.js';
import { typedMoneyToDecimal } from './money-text.js';

/**
 * What the documents that create bills (purchase orders, sales orders, invoices) hold alike on
 * their forms: freight and discount as typed in pt-BR ("1.234,50") and the terms of the bills —
 * payment method, installments, first due date and interval. One definition, so the three forms
 * read a saved document, start a new one and send these fields the same way.
 */
export interface BillingTermsValues {
  paymentMethodId?: number | null;
  installments?: number | null;
  firstDueInDays?: number | null;
  intervalDays?: number | null;
  freight?: string;
  discount?: string;
}

/** A saved document's freight, discount and terms, as the API answers them. */
interface SavedBillingTerms {
  paymentMethodId: number | null;
  installments: number;
  firstDueInDays: number;
  intervalDays: number;
  freight: string;
  discount: string;
}

/** A saved document's terms as its form shows them. */
export function billingTermsValues(saved: SavedBillingTerms): BillingTermsValues {
  return {
    paymentMethodId: saved.paymentMethodId,
    installments: saved.installments,
    firstDueInDays: saved.firstDueInDays,
    intervalDays: saved.intervalDays,
    freight: formatDecimal(saved.freight, 2),
    discount: formatDecimal(saved.discount, 2),
  };
}

/** A new document's terms: no freight or discount, 1 installment 30 days on. */
export const NEW_BILLING_TERMS: BillingTermsValues = {
  paymentMethodId: null,
  installments: 1,
  firstDueInDays: 30,
  intervalDays: 30,
  freight: '0,00',
  discount: '0,00',
};

/** The terms as the API takes them; blank freight and discount are zero. */
export function billingTermsInput(values: BillingTermsValues) {
  return {
    paymentMethodId: values.paymentMethodId ?? null,
    installments: values.installments ?? 1,
    firstDueInDays: values.firstDueInDays ?? 0,
    intervalDays: values.intervalDays ?? 0,
    freight: typedMoneyToDecimal(values.freight ?? '') ?? '0.00',
    discount: typedMoneyToDecimal(values.discount ?? '') ?? '0.00',
  };
}
