import { parseDecimal } from '../../../shared/money.js';
import { formatDecimal } from '../../../shared/money.js';
import {
  splitInstallments,
  MAX_INSTALLMENTS,
  type Installment,
} from '../../../shared/installments.js';
import {
  type BillCreateInput,
  type BillKind,
  type BillPaymentRow,
  type BillSettleInput,
  type BillSummary,
  type BillUpdateInput,
} from '../../../shared/resources/bills.js';
import { typedMoneyToDecimal } from '../../components/money-text.js';

/** What the bill form holds: money as typed ("1.234,50"), dates `YYYY-MM-DD`, ids as picked. */
export interface BillFormValues {
  supplierId?: number | null;
  clientId?: number | null;
  description?: string;
  documentNumber?: string;
  issueDate?: string;
  competenceDate?: string;
  categoryId?: number;
  paymentMethodId?: number | null;
  checkingAccountId?: number | null;
  amount?: string;
  installments?: number | null;
  dueDate?: string;
  intervalDays?: number | null;
  notes?: string;
}

const orNull = <T>(value: T | undefined | null) => (value === undefined ? null : value);

/**
 * The body of POST (a new bill, split in installments) or PUT (one bill, with the version read):
 * the kind's partner only, the money as a decimal string, an empty competence left to the API
 * (which takes the issue date).
 */
export function toBillInput(kind: BillKind, values: BillFormValues): BillCreateInput;
export function toBillInput(
  kind: BillKind,
  values: BillFormValues,
  edit: { version: number },
): BillUpdateInput;
export function toBillInput(
  kind: BillKind,
  values: BillFormValues,
  edit?: { version: number },
): BillCreateInput | BillUpdateInput {
  const input = {
    ...(kind === 'PAY'
      ? { supplierId: orNull(values.supplierId) }
      : { clientId: orNull(values.clientId) }),
    description: values.description ?? '',
    documentNumber: values.documentNumber ?? '',
    issueDate: values.issueDate,
    competenceDate: values.competenceDate ?? '',
    categoryId: values.categoryId,
    paymentMethodId: orNull(values.paymentMethodId),
    checkingAccountId: orNull(values.checkingAccountId),
    // Blank is sent blank: the API's "Preenchimento obrigatório".
    amount: typedMoneyToDecimal(values.amount ?? '') ?? '',
    dueDate: values.dueDate,
    notes: values.notes ?? '',
  };
  if (edit) return { ...input, version: edit.version };
  return {
    ...input,
    installments: values.installments ?? 1,
    intervalDays: values.intervalDays ?? 30,
  };
}

/** The form's values of a bill being edited. */
export function billFormValues(bill: BillSummary): BillFormValues {
  return {
    supplierId: bill.supplierId,
    clientId: bill.clientId,
    description: bill.description,
    documentNumber: bill.documentNumber ?? '',
    issueDate: bill.issueDate,
    competenceDate: bill.competenceDate,
    categoryId: bill.categoryId,
    paymentMethodId: bill.paymentMethodId,
    checkingAccountId: bill.checkingAccountId,
    amount: formatDecimal(bill.amount, 2),
    dueDate: bill.dueDate,
    notes: bill.notes ?? '',
  };
}

const isPlainDate = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The installments the form will create, for its preview: only when the total is money (more
 * than zero, at most cents), the count 2–24, the first due date a date and the interval a whole
 * number of days. Anything else previews nothing (the fields say what is wrong on save).
 */
export function previewInstallments(values: BillFormValues): Installment[] {
  const count = values.installments ?? 1;
  const interval = values.intervalDays ?? 30;
  const total = typedMoneyToDecimal(values.amount ?? '');
  const parsed = total === undefined ? null : parseDecimal(total);
  if (!Number.isInteger(count) || count < 2 || count > MAX_INSTALLMENTS) return [];
  if (!Number.isInteger(interval) || interval < 1 || interval > 366) return [];
  if (!parsed || parsed.lessThanOrEqualTo(0) || parsed.decimalPlaces() > 2) return [];
  if (!isPlainDate(values.dueDate)) return [];
  return splitInstallments({
    total: parsed.toFixed(2),
    count,
    firstDueInDays: 0,
    intervalDays: interval,
    from: values.dueDate,
  });
}

/** What the "Baixar" dialog holds: money as typed. */
export interface PaymentFormValues {
  date?: string;
  amount?: string;
  interest?: string;
  fine?: string;
  discount?: string;
  checkingAccountId?: number;
  paymentMethodId?: number | null;
  notes?: string;
}

/**
 * The body of POST …/pay or …/receive: blank interest, fine and discount are zero; a blank amount
 * is sent blank (the API's "Preenchimento obrigatório").
 */
export function toPaymentInput(values: PaymentFormValues): BillSettleInput {
  const money = (typed: string | undefined) => typedMoneyToDecimal(typed ?? '');
  return {
    date: values.date,
    amount: money(values.amount) ?? '',
    interest: money(values.interest) ?? '0.00',
    fine: money(values.fine) ?? '0.00',
    discount: money(values.discount) ?? '0.00',
    checkingAccountId: values.checkingAccountId,
    paymentMethodId: orNull(values.paymentMethodId),
    notes: values.notes ?? '',
  };
}

/** The dialog's first values: today, the open amount, the bill's account and method. */
export function paymentDefaults(
  bill: Pick<BillSummary, 'openAmount' | 'checkingAccountId' | 'paymentMethodId'>,
  today: string,
): PaymentFormValues {
  return {
    date: today,
    amount: formatDecimal(bill.openAmount, 2),
    interest: '',
    fine: '',
    discount: '',
    checkingAccountId: bill.checkingAccountId ?? undefined,
    paymentMethodId: bill.paymentMethodId,
    notes: '',
  };
}

/** A payment still counts until it is reversed ("Estornar baixa" only offered then). */
export const isStanding = (payment: Pick<BillPaymentRow, 'reversedAt'>) =>
  payment.reversedAt === null;
