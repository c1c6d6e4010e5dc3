import { fromUnits, toUnits } from '../../../shared/allocation.js';
import { messages } from '../../../shared/messages.js';
import type {
  AccountEntryRow,
  ManualEntryInput,
  Statement,
  StatementLine,
  StatementQuery,
  TransferInput,
} from '../../../shared/resources/account-entries.js';
import type { Db, DbOrTrx } from '../../db/connection.js';
import { recordAudit, type AuditContext } from '../../platform/audit.js';
import { NotFoundError, ValidationError } from '../../platform/errors.js';
import { inTransaction } from '../../platform/transaction.js';
import { postEntry } from './account-entries.posting.js';
import {
  accountName,
  findEntry,
  linkEntry,
  statementLines,
  statementTotals,
  type EntryWithNames,
  type Period,
} from './account-entries.repo.js';
import { checkReferences } from '../master-data/index.js';

/**
 * The use cases of a checking account's Extrato (DOMAIN §9): a manual entry, a transfer to another
 * account, and the statement with its running balance. Payments write their entries through
 * postEntry in the bills' own transactions.
 */

const ENTITY = 'checking-accounts';

function toApi(row: EntryWithNames): AccountEntryRow {
  return {
    id: row.id,
    checkingAccountId: row.checkingAccountId,
    date: row.date,
    amount: row.amount,
    description: row.description,
    categoryId: row.categoryId,
    categoryName: row.categoryName,
    origin: { type: row.originType, id: row.originId },
    billId: row.billId,
    billKind: row.billKind,
    userName: row.userName,
    createdAt: row.createdAt.toISOString(),
  };
}

async function entry(db: DbOrTrx, id: number): Promise<AccountEntryRow> {
  const row = await findEntry(db, id);
  if (!row) throw new NotFoundError();
  return toApi(row);
}

async function requireAccount(db: DbOrTrx, id: number): Promise<string> {
  const name = await accountName(db, id);
  if (name === undefined) throw new NotFoundError();
  return name;
}

const negate = (amount: string) => fromUnits(-toUnits(amount, 2, 'amount'), 2);

/**
 * "Lançamento manual": a credit needs an income category and a debit an expense one, since the
 * entry feeds the income statement through it (a bank fee, interest earned, an adjustment).
 */
export function createManualEntry(
  db: Db,
  ctx: AuditContext,
  accountId: number,
  input: ManualEntryInput,
): Promise<AccountEntryRow> {
  return inTransaction(db, async (trx) => {
    await requireAccount(trx, accountId);
    await checkReferences(
      trx,
      { categoryId: input.categoryId },
      input.direction === 'CREDIT' ? 'IN' : 'OUT',
    );
    const posted = await postEntry(trx, ctx, {
      checkingAccountId: accountId,
      date: input.date,
      amount: input.direction === 'CREDIT' ? input.amount : negate(input.amount),
      description: input.description,
      categoryId: input.categoryId,
      originType: 'MANUAL',
    });
    const row = await entry(trx, posted.id);
    await recordAudit(trx, ctx, {
      entity: ENTITY,
      entityId: accountId,
      action: 'entry',
      after: row,
    });
    return row;
  });
}

/**
 * A transfer: a debit on the account of the URL and a credit on `toAccountId`, each pointing at
 * the other (the first is linked once the second exists). Both accounts' histories record it.
 */
export function createTransfer(
  db: Db,
  ctx: AuditContext,
  accountId: number,
  input: TransferInput,
): Promise<{ from: AccountEntryRow; to: AccountEntryRow }> {
  return inTransaction(db, async (trx) => {
    const fromName = await requireAccount(trx, accountId);
    if (input.toAccountId === accountId) {
      throw new ValidationError({ toAccountId: messages.finance.sameAccount });
    }
    const toName = (await accountName(trx, input.toAccountId)) ?? '';
    const debit = await postEntry(trx, ctx, {
      checkingAccountId: accountId,
      date: input.date,
      amount: negate(input.amount),
      description: input.description ?? `Transferência para ${toName}`,
      originType: 'TRANSFER',
    });
    const credit = await postEntry(trx, ctx, {
      checkingAccountId: input.toAccountId,
      date: input.date,
      amount: input.amount,
      description: input.description ?? `Transferência de ${fromName}`,
      originType: 'TRANSFER',
      originId: debit.id,
      accountField: 'toAccountId',
    });
    await linkEntry(trx, debit.id, credit.id);
    const transfer = { from: await entry(trx, debit.id), to: await entry(trx, credit.id) };
    for (const [entityId, row] of [
      [accountId, transfer.from],
      [input.toAccountId, transfer.to],
    ] as const) {
      await recordAudit(trx, ctx, { entity: ENTITY, entityId, action: 'transfer', after: row });
    }
    return transfer;
  });
}

function statementLine(row: EntryWithNames & { balance: string }): StatementLine {
  const { balance, ...entryRow } = row;
  return { ...toApi(entryRow), balance };
}

/**
 * The Extrato of a period: its entries by (date, id), each with the balance right after it (the
 * balance before the period plus the period's entries up to it), so a page far into the period
 * shows the same balances the first pages lead to.
 */
export async function statement(
  db: DbOrTrx,
  accountId: number,
  query: StatementQuery,
): Promise<Statement> {
  const period: Period = { from: query.from, to: query.to };
  const totals = await statementTotals(db, accountId, period);
  if (!totals) throw new NotFoundError();
  const lines = await statementLines(db, accountId, period, totals, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return {
    account: { id: accountId, name: totals.name, balance: totals.balance },
    from: query.from ?? null,
    to: query.to ?? null,
    openingBalance: totals.openingBalance,
    closingBalance: totals.closingBalance,
    credits: totals.credits,
    debits: totals.debits,
    items: lines.map(statementLine),
    total: totals.total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Every line of the period, with its balance, for the export. */
export async function statementForExport(
  db: DbOrTrx,
  accountId: number,
  period: Period,
): Promise<{ name: string; openingBalance: string; lines: StatementLine[] }> {
  const totals = await statementTotals(db, accountId, period);
  if (!totals) throw new NotFoundError();
  const lines = await statementLines(db, accountId, period, totals, { offset: 0 });
  return {
    name: totals.name,
    openingBalance: totals.openingBalance,
    lines: lines.map(statementLine),
  };
}
