import { fromUnits, toUnits } from '../../../shared/allocation.js';
import { splitInstallments, type InstallmentTerms } from '../../../shared/installments.js';
import type { BillKind, BillStatus } from '../../../shared/resources/bills.js';

/**
 * The rules of Contas a Pagar / Contas a Receber that need no database: how a total becomes
 * installment bills, what a payment writes on the account, the words of its entry, "Vencida".
 */

/** The statuses in which something of the bill is still open (payable, overdue, in the totals). */
export const OPEN_STATUSES = ['OPEN', 'PARTIALLY_PAID'] as const satisfies readonly BillStatus[];

export interface InstallmentBill {
  dueDate: string;
  amount: string;
  /** "2/3"; null for a bill of one installment. */
  installment: string | null;
}

/**
 * A total in `terms.count` bills (shared splitInstallments: the rounding cents on the last one).
 * Undefined when a part would be below one cent: every installment must be a bill above zero.
 */
export function installmentBills(terms: InstallmentTerms): InstallmentBill[] | undefined {
  if (toUnits(terms.total, 2, 'total') < BigInt(terms.count)) return undefined;
  return splitInstallments(terms).map((part) => ({
    dueDate: part.dueDate,
    amount: part.amount,
    installment: terms.count > 1 ? part.installment : null,
  }));
}

/** What is still open of a bill: amount − paid, a decimal string. */
export function openAmount(amount: string, paid: string): string {
  return fromUnits(toUnits(amount, 2, 'amount') - toUnits(paid, 2, 'paid'), 2);
}

/** "Vencida": open (or partly paid) and due before today (São Paulo). */
export function isOverdue(bill: { status: BillStatus; dueDate: string }, today: string): boolean {
  return (OPEN_STATUSES as readonly string[]).includes(bill.status) && bill.dueDate < today;
}

/**
 * The signed amount a payment's entry writes: a payment of a bill to pay leaves the account
 * (debit, < 0), a receipt enters it (credit, > 0). A reversal writes the opposite.
 */
export function entryAmount(kind: BillKind, totalCents: bigint, reversal = false): string {
  const outgoing = (kind === 'PAY') !== reversal;
  return fromUnits(outgoing ? -totalCents : totalCents, 2);
}

/** "Pagamento: Aluguel (1/3)", "Recebimento: …", "Estorno: Pagamento: …" — at most 200 chars. */
export function entryDescription(
  kind: BillKind,
  bill: { description: string; installment: string | null },
  reversal = false,
): string {
  const what = `${kind === 'PAY' ? 'Pagamento' : 'Recebimento'}: ${bill.description}`;
  const text = `${reversal ? 'Estorno: ' : ''}${what}${bill.installment ? ` (${bill.installment})` : ''}`;
  return text.length <= 200 ? text : `${text.slice(0, 199)}…`;
}

/** The PIX charge's txid: letters and digits, at most 25 ("FABRIL42"). */
export function pixTxid(billId: number): string {
  return `FABRIL${billId}`;
}
