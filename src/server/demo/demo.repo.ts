import { sql } from 'kysely';
import type { DbOrTrx } from '../db/connection.js';

/**
 * What the demo reads before it writes anything: whether the database already holds a company's
 * own records, and who its administrator is.
 */

/**
 * The tables whose rows are a company's own work (the starter lookups every new database gets
 * do not count), and the company's CNPJ: the first ones found, by label, for the refusal.
 */
const BUSINESS_TABLES: [table: string, label: string][] = [
  ['clients', 'clientes'],
  ['suppliers', 'fornecedores'],
  ['items', 'produtos/insumos'],
  ['purchase_orders', 'ordens de compra'],
  ['production_orders', 'ordens de produção'],
  ['requested_orders', 'pedidos'],
  ['invoices', 'notas fiscais'],
  ['bills', 'contas a pagar/receber'],
  ['account_entries', 'lançamentos bancários'],
  ['stock_movements', 'movimentos de estoque'],
];

export async function businessDataFound(db: DbOrTrx): Promise<string[]> {
  const found: string[] = [];
  for (const [table, label] of BUSINESS_TABLES) {
    const { rows } = await sql<{ any: boolean }>`
      SELECT EXISTS (SELECT 1 FROM ${sql.table(table)}) AS any`.execute(db);
    if (rows[0]?.any) found.push(label);
  }
  const company = await db
    .selectFrom('company')
    .select('cnpj')
    .where('cnpj', 'is not', null)
    .executeTakeFirst();
  if (company) found.push('CNPJ da empresa');
  return found;
}

/** The first active administrator (the one bootstrap created, in a new database). */
export async function firstAdministrator(db: DbOrTrx) {
  return db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.roleId')
    .select(['users.id', 'users.email'])
    .where('roles.isSystem', '=', true)
    .where('users.active', '=', true)
    .orderBy('users.id')
    .executeTakeFirst();
}

/** What the demo made, for the terminal. */
export async function demoSummary(db: DbOrTrx) {
  const { rows } = await sql<Record<string, string>>`
    SELECT
      (SELECT count(*) FROM requested_orders) AS "salesOrders",
      (SELECT count(*) FROM invoices WHERE status <> 'DRAFT') AS invoices,
      (SELECT count(*) FROM purchase_orders) AS "purchaseOrders",
      (SELECT count(*) FROM production_orders) AS "productionOrders",
      (SELECT count(*) FROM bills) AS bills,
      (SELECT count(*) FROM stock_movements) AS "stockMovements"`.execute(db);
  return Object.fromEntries(Object.entries(rows[0]!).map(([key, value]) => [key, Number(value)]));
}
