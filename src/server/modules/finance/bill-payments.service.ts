import { fromUnits, toUnits } from '../../../shared/allocation.js';
import { ErrorCode, errorMessages, type OverpaymentDetail } from '../../../shared/error-codes.js';
import { todayInSaoPaulo } from '../../../shared/plain-date.js';
import { formatBRL } from '../../../shared/money.js';
import {
  billKindInfo,
  billMachine,
  paymentTotalCents,
  statusAfterPayments,
  type BillDetail,
  type BillKind,
  type BillSettle,
} from '../../../shared/resources/bills.js';
import type { DbOrTrx } from '../../db/connection.js';
import { recordAudit, type AuditContext } from '../../platform/audit.js';
import { documentAction } from '../../platform/document-action.js';
import { BusinessRuleError, ConflictError, NotFoundError } from '../../platform/errors.js';
import { invalidStatus } from '../../platform/transition.js';
import { checkReferences } from '../master-data/index.js';
import { postEntry } from './account-entries.posting.js';
import { billDocument } from './bill.document.js';
import { auditEntity, directionOf } from './bills.read.js';
import {
  findBillState,
  insertPayment,
  lockBill,
  lockPayment,
  markReversed,
  settle,
  unsettle,
} from './bills.repo.js';
import { entryAmount, entryDescription, openAmount } from './bills.rules.js';

/**
 * "Baixar" and "Estornar baixa" (DOMAIN §9). A payment is one conditional UPDATE of the bill (so
 * that payments at once never settle more than its amount), the account entry (through postEntry,
 * the only writer of entries) and the payment row, in one transaction, on the document action
 * path (the bill locked; its answer the bill's detail).
 */

export function payBill(
  db: DbOrTrx,
  ctx: AuditContext,
  kind: BillKind,
  id: number,
  input: BillSettle,
): Promise<BillDetail> {
  // The path guards no status here: a paid bill answers what is open (nothing), below.
  return documentAction(db, ctx, billDocument(kind), { id, action: null }, async (step) => {
    const { trx } = step;
    await checkReferences(
      trx,
      {
        checkingAccountId: input.checkingAccountId,
        paymentMethodId: input.paymentMethodId ?? null,
      },
      directionOf(kind),
    );
    // The account the bill named before, for the history: the payment makes it name its own.
    const plannedAccountId = step.document.checkingAccountId;
    const settled = await settle(trx, kind, id, input, ctx.userId);
    if (!settled) {
      const state = (await findBillState(trx, kind, id))!;
      // A cancelled bill cannot be paid; a paid one has nothing open: any amount is too much.
      if (state.status === 'CANCELLED') throw invalidStatus(billMachine, state.status);
      const open = openAmount(state.amount, state.paidAmount);
      const message = errorMessages.OVERPAYMENT(formatBRL(open));
      const detail: OverpaymentDetail = { openAmount: open };
      throw new BusinessRuleError({
        code: ErrorCode.OVERPAYMENT,
        message,
        fields: { amount: message },
        details: [{ ...detail }],
      });
    }
    const bill = (await lockBill(trx, kind, id))!;
    const totalCents = paymentTotalCents(input);
    const entry = await postEntry(trx, ctx, {
      checkingAccountId: input.checkingAccountId,
      date: input.date,
      amount: entryAmount(kind, totalCents),
      description: entryDescription(kind, bill),
      categoryId: bill.categoryId,
      originType: 'BILL_PAYMENT',
      originId: bill.id,
    });
    // What the payment moved, stored on its row and kept in the bill's history.
    const moved = {
      date: input.date,
      amount: input.amount,
      interest: input.interest,
      fine: input.fine,
      discount: input.discount,
      total: fromUnits(totalCents, 2),
      checkingAccountId: input.checkingAccountId,
    };
    const payment = await insertPayment(trx, {
      billId: id,
      ...moved,
      paymentMethodId: input.paymentMethodId ?? null,
      notes: input.notes ?? null,
      entryId: entry.id,
      createdBy: ctx.userId,
    });
    const paidBefore = fromUnits(
      toUnits(bill.paidAmount, 2, 'paid') - toUnits(input.amount, 2, 'amount'),
      2,
    );
    await recordAudit(trx, ctx, {
      entity: auditEntity(kind),
      entityId: id,
      action: billKindInfo[kind].settleAction,
      before: {
        paidAmount: paidBefore,
        status: statusAfterPayments(bill.amount, paidBefore),
        checkingAccountId: plannedAccountId,
      },
      after: {
        paidAmount: bill.paidAmount,
        status: bill.status,
        checkingAccountId: bill.checkingAccountId,
        payment: { id: payment.id, ...moved },
      },
    });
  });
}

export function reversePayment(
  db: DbOrTrx,
  ctx: AuditContext,
  kind: BillKind,
  billId: number,
  paymentId: number,
): Promise<BillDetail> {
  // The bill locked first, as a payment does; then the payment, so two reversals of it queue and
  // the second finds it reversed.
  return documentAction(db, ctx, billDocument(kind), { id: billId, action: null }, async (step) => {
    const { trx, document: before } = step;
    const payment = await lockPayment(trx, paymentId);
    if (!payment || payment.billId !== billId) throw new NotFoundError();
    if (payment.reversedAt) {
      throw new ConflictError(errorMessages.PAYMENT_REVERSED, ErrorCode.PAYMENT_REVERSED);
    }
    await unsettle(trx, billId, payment.amount, ctx.userId);
    const entry = await postEntry(trx, ctx, {
      checkingAccountId: payment.checkingAccountId,
      date: todayInSaoPaulo(),
      amount: entryAmount(kind, toUnits(payment.total, 2, 'total'), true),
      description: entryDescription(kind, before, true),
      categoryId: before.categoryId,
      originType: 'PAYMENT_REVERSAL',
      originId: billId,
    });
    await markReversed(trx, paymentId, { userId: ctx.userId, entryId: entry.id });
    const after = (await findBillState(trx, kind, billId))!;
    await recordAudit(trx, ctx, {
      entity: auditEntity(kind),
      entityId: billId,
      action: 'reverse-payment',
      before: { paidAmount: before.paidAmount, status: before.status },
      after: { paidAmount: after.paidAmount, status: after.status, reversedPaymentId: paymentId },
    });
  });
}
