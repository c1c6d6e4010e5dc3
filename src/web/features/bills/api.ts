import { useQuery } from '@tanstack/react-query';
import type { Page } from '../../../shared/api-error.js';
import {
  billKindInfo,
  type BillDetail,
  type BillKind,
  type BillPage,
  type BillPix,
  type BillSummary,
} from '../../../shared/resources/bills.js';
import { http, type QueryValue } from '../../lib/http.js';
import { resourceKeys } from '../../lib/query-keys.js';
import { categoryOptions, type CategoryRow } from '../../components/category-options.js';

/**
 * The Contas a Pagar / Contas a Receber API: one set of calls per kind, on the kind's own path
 * (`/bills-to-pay`, `/bills-to-receive`).
 */
export const billKeys = (kind: BillKind) => resourceKeys(billKindInfo[kind].path);

/**
 * What a payment or its reversal changes besides the bill: the lists (their totals), the
 * checking accounts' balances and statements, and the reports read from them.
 */
export const keysChangedByPayments = (kind: BillKind) => [
  billKeys(kind).all,
  resourceKeys('checking-accounts').all,
  resourceKeys('cash-flow').all,
  resourceKeys('income-statement').all,
];

export function billsApi(kind: BillKind) {
  const base = `/${billKindInfo[kind].path}`;
  const one = (id: number | string) => `${base}/${encodeURIComponent(String(id))}`;
  return {
    list: (query: Record<string, QueryValue>, signal?: AbortSignal) =>
      http.get<BillPage>(base, { query, signal }),
    get: (id: string, signal?: AbortSignal) =>
      http.get<BillDetail>(one(id), { signal, silent: true }),
    /** The form shows 400 and 422 next to its fields. */
    create: (input: Record<string, unknown>) =>
      http.post<{ items: BillSummary[] }>(base, input, { silent: [400, 422] }),
    /** 409 (stale) is the form's Alert. */
    update: (id: number, input: Record<string, unknown>) =>
      http.put<BillSummary>(one(id), input, { silent: [400, 409, 422] }),
    cancel: (id: number) => http.post<BillSummary>(`${one(id)}/cancel`),
    /** The dialog shows 400 and 422 (OVERPAYMENT) next to its fields. */
    settle: (id: number, input: Record<string, unknown>) =>
      http.post<BillDetail>(`${one(id)}/${billKindInfo[kind].settleAction}`, input, {
        silent: [400, 422],
      }),
    reverse: (id: number, paymentId: number) =>
      http.post<BillDetail>(`${one(id)}/payments/${paymentId}/reverse`),
    /** 422 (no PIX key, not open) is the card's own message, not a toast. */
    pix: (id: number, signal?: AbortSignal) =>
      http.get<BillPix>(`${one(id)}/pix`, { signal, silent: [404, 422] }),
  };
}

/**
 * Reads that the screens can do without: a user who may handle bills but not read the
 * categories or payment methods still gets the rest, with no toast and no trip to "Acesso negado".
 */
const quietly = { silent: true, redirectOnForbidden: false } as const;

/**
 * The active categories of the kind's nature (despesa for a bill to pay, receita for one to
 * receive), each with its parent's name in front ("Despesas administrativas › Aluguel"). The chart
 * of accounts is short: two pages of 100 hold it.
 */
export function useCategoryOptions(kind: BillKind) {
  const nature = billKindInfo[kind].categoryKind;
  return useQuery({
    queryKey: [...resourceKeys('financial-categories').lists(), 'bill-options', nature],
    queryFn: async ({ signal }) => {
      const rows: CategoryRow[] = [];
      for (let page = 1; page <= 5; page += 1) {
        const answer = await http.get<Page<CategoryRow>>('/financial-categories', {
          ...quietly,
          signal,
          query: { kind: nature, sort: 'name', page, pageSize: 100 },
        });
        rows.push(...answer.items);
        if (rows.length >= answer.total || answer.items.length === 0) break;
      }
      return categoryOptions(rows, nature);
    },
    staleTime: 60_000,
  });
}

interface PaymentMethodRow {
  id: number;
  name: string;
  usage: 'PAY' | 'RECEIVE' | 'BOTH';
  active: boolean;
}

/** The active payment methods used for the kind: PAY or BOTH to pay, RECEIVE or BOTH to receive. */
export function usePaymentMethodOptions(kind: BillKind) {
  return useQuery({
    queryKey: [...resourceKeys('payment-methods').lists(), 'bill-options', kind],
    queryFn: async ({ signal }) => {
      const answer = await http.get<Page<PaymentMethodRow>>('/payment-methods', {
        ...quietly,
        signal,
        query: { active: 'true', sort: 'name', page: 1, pageSize: 100 },
      });
      return answer.items
        .filter((row) => row.usage === 'BOTH' || row.usage === kind)
        .map((row) => ({ value: row.id, label: row.name }));
    },
    staleTime: 60_000,
  });
}
