import type { DbOrTrx } from '../../../db/connection.js';
import { cnpjFrom } from '../../../testing/documents.js';

/**
 * What the ledger's and the reports' tests write straight into their database: accounts,
 * categories, a client, entries and bills as the bills' use cases would leave them (those have
 * their own tests). Names carry a counter, so a file can call them as often as it likes.
 */
let counter = 0;
const next = () => {
  counter += 1;
  return String(counter).padStart(4, '0');
};

export async function ledgerAccount(
  db: DbOrTrx,
  values: { name?: string; openingBalance?: string; openingDate?: string; active?: boolean } = {},
): Promise<{ id: number; name: string }> {
  return db
    .insertInto('checkingAccounts')
    .values({
      name: values.name ?? `Conta ${next()}`,
      bankCode: '341',
      openingBalance: values.openingBalance ?? '0.00',
      openingDate: values.openingDate ?? '2000-01-01',
      active: values.active ?? true,
    })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

export async function ledgerCategory(
  db: DbOrTrx,
  kind: 'INCOME' | 'EXPENSE',
  dreGroup: string,
  name = `${kind === 'INCOME' ? 'Receita' : 'Despesa'} ${next()}`,
): Promise<{ id: number; name: string }> {
  return db
    .insertInto('financialCategories')
    .values({ name, kind, dreGroup })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

export async function ledgerClient(db: DbOrTrx): Promise<{ id: number }> {
  const n = next();
  return db
    .insertInto('clients')
    .values({
      personType: 'J',
      name: `Cliente ${n}`,
      document: cnpjFrom(`8${String(process.pid % 100000).padStart(7, '0')}${n}`.slice(0, 12)),
      address: JSON.stringify({ city: 'São Paulo', state: 'SP' }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** An entry as postEntry writes it (no checks: the tests of the routes check those). */
export async function ledgerEntry(
  db: DbOrTrx,
  values: {
    accountId: number;
    date: string;
    amount: string;
    originType?: 'MANUAL' | 'TRANSFER' | 'BILL_PAYMENT' | 'PAYMENT_REVERSAL';
    originId?: number | null;
    categoryId?: number | null;
    description?: string;
  },
): Promise<{ id: number }> {
  return db
    .insertInto('accountEntries')
    .values({
      checkingAccountId: values.accountId,
      date: values.date,
      amount: values.amount,
      description: values.description ?? 'Lançamento',
      categoryId: values.categoryId ?? null,
      originType: values.originType ?? 'MANUAL',
      originId: values.originId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export interface LedgerBill {
  kind: 'PAY' | 'RECEIVE';
  categoryId: number;
  amount: string;
  dueDate: string;
  competenceDate?: string;
  paidAmount?: string;
  status?: 'OPEN' | 'PARTIALLY_PAID' | 'PAID' | 'CANCELLED';
  clientId?: number;
}

/** A bill as the bills' use cases leave it (status and paid amount consistent). */
export async function ledgerBill(db: DbOrTrx, bill: LedgerBill): Promise<{ id: number }> {
  if (bill.kind === 'RECEIVE' && bill.clientId === undefined) {
    throw new Error('a bill to receive needs clientId');
  }
  return db
    .insertInto('bills')
    .values({
      kind: bill.kind,
      clientId: bill.kind === 'RECEIVE' ? bill.clientId! : null,
      description: `Conta ${next()}`,
      issueDate: bill.competenceDate ?? bill.dueDate,
      dueDate: bill.dueDate,
      competenceDate: bill.competenceDate ?? bill.dueDate,
      amount: bill.amount,
      paidAmount: bill.paidAmount ?? '0.00',
      status: bill.status ?? 'OPEN',
      categoryId: bill.categoryId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** A payment of a bill with its entry (BILL_PAYMENT pointing at the bill). */
export async function ledgerPayment(
  db: DbOrTrx,
  payment: {
    billId: number;
    kind: 'PAY' | 'RECEIVE';
    accountId: number;
    date: string;
    amount: string;
    interest?: string;
    fine?: string;
    discount?: string;
    total: string;
    reversed?: boolean;
    /** The bill's category, as the bills' payments write it on their entries. */
    categoryId?: number;
  },
): Promise<{ id: number; entryId: number }> {
  const signed = payment.kind === 'PAY' ? `-${payment.total}` : payment.total;
  const entry = await ledgerEntry(db, {
    accountId: payment.accountId,
    date: payment.date,
    amount: signed,
    originType: 'BILL_PAYMENT',
    originId: payment.billId,
    categoryId: payment.categoryId ?? null,
  });
  const reversal = payment.reversed
    ? await ledgerEntry(db, {
        accountId: payment.accountId,
        date: payment.date,
        amount: payment.kind === 'PAY' ? payment.total : `-${payment.total}`,
        originType: 'PAYMENT_REVERSAL',
        originId: payment.billId,
        categoryId: payment.categoryId ?? null,
      })
    : null;
  const row = await db
    .insertInto('billPayments')
    .values({
      billId: payment.billId,
      date: payment.date,
      amount: payment.amount,
      interest: payment.interest ?? '0.00',
      fine: payment.fine ?? '0.00',
      discount: payment.discount ?? '0.00',
      total: payment.total,
      checkingAccountId: payment.accountId,
      entryId: entry.id,
      reversedAt: reversal ? new Date() : null,
      reversalEntryId: reversal?.id ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, entryId: entry.id };
}
