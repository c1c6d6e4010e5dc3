import type { AccountEntryOriginType } from '../../../shared/resources/account-entries.js';
import { messages } from '../../../shared/messages.js';
import type { DbOrTrx } from '../../db/connection.js';
import type { AuditContext } from '../../platform/audit.js';
import { ValidationError } from '../../platform/errors.js';

/** One entry to write on an account: `amount` signed (credit > 0, debit < 0), decimal string. */
export interface EntryInput {
  checkingAccountId: number;
  date: string;
  amount: string;
  description: string;
  categoryId?: number | null;
  originType: AccountEntryOriginType;
  originId?: number | null;
  /** The field the account came from in the caller's form, for the error (`checkingAccountId`). */
  accountField?: string;
  /** The field the date came from (`date`). */
  dateField?: string;
}

/**
 * Writes an entry in the caller's transaction (ARCHITECTURE "Transactions compose"): payments,
 * reversals, manual entries and transfers all go through here. The account must exist and be
 * active, and the date may not precede the account's opening balance (the statement starts
 * there). The balance is not stored anywhere, so nothing else is locked or updated: entries on one
 * account never wait for each other.
 */
export async function postEntry(
  trx: DbOrTrx,
  ctx: AuditContext,
  entry: EntryInput,
): Promise<{ id: number }> {
  const accountField = entry.accountField ?? 'checkingAccountId';
  const account = await trx
    .selectFrom('checkingAccounts')
    .select(['active', 'openingDate'])
    .where('id', '=', entry.checkingAccountId)
    .executeTakeFirst();
  if (!account) throw new ValidationError({ [accountField]: messages.finance.notFound });
  if (!account.active) throw new ValidationError({ [accountField]: messages.finance.inactive });
  if (entry.date < account.openingDate) {
    throw new ValidationError({ [entry.dateField ?? 'date']: messages.finance.beforeOpeningDate });
  }
  return trx
    .insertInto('accountEntries')
    .values({
      checkingAccountId: entry.checkingAccountId,
      date: entry.date,
      amount: entry.amount,
      description: entry.description,
      categoryId: entry.categoryId ?? null,
      originType: entry.originType,
      originId: entry.originId ?? null,
      userId: ctx.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}
