import { sql, type Insertable, type RawBuilder } from 'kysely';
import type {
  BillKind,
  BillListQuery,
  BillOriginType,
  BillStatus,
} from '../../../shared/resources/bills.js';
import { messages } from '../../../shared/messages.js';
import type { DbOrTrx, Trx } from '../../db/connection.js';
import type { BillsTable, Database } from '../../db/types.js';
import { ValidationError } from '../../platform/errors.js';
import { escapeLike } from '../../platform/repository.js';
import { eachRowBatch, pageRows } from '../../platform/sql-list.js';

/**
 * The bills' queries. The list's SQL is written here rather than through the generic repository:
 * "Vencida" is a computed status, the totals run over the whole filter, and the names come from
 * five tables. Every filter keeps to an index of migration 0014; the open statuses are written as
 * literals (never a parameter) so that the planner can use the partial index of open bills.
 */

const OPEN_SQL = sql.raw(`b.status IN ('OPEN', 'PARTIALLY_PAID')`);

/** A status written into SQL: only the statuses' own names pass. */
function literal(status: string): string {
  if (!/^[A-Z_]+$/.test(status)) throw new ValidationError({ status: messages.invalid });
  return status;
}

/** Every row of the filter is open (or partly paid): its totals need not look at the status. */
function onlyOpen(filters: BillFilters): boolean {
  const open: readonly string[] = ['OPEN', 'PARTIALLY_PAID', 'OVERDUE'];
  return !!filters.status && filters.status.every((status) => open.includes(status));
}

/** A bill's row with the names of its partner, category, method and account. */
export interface BillDbRow {
  id: number;
  kind: BillKind;
  supplierId: number | null;
  clientId: number | null;
  partnerName: string | null;
  description: string;
  documentNumber: string | null;
  issueDate: string;
  dueDate: string;
  competenceDate: string;
  amount: string;
  paidAmount: string;
  installment: string | null;
  categoryId: number;
  categoryName: string;
  paymentMethodId: number | null;
  paymentMethodName: string | null;
  checkingAccountId: number | null;
  checkingAccountName: string | null;
  originType: BillOriginType;
  originId: number | null;
  status: BillStatus;
  notes: string | null;
  createdAt: Date;
  updatedAt: Date;
  createdBy: number | null;
  updatedBy: number | null;
  version: number;
}

/**
 * The bills with the names they show. Only the partner of the kind is joined (the list sorts by
 * it); the other names are looked up per row returned, so that the planner has one join to order
 * rather than five (planning, not execution, was most of a page's time).
 */
const selectWithNames = (kind: BillKind) => {
  const partners = sql.raw(kind === 'PAY' ? 'suppliers' : 'clients');
  const partnerKey = sql.raw(kind === 'PAY' ? 'b.supplier_id' : 'b.client_id');
  return sql`
  SELECT b.id, b.kind, b.supplier_id, b.client_id, p.name AS partner_name,
    b.description, b.document_number, b.issue_date, b.due_date, b.competence_date, b.amount,
    b.paid_amount, b.installment, b.category_id,
    (SELECT fc.name FROM financial_categories fc WHERE fc.id = b.category_id) AS category_name,
    b.payment_method_id,
    (SELECT pm.name FROM payment_methods pm WHERE pm.id = b.payment_method_id)
      AS payment_method_name,
    b.checking_account_id,
    (SELECT ca.name FROM checking_accounts ca WHERE ca.id = b.checking_account_id)
      AS checking_account_name,
    b.origin_type, b.origin_id, b.status, b.notes, b.created_at, b.updated_at, b.created_by,
    b.updated_by, b.version
  FROM bills b
  LEFT JOIN ${partners} p ON p.id = ${partnerKey}`;
};

export async function findBillWithNames(
  db: DbOrTrx,
  kind: BillKind,
  id: number,
): Promise<BillDbRow | undefined> {
  const { rows } = await sql<BillDbRow>`${selectWithNames(kind)}
    WHERE b.id = ${id} AND b.kind = ${kind}`.execute(db);
  return rows[0];
}

/** The bills of these ids, with names, in id order (what POST answers). */
export async function findBillsWithNames(
  db: DbOrTrx,
  kind: BillKind,
  ids: number[],
): Promise<BillDbRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<BillDbRow>`${selectWithNames(kind)}
    WHERE b.id = ANY(${ids}::integer[]) ORDER BY b.id`.execute(db);
  return rows;
}

export interface PaymentDbRow {
  id: number;
  billId: number;
  date: string;
  amount: string;
  interest: string;
  fine: string;
  discount: string;
  total: string;
  checkingAccountId: number;
  checkingAccountName: string;
  paymentMethodId: number | null;
  paymentMethodName: string | null;
  notes: string | null;
  createdAt: Date;
  createdByName: string | null;
  reversedAt: Date | null;
  reversedByName: string | null;
}

/** A bill's payments, oldest first, with names. */
export async function findPayments(db: DbOrTrx, billId: number): Promise<PaymentDbRow[]> {
  const { rows } = await sql<PaymentDbRow>`
    SELECT p.id, p.bill_id, p.date, p.amount, p.interest, p.fine, p.discount, p.total,
      p.checking_account_id, ca.name AS checking_account_name, p.payment_method_id,
      pm.name AS payment_method_name, p.notes, p.created_at, cu.name AS created_by_name,
      p.reversed_at, ru.name AS reversed_by_name
    FROM bill_payments p
    JOIN checking_accounts ca ON ca.id = p.checking_account_id
    LEFT JOIN payment_methods pm ON pm.id = p.payment_method_id
    LEFT JOIN users cu ON cu.id = p.created_by
    LEFT JOIN users ru ON ru.id = p.reversed_by
    WHERE p.bill_id = ${billId}
    ORDER BY p.id`.execute(db);
  return rows;
}

// ---- The list ------------------------------------------------------------------------------

/** The sortable columns (the API's names) and their SQL. */
const SORTS: Record<string, string> = {
  dueDate: 'b.due_date',
  issueDate: 'b.issue_date',
  competenceDate: 'b.competence_date',
  amount: 'b.amount',
  description: 'b.description',
  partnerName: 'p.name',
  // The lifecycle's order (Aberta, Parcialmente paga, Paga, Cancelada), not the codes'.
  status:
    "array_position(ARRAY['OPEN', 'PARTIALLY_PAID', 'PAID', 'CANCELLED']::text[], b.status::text)",
};

export type BillFilters = Omit<BillListQuery, 'page' | 'pageSize' | 'sort'>;

/** The WHERE of the list, its totals and its export: every filter given, ANDed. */
function whereOf(kind: BillKind, filters: BillFilters, today: string): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [sql`b.kind = ${kind}`];
  if (filters.status) {
    const stored = filters.status.filter((status) => status !== 'OVERDUE');
    const any: RawBuilder<unknown>[] = [];
    if (filters.status.includes('OVERDUE')) {
      any.push(sql`(${OPEN_SQL} AND b.due_date < ${today}::date)`);
    }
    // Literals (the schema allows only the statuses' names), so that the planner sees
    // `status IN ('OPEN', 'PARTIALLY_PAID')` and can use the partial index of open bills.
    if (stored.length) {
      any.push(
        sql`b.status IN (${sql.raw(stored.map((status) => `'${literal(status)}'`).join(', '))})`,
      );
    }
    conditions.push(any.length === 1 ? any[0]! : sql`(${sql.join(any, sql` OR `)})`);
  }
  if (filters.dueDateFrom) conditions.push(sql`b.due_date >= ${filters.dueDateFrom}::date`);
  if (filters.dueDateTo) conditions.push(sql`b.due_date <= ${filters.dueDateTo}::date`);
  if (filters.competenceDateFrom) {
    conditions.push(sql`b.competence_date >= ${filters.competenceDateFrom}::date`);
  }
  if (filters.competenceDateTo) {
    conditions.push(sql`b.competence_date <= ${filters.competenceDateTo}::date`);
  }
  if (kind === 'PAY' && filters.supplierId) {
    conditions.push(sql`b.supplier_id = ${filters.supplierId}`);
  }
  if (kind === 'RECEIVE' && filters.clientId) {
    conditions.push(sql`b.client_id = ${filters.clientId}`);
  }
  if (filters.categoryId) conditions.push(sql`b.category_id = ${filters.categoryId}`);
  if (filters.originType) {
    conditions.push(sql`b.origin_type = ANY(${filters.originType}::text[])`);
  }
  if (filters.originId) conditions.push(sql`b.origin_id = ${filters.originId}`);
  if (filters.q) {
    const like = `%${escapeLike(filters.q)}%`;
    const parties = kind === 'PAY' ? sql.raw('suppliers') : sql.raw('clients');
    const partnerColumn = kind === 'PAY' ? sql.raw('b.supplier_id') : sql.raw('b.client_id');
    conditions.push(sql`(
      f_unaccent(lower(b.description || ' ' || coalesce(b.document_number, '')))
        LIKE f_unaccent(lower(${like}))
      OR ${partnerColumn} = ANY(ARRAY(
        SELECT id FROM ${parties} WHERE search_text LIKE f_unaccent(lower(${like})))))`);
  }
  return sql.join(conditions, sql` AND `);
}

export interface BillTotalsRow {
  total: number;
  open: string;
  overdue: string;
  paid: string;
}

/**
 * The count and the money of the whole filtered list, in one pass. When the filter keeps only open
 * bills ("Vencida", the busiest), the sums do not read the status, so that they are answered from
 * the partial index of open bills alone (it includes the amounts).
 */
async function totalsOf(db: DbOrTrx, where: RawBuilder<unknown>, today: string, allOpen: boolean) {
  const open = allOpen ? sql.raw('true') : OPEN_SQL;
  const { rows } = await sql<BillTotalsRow>`
    SELECT count(*)::integer AS total,
      coalesce(sum(b.amount - b.paid_amount) FILTER (WHERE ${open}), 0)::numeric(15,2)::text
        AS open,
      coalesce(sum(b.amount - b.paid_amount)
        FILTER (WHERE ${open} AND b.due_date < ${today}::date), 0)::numeric(15,2)::text
        AS overdue,
      coalesce(sum(b.paid_amount), 0)::numeric(15,2)::text AS paid
    FROM bills b
    WHERE ${where}`.execute(db);
  return rows[0]!;
}

function orderOf(sort: string | undefined): RawBuilder<unknown> {
  const key = (sort ?? 'dueDate').replace(/^-/, '');
  const column = SORTS[key];
  if (!column) throw new ValidationError({ sort: messages.invalid });
  const direction = sort?.startsWith('-') ? sql.raw('DESC') : sql.raw('ASC');
  return sql`${sql.raw(column)} ${direction}, b.id ${direction}`;
}

/** One page of the list and the totals of the whole filter. */
export async function listBills(
  db: DbOrTrx,
  kind: BillKind,
  query: BillListQuery,
  today: string,
): Promise<{ rows: BillDbRow[]; totals: BillTotalsRow }> {
  const { page, pageSize, sort, ...filters } = query;
  const where = whereOf(kind, filters, today);
  const order = orderOf(sort);
  const [rows, totals] = await Promise.all([
    pageRows<BillDbRow>(db, sql`${selectWithNames(kind)} WHERE ${where} ORDER BY ${order}`, {
      page,
      pageSize,
    }),
    totalsOf(db, where, today, onlyOpen(filters)),
  ]);
  return { rows, totals };
}

/**
 * Every row of the filtered list in its order, in batches (the export), through a cursor in a
 * read-only transaction: one query, however many rows, and never an OFFSET walked again.
 */
export async function eachBillBatch(
  db: DbOrTrx,
  kind: BillKind,
  query: BillFilters & { sort?: string },
  today: string,
  onBatch: (rows: BillDbRow[]) => Promise<void> | void,
  batchSize = 1000,
): Promise<void> {
  const { sort, ...filters } = query;
  const where = whereOf(kind, filters, today);
  const order = orderOf(sort);
  await eachRowBatch(
    db,
    sql`${selectWithNames(kind)} WHERE ${where} ORDER BY ${order}`,
    onBatch,
    batchSize,
  );
}

// ---- Writes --------------------------------------------------------------------------------

export async function insertBills(
  trx: Trx,
  values: Insertable<BillsTable>[],
): Promise<{ id: number }[]> {
  if (values.length === 0) return [];
  const rows = await trx.insertInto('bills').values(values).returning('id').execute();
  return rows.sort((a, b) => a.id - b.id);
}

/** The bill's row as stored (no names), locked for the rest of the transaction. */
export function lockBill(trx: Trx, kind: BillKind, id: number) {
  return trx
    .selectFrom('bills')
    .selectAll()
    .where('id', '=', id)
    .where('kind', '=', kind)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * "Baixar": adds `amount` to what is paid and sets the status the paid amount leads to, in one
 * conditional statement: only while the bill is open and only up to its amount. Two payments at
 * once queue on the row, and the second sees the first's paid amount. The bill then names the
 * account the money moved through. Undefined: nothing changed.
 */
export async function settle(
  trx: Trx,
  kind: BillKind,
  id: number,
  payment: { amount: string; checkingAccountId: number },
  userId: number | null,
) {
  const { amount, checkingAccountId } = payment;
  const { rows } = await sql<{ id: number }>`
    UPDATE bills SET
      paid_amount = paid_amount + ${amount}::numeric,
      status = CASE WHEN paid_amount + ${amount}::numeric >= amount THEN 'PAID'
        ELSE 'PARTIALLY_PAID' END,
      checking_account_id = ${checkingAccountId},
      version = version + 1, updated_at = now(), updated_by = ${userId}
    WHERE id = ${id} AND kind = ${kind} AND status IN ('OPEN', 'PARTIALLY_PAID')
      AND paid_amount + ${amount}::numeric <= amount
    RETURNING id`.execute(trx);
  return rows[0];
}

/** "Estornar baixa": takes `amount` back from what is paid; the status follows. */
export async function unsettle(trx: Trx, id: number, amount: string, userId: number | null) {
  await sql`
    UPDATE bills SET
      paid_amount = paid_amount - ${amount}::numeric,
      status = CASE WHEN paid_amount - ${amount}::numeric <= 0 THEN 'OPEN'
        WHEN paid_amount - ${amount}::numeric >= amount THEN 'PAID'
        ELSE 'PARTIALLY_PAID' END,
      version = version + 1, updated_at = now(), updated_by = ${userId}
    WHERE id = ${id}`.execute(trx);
}

/** A bill's status and amounts, to explain why settle changed nothing. */
export function findBillState(db: DbOrTrx, kind: BillKind, id: number) {
  return db
    .selectFrom('bills')
    .select(['status', 'amount', 'paidAmount'])
    .where('id', '=', id)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/** A payment's row; answers its id. */
export function insertPayment(trx: Trx, values: Insertable<Database['billPayments']>) {
  return trx.insertInto('billPayments').values(values).returning('id').executeTakeFirstOrThrow();
}

/** The payment reversed: when, by whom, and the account entry that gave the money back. */
export async function markReversed(
  trx: Trx,
  paymentId: number,
  reversal: { userId: number | null; entryId: number },
): Promise<void> {
  await trx
    .updateTable('billPayments')
    .set({ reversedAt: new Date(), reversedBy: reversal.userId, reversalEntryId: reversal.entryId })
    .where('id', '=', paymentId)
    .execute();
}

/** A payment, locked so that two reversals of it queue and the second sees the first. */
export function lockPayment(trx: Trx, id: number) {
  return trx
    .selectFrom('billPayments')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** The bills a document created (its origin), locked, in id order. */
export function lockDocumentBills(trx: Trx, origin: { type: 'INVOICE'; id: number }) {
  return trx
    .selectFrom('bills')
    .select(['id', 'kind', 'status'])
    .where('originType', '=', origin.type)
    .where('originId', '=', origin.id)
    .orderBy('id')
    .forUpdate()
    .execute();
}
