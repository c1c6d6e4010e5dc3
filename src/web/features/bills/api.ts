import {
  billKindInfo,
  type BillCreateInput,
  type BillDetail,
  type BillKind,
  type BillPage,
  type BillPix,
  type BillsCreated,
  type BillSettleInput,
  type BillSummary,
  type BillUpdateInput,
} from '../../../shared/resources/bills.js';
import { http, type QueryValue } from '../../lib/http.js';
import {
  useInvalidatingMutation,
  type MutationCallbacks,
} from '../../lib/invalidating-mutation.js';
import { changedReads, resourceKeys } from '../../lib/query-keys.js';
import { useDocumentAction, type DocumentSave } from '../../components/document-mutations.js';

/**
 * The Contas a Pagar / Contas a Receber API: one set of calls per kind, on the kind's own path
 * (`/bills-to-pay`, `/bills-to-receive`).
 */
export const billKeys = (kind: BillKind) => resourceKeys(billKindInfo[kind].path);

/**
 * What a payment or its reversal changes: the bill and its lists, the checking account's balance
 * and statement (its entry), and the reports read from the entries.
 */
const keysChangedByPayments = (kind: BillKind) => [
  ...changedReads.bills(kind),
  resourceKeys('checking-accounts').all,
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
    create: (input: BillCreateInput) =>
      http.post<BillsCreated>(base, input, { silent: [400, 422] }),
    /** 409 (stale, no longer open) is the form's Alert. */
    update: (id: number, input: BillUpdateInput) =>
      http.put<BillDetail>(one(id), input, { silent: [400, 409, 422] }),
    /** 409 (no longer open) and 422 are shown under the action bar. */
    cancel: (id: number) => http.post<BillDetail>(`${one(id)}/cancel`, {}, { silent: [409, 422] }),
    /** The dialog shows 400 and 422 (OVERPAYMENT) next to its fields, 409 in its Alert. */
    settle: (id: number, input: BillSettleInput) =>
      http.post<BillDetail>(`${one(id)}/${billKindInfo[kind].settleAction}`, input, {
        silent: [400, 409, 422],
      }),
    reverse: (id: number, paymentId: number) =>
      http.post<BillDetail>(`${one(id)}/payments/${paymentId}/reverse`),
    /** 422 (no PIX key, not open) is the card's own message, not a toast. */
    pix: (id: number, signal?: AbortSignal) =>
      http.get<BillPix>(`${one(id)}/pix`, { signal, silent: [404, 422] }),
  };
}

/** What a bill's form saves: a new bill (split into installments) or one bill's changes. */
export type BillSave = DocumentSave<BillCreateInput, BillUpdateInput>;

/**
 * "Salvar" of the bill form: POST the new bill (answering the bills its installments made) or PUT
 * one bill's changes (answering it alone); the kind's bills and the reports read again.
 */
export function useSaveBill(
  kind: BillKind,
  callbacks?: MutationCallbacks<BillSummary[], BillSave>,
) {
  return useInvalidatingMutation<BillSummary[], BillSave>({
    mutationFn: async (save) =>
      save.id === undefined
        ? (await billsApi(kind).create(save.input)).items
        : [await billsApi(kind).update(save.id, save.input)],
    invalidates: changedReads.bills(kind),
    ...callbacks,
  });
}

/** "Cancelar" a bill: it leaves the open amounts and the reports. */
export const useCancelBill = (kind: BillKind, callbacks?: MutationCallbacks<BillDetail, number>) =>
  useDocumentAction(billKeys(kind), billsApi(kind).cancel, changedReads.bills(kind), callbacks);

/** A payment or its reversal: the checking account moves (its entry). */
const usePaymentAction = <TVariables>(
  kind: BillKind,
  mutationFn: (variables: TVariables) => Promise<BillDetail>,
  callbacks?: MutationCallbacks<BillDetail, TVariables>,
) => useDocumentAction(billKeys(kind), mutationFn, keysChangedByPayments(kind), callbacks);

/** "Pagar" / "Receber". */
export const useSettleBill = (
  kind: BillKind,
  id: number,
  callbacks?: MutationCallbacks<BillDetail, BillSettleInput>,
) =>
  usePaymentAction(kind, (input: BillSettleInput) => billsApi(kind).settle(id, input), callbacks);

/** "Estornar baixa". */
export const useReversePayment = (
  kind: BillKind,
  billId: number,
  callbacks?: MutationCallbacks<BillDetail, number>,
) =>
  usePaymentAction(
    kind,
    (paymentId: number) => billsApi(kind).reverse(billId, paymentId),
    callbacks,
  );
