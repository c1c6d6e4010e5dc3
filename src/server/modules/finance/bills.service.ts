import { toUnits } from '../../../shared/allocation.js';
import { ErrorCode, errorMessages } from '../../../shared/error-codes.js';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import { messages } from '../../../shared/messages.js';
import { pixPayload } from '../../../shared/pix.js';
import {
  billPartnerOf,
  type BillCreate,
  type BillDetail,
  type BillKind,
  type BillPix,
  type BillSummary,
  type BillUpdate,
} from '../../../shared/resources/bills.js';
import type { DbOrTrx, Trx } from '../../db/connection.js';
import type { AuditContext } from '../../platform/audit.js';
import {
  auditCreated,
  documentAction,
  moveDocument,
  saveDocument,
} from '../../platform/document-action.js';
import {
  BusinessRuleError,
  ConflictError,
  NotFoundError,
  ValidationError,
} from '../../platform/errors.js';
import { inTransaction } from '../../platform/transaction.js';
import { companyPixData } from '../company/index.js';
import { checkReferences } from '../master-data/index.js';
import { billDocument } from './bill.document.js';
import { billSummary, directionOf } from './bills.read.js';
import {
  findBillsWithNames,
  findBillWithNames,
  insertBills,
  lockDocumentBills,
} from './bills.repo.js';
import { installmentBills, openAmount, OPEN_STATUSES, pixTxid } from './bills.rules.js';

/** Contas a Pagar / Contas a Receber: a bill's creation (by hand or for a document), edit, cancel and PIX. */

/** What both a manual bill and a document's bills have, before the split into installments. */
interface BillCommon {
  supplierId: number | null;
  clientId: number | null;
  description: string;
  documentNumber: string | null;
  issueDate: string;
  competenceDate: string | null;
  categoryId: number;
  paymentMethodId: number | null;
  checkingAccountId: number | null;
  notes: string | null;
  originType: 'MANUAL' | 'PURCHASE_ORDER' | 'INVOICE';
  originId: number | null;
}

/**
 * Writes the bills of a total split into installments, each audited, in the caller's transaction;
 * the references checked first (every wrong field at once). Answers the bills with names.
 */
async function writeInstallments(
  trx: Trx,
  ctx: AuditContext,
  kind: BillKind,
  common: BillCommon,
  terms: {
    total: string;
    count: number;
    firstDueInDays: number;
    intervalDays: number;
    from: string;
  },
  amountField: string,
): Promise<BillSummary[]> {
  const parts = installmentBills(terms);
  if (!parts)
    throw new ValidationError({ [amountField]: messages.finance.tooSmallForInstallments });
  await checkReferences(
    trx,
    {
      categoryId: common.categoryId,
      paymentMethodId: common.paymentMethodId,
      checkingAccountId: common.checkingAccountId,
      ...(kind === 'PAY' ? { supplierId: common.supplierId } : { clientId: common.clientId }),
    },
    directionOf(kind),
  );
  const inserted = await insertBills(
    trx,
    parts.map((part) => ({
      kind,
      supplierId: kind === 'PAY' ? common.supplierId : null,
      clientId: kind === 'RECEIVE' ? common.clientId : null,
      description: common.description,
      documentNumber: common.documentNumber,
      issueDate: common.issueDate,
      dueDate: part.dueDate,
      competenceDate: common.competenceDate ?? common.issueDate,
      amount: part.amount,
      installment: part.installment,
      categoryId: common.categoryId,
      paymentMethodId: common.paymentMethodId,
      checkingAccountId: common.checkingAccountId,
      originType: common.originType,
      originId: common.originId,
      notes: common.notes,
      createdBy: ctx.userId,
      updatedBy: ctx.userId,
    })),
  );
  const today = todayInSaoPaulo();
  const rows = (
    await findBillsWithNames(
      trx,
      kind,
      inserted.map((row) => row.id),
    )
  ).map((row) => billSummary(row, today));
  for (const row of rows) await auditCreated(trx, ctx, billDocument(kind), row.id);
  return rows;
}

/** A manual bill (POST): the total in `installments` bills from the due date on. */
export function createBill(
  db: DbOrTrx,
  ctx: AuditContext,
  kind: BillKind,
  input: BillCreate,
): Promise<{ items: BillSummary[] }> {
  return inTransaction(db, async (trx) => {
    const items = await writeInstallments(
      trx,
      ctx,
      kind,
      {
        ...billPartnerOf(input),
        description: input.description,
        documentNumber: input.documentNumber ?? null,
        issueDate: input.issueDate,
        competenceDate: input.competenceDate,
        categoryId: input.categoryId,
        paymentMethodId: input.paymentMethodId ?? null,
        checkingAccountId: input.checkingAccountId ?? null,
        notes: input.notes ?? null,
        originType: 'MANUAL',
        originId: null,
      },
      {
        total: input.amount,
        count: input.installments,
        firstDueInDays: 0,
        intervalDays: input.intervalDays,
        from: input.dueDate,
      },
      'amount',
    );
    return { items };
  });
}

/** What purchasing and sales give `createBills` (finance/index.ts). */
export interface DocumentBillsInput {
  kind: BillKind;
  supplierId?: number | null;
  clientId?: number | null;
  origin: { type: 'PURCHASE_ORDER' | 'INVOICE'; id: number };
  description: string;
  documentNumber?: string | null;
  issueDate: string;
  competenceDate?: string | null;
  categoryId: number;
  paymentMethodId?: number | null;
  checkingAccountId?: number | null;
  /** Money, decimal string, > 0 and at least one cent per installment. */
  total: string;
  terms: { count: number; firstDueInDays: number; intervalDays: number };
}

/**
 * The bills of a document (a purchase order received, an invoice issued), one per installment of
 * its payment terms counted from the issue date, in the caller's transaction (it never opens
 * one). A wrong reference or a total too small answers 400 with the field (`categoryId`,
 * `total`); the caller's transaction must then roll back.
 */
export function createBills(
  trx: Trx,
  ctx: AuditContext,
  input: DocumentBillsInput,
): Promise<BillSummary[]> {
  return writeInstallments(
    trx,
    ctx,
    input.kind,
    {
      supplierId: input.supplierId ?? null,
      clientId: input.clientId ?? null,
      description: input.description,
      documentNumber: input.documentNumber ?? null,
      issueDate: input.issueDate,
      competenceDate: input.competenceDate ?? null,
      categoryId: input.categoryId,
      paymentMethodId: input.paymentMethodId ?? null,
      checkingAccountId: input.checkingAccountId ?? null,
      notes: null,
      originType: input.origin.type,
      originId: input.origin.id,
    },
    { total: input.total, ...input.terms, from: input.issueDate },
    'total',
  );
}

/**
 * PUT: only an OPEN bill, with the version read. A bill that came from a document keeps its
 * amount (the document's installments add up to its total).
 */
export function updateBill(
  db: DbOrTrx,
  ctx: AuditContext,
  kind: BillKind,
  id: number,
  input: BillUpdate,
): Promise<BillDetail> {
  const target = { id, action: 'edit' as const, version: input.version };
  return documentAction(db, ctx, billDocument(kind), target, async (step) => {
    const locked = step.document;
    if (
      locked.originType !== 'MANUAL' &&
      toUnits(locked.amount, 2, 'amount') !== toUnits(input.amount, 2, 'amount')
    ) {
      throw new ValidationError({ amount: messages.finance.amountFromDocument });
    }
    await checkReferences(
      step.trx,
      {
        categoryId: input.categoryId,
        paymentMethodId: input.paymentMethodId ?? null,
        checkingAccountId: input.checkingAccountId ?? null,
        ...(kind === 'PAY'
          ? { supplierId: billPartnerOf(input).supplierId }
          : { clientId: billPartnerOf(input).clientId }),
      },
      directionOf(kind),
    );
    await saveDocument(step, billDocument(kind), {
      ...(kind === 'PAY'
        ? { supplierId: billPartnerOf(input).supplierId }
        : { clientId: billPartnerOf(input).clientId }),
      description: input.description,
      documentNumber: input.documentNumber ?? null,
      issueDate: input.issueDate,
      dueDate: input.dueDate,
      competenceDate: input.competenceDate ?? input.issueDate,
      amount: input.amount,
      categoryId: input.categoryId,
      paymentMethodId: input.paymentMethodId ?? null,
      checkingAccountId: input.checkingAccountId ?? null,
      notes: input.notes ?? null,
    });
  });
}

/** "Cancelar": only an OPEN bill (nothing paid that stands). */
export function cancelBill(
  db: DbOrTrx,
  ctx: AuditContext,
  kind: BillKind,
  id: number,
): Promise<BillDetail> {
  return documentAction(db, ctx, billDocument(kind), { id, action: 'cancel' }, (step) =>
    moveDocument(step, billDocument(kind), 'cancel'),
  );
}

/**
 * The bills of a document being cancelled (an issued invoice), in the caller's transaction: the
 * open ones are cancelled, each audited; one with a payment that stands (partially paid or paid)
 * refuses it all, 409 PAID_BILLS, and the caller's transaction must roll back. Bills already
 * cancelled by hand stay as they are.
 */
export async function cancelDocumentBills(
  trx: Trx,
  ctx: AuditContext,
  origin: { type: 'INVOICE'; id: number },
): Promise<void> {
  const bills = await lockDocumentBills(trx, origin);
  if (bills.some((bill) => bill.status === 'PARTIALLY_PAID' || bill.status === 'PAID')) {
    throw new ConflictError(errorMessages.PAID_BILLS, ErrorCode.PAID_BILLS);
  }
  for (const bill of bills) {
    if (bill.status === 'OPEN') await cancelBill(trx, ctx, bill.kind, bill.id);
  }
}

/** The PIX "copia e cola" of an open bill to receive, for what is open of it. */
export async function billPix(db: DbOrTrx, id: number): Promise<BillPix> {
  const bill = await findBillWithNames(db, 'RECEIVE', id);
  if (!bill) throw new NotFoundError();
  if (!(OPEN_STATUSES as readonly string[]).includes(bill.status)) {
    throw new BusinessRuleError(messages.finance.pixOnlyOpen);
  }
  const company = await companyPixData(db);
  if (!company.pixKey) {
    throw new BusinessRuleError({ code: ErrorCode.NO_PIX_KEY, message: errorMessages.NO_PIX_KEY });
  }
  if (!company.merchantCity.trim() || !company.merchantName.trim()) {
    throw new BusinessRuleError(messages.finance.pixNoCity);
  }
  const amount = openAmount(bill.amount, bill.paidAmount);
  const txid = pixTxid(bill.id);
  return {
    payload: pixPayload({
      key: company.pixKey,
      merchantName: company.merchantName,
      merchantCity: company.merchantCity,
      amount,
      txid,
    }),
    amount,
    pixKey: company.pixKey,
    txid,
  };
}
