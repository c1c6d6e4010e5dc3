import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import {
  billKindInfo,
  type BillDetail,
  type BillKind,
  type BillListQuery,
  type BillPage,
  type BillSummary,
} from '../../../shared/resources/bills.js';
import type { DbOrTrx } from '../../db/connection.js';
import { NotFoundError } from '../../platform/errors.js';
import type { MoneyDirection } from '../master-data/index.js';
import {
  findBillWithNames,
  findPayments,
  listBills,
  type BillDbRow,
  type PaymentDbRow,
} from './bills.repo.js';
import { isOverdue, openAmount } from './bills.rules.js';

/** Contas a Pagar / Contas a Receber as the screens read them: the list, and a bill with its payments. */

export const directionOf = (kind: BillKind): MoneyDirection => (kind === 'PAY' ? 'OUT' : 'IN');
export const auditEntity = (kind: BillKind) => billKindInfo[kind].path;

export function billSummary(row: BillDbRow, today: string): BillSummary {
  return {
    id: row.id,
    kind: row.kind,
    supplierId: row.supplierId,
    clientId: row.clientId,
    partnerName: row.partnerName,
    description: row.description,
    documentNumber: row.documentNumber,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    competenceDate: row.competenceDate,
    amount: row.amount,
    paidAmount: row.paidAmount,
    openAmount: openAmount(row.amount, row.paidAmount),
    installment: row.installment,
    categoryId: row.categoryId,
    categoryName: row.categoryName,
    paymentMethodId: row.paymentMethodId,
    paymentMethodName: row.paymentMethodName,
    checkingAccountId: row.checkingAccountId,
    checkingAccountName: row.checkingAccountName,
    origin: { type: row.originType, id: row.originId },
    status: row.status,
    overdue: isOverdue(row, today),
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

function paymentToApi(row: PaymentDbRow) {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    reversedAt: row.reversedAt ? row.reversedAt.toISOString() : null,
  };
}

export async function listBillsOf(
  db: DbOrTrx,
  kind: BillKind,
  query: BillListQuery,
): Promise<BillPage> {
  const today = todayInSaoPaulo();
  const { rows, totals } = await listBills(db, kind, query, today);
  return {
    items: rows.map((row) => billSummary(row, today)),
    total: totals.total,
    page: query.page,
    pageSize: query.pageSize,
    totals: { open: totals.open, overdue: totals.overdue, paid: totals.paid },
  };
}

/** The bill's screen: the bill with its payments, oldest first. 404 for a bill of the other kind. */
export async function getBill(db: DbOrTrx, kind: BillKind, id: number): Promise<BillDetail> {
  const row = await findBillWithNames(db, kind, id);
  if (!row) throw new NotFoundError();
  const payments = await findPayments(db, id);
  return { ...billSummary(row, todayInSaoPaulo()), payments: payments.map(paymentToApi) };
}
