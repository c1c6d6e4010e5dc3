import { sql } from 'kysely';
import type { DbOrTrx } from '../../../db/connection.js';
import { cnpjFrom } from '../../../testing/documents.js';

/**
 * What the finance tests need around a bill: a supplier, a client, a category of each kind, a
 * payment method of a usage and a checking account, written straight into the test's database
 * (the master-data routes have their own tests). Names and documents carry a counter, so that a
 * file can call them as often as it likes; `overrides` set any column.
 */
let counter = 0;
const next = () => {
  counter += 1;
  return `${process.pid % 10000}${String(counter).padStart(4, '0')}`;
};

/** A valid CNPJ no other factory call made: the pid and a counter in its base. */
function uniqueCnpj(): string {
  return cnpjFrom(`9${next().padStart(11, '0')}`.slice(0, 12));
}

/** A company (PJ) in São Paulo, in the suppliers' or the clients' table: they have the same columns. */
function createPartner(
  db: DbOrTrx,
  table: 'suppliers' | 'clients',
  name: string,
  active: boolean,
): Promise<{ id: number; name: string }> {
  return db
    .insertInto(table)
    .values({
      personType: 'J',
      name,
      document: uniqueCnpj(),
      address: JSON.stringify({ city: 'São Paulo', state: 'SP' }),
      active,
    })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

export function createSupplier(
  db: DbOrTrx,
  overrides: { name?: string; active?: boolean } = {},
): Promise<{ id: number; name: string }> {
  return createPartner(
    db,
    'suppliers',
    overrides.name ?? `Fornecedor ${next()}`,
    overrides.active ?? true,
  );
}

export function createClient(
  db: DbOrTrx,
  overrides: { name?: string; active?: boolean } = {},
): Promise<{ id: number; name: string }> {
  return createPartner(
    db,
    'clients',
    overrides.name ?? `Cliente ${next()}`,
    overrides.active ?? true,
  );
}

/** A root category of the plan (Receita → GROSS_REVENUE, Despesa → OPERATING_EXPENSES). */
export async function createCategory(
  db: DbOrTrx,
  kind: 'INCOME' | 'EXPENSE',
  overrides: { name?: string; active?: boolean; dreGroup?: string; parentId?: number } = {},
): Promise<{ id: number; name: string }> {
  const name = overrides.name ?? `${kind === 'INCOME' ? 'Receita' : 'Despesa'} ${next()}`;
  return db
    .insertInto('financialCategories')
    .values({
      name,
      kind,
      dreGroup: overrides.dreGroup ?? (kind === 'INCOME' ? 'GROSS_REVENUE' : 'OPERATING_EXPENSES'),
      parentId: overrides.parentId ?? null,
      active: overrides.active ?? true,
    })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

export async function createPaymentMethod(
  db: DbOrTrx,
  usage: 'PAY' | 'RECEIVE' | 'BOTH' = 'BOTH',
  overrides: { name?: string; active?: boolean; kind?: string } = {},
): Promise<{ id: number; name: string }> {
  const name = overrides.name ?? `Forma ${next()}`;
  return db
    .insertInto('paymentMethods')
    .values({ name, kind: overrides.kind ?? 'PIX', usage, active: overrides.active ?? true })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

export async function createCheckingAccount(
  db: DbOrTrx,
  overrides: {
    name?: string;
    active?: boolean;
    openingBalance?: string;
    openingDate?: string;
  } = {},
): Promise<{ id: number; name: string }> {
  const name = overrides.name ?? `Conta ${next()}`;
  return db
    .insertInto('checkingAccounts')
    .values({
      name,
      bankCode: '001',
      openingBalance: overrides.openingBalance ?? '0.00',
      openingDate: overrides.openingDate ?? '2000-01-01',
      active: overrides.active ?? true,
    })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

/** One of each, for a test file that pays and receives: both kinds of category and method. */
export async function financeFixture(db: DbOrTrx) {
  return {
    supplier: await createSupplier(db),
    client: await createClient(db),
    expense: await createCategory(db, 'EXPENSE'),
    income: await createCategory(db, 'INCOME'),
    payMethod: await createPaymentMethod(db, 'PAY'),
    receiveMethod: await createPaymentMethod(db, 'RECEIVE'),
    bothMethod: await createPaymentMethod(db, 'BOTH'),
    account: await createCheckingAccount(db),
  };
}

/** Σ of an account's entries (a decimal string; "0.00" with none). */
export async function entriesSum(db: DbOrTrx, checkingAccountId: number): Promise<string> {
  const { rows } = await sql<{ total: string }>`
    SELECT coalesce(sum(amount), 0)::numeric(15,2)::text AS total
    FROM account_entries WHERE checking_account_id = ${checkingAccountId}`.execute(db);
  return rows[0]!.total;
}
