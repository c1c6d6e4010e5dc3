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
  type BillPaymentInput,
} from '../../../shared/resources/bills.js';
import type { DbOrTrx } from '../../db/connection.js';
import { recordAudit, type AuditContext } from '../../platform/audit.js';
import { BusinessRuleError, ConflictError, NotFoundError } from '../../platform/errors.js';
import { inTransaction } from '../../platform/transaction.js';
import { postEntry } from './account-entries.posting.js';
import { findBillState, lockBill, lockPayment, settle, unsettle } from './bills.repo.js';
import { entryAmount, entryDescription, openAmount } from './bills.rules.js';
import { auditEntity, directionOf, getBill } from './bills.service.js';
import { checkReferences } from '../master-data/index.js';

/**
 * "Baixar" and "Estornar baixa" (DOMAIN §9). A payment is one conditional UPDATE of the bill (so
 * that payments at once never settle more than its amount), the account entry (through postEntry,
 * the only writer of entries) and the payment row, in one transaction. A reversal locks the
 * payment first, so that two reversals of it queue and the second finds it reversed.
 */

const invalidStatus = (status: Parameters<typeof billMachine.label>[0]) =>
  new ConflictError(
    errorMessages.INVALID_STATUS(billMachine.label(status)),
    ErrorCode.INVALID_STATUS,
  );

export function payBill(
  db: DbOrTrx,
  ctx: AuditContext,
  kind: BillKind,
  id: number,
  input: BillPaymentInput,
): Promise<BillDetail> {
  return inTransaction(db, async (trx) => {
    await checkReferences(
      trx,
      {
        checkingAccountId: input.checkingAccountId,
        paymentMethodId: input.paymentMethodId ?? null,
      },
      directionOf(kind),
    );
    // The account the bill named before, for the history: the payment makes it name its own.
    const plannedAccountId = (await lockBill(trx, kind, id))?.checkingAccountId ?? null;
    const settled = await settle(trx, kind, id, input, ctx.userId);
    if (!settled) {
      const state = await findBillState(trx, kind, id);
      if (!state) throw new NotFoundError();
      // A cancelled bill cannot be paid; a paid one has nothing open: any amount is too much.
      if (state.status === 'CANCELLED') throw invalidStatus(state.status);
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
    const payment = await trx
      .insertInto('billPayments')
      .values({
        billId: id,
        date: input.date,
        amount: input.amount,
        interest: input.interest,
        fine: input.fine,
        discount: input.discount,
        total: fromUnits(totalCents, 2),
        checkingAccountId: input.checkingAccountId,
        paymentMethodId: input.paymentMethodId ?? null,
        notes: input.notes ?? null,
        entryId: entry.id,
        createdBy: ctx.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
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
        payment: {
          id: payment.id,
          date: input.date,
          amount: input.amount,
          interest: input.interest,
          fine: input.fine,
          discount: input.discount,
          total: fromUnits(totalCents, 2),
          checkingAccountId: input.checkingAccountId,
        },
      },
    });
    return getBill(trx, kind, id);
  });
}

export function reversePayment(
  db: DbOrTrx,
  ctx: AuditContext,
  kind: BillKind,
  billId: number,
  paymentId: number,
): Promise<BillDetail> {
  return inTransaction(db, async (trx) => {
    const payment = await lockPayment(trx, paymentId);
    if (!payment || payment.billId !== billId) throw new NotFoundError();
    const before = await lockBill(trx, kind, billId);
    if (!before) throw new NotFoundError();
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
    await trx
      .updateTable('billPayments')
      .set({ reversedAt: new Date(), reversedBy: ctx.userId, reversalEntryId: entry.id })
      .where('id', '=', paymentId)
      .execute();
    const after = await getBill(trx, kind, billId);
    await recordAudit(trx, ctx, {
      entity: auditEntity(kind),
      entityId: billId,
      action: 'reverse-payment',
      before: { paidAmount: before.paidAmount, status: before.status },
      after: { paidAmount: after.paidAmount, status: after.status, reversedPaymentId: paymentId },
    });
    return after;
  });
}
