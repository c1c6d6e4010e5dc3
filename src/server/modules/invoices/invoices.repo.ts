import { sql, type Insertable, type RawBuilder, type Selectable } from 'kysely';
import type { InvoiceLineTaxes, InvoiceTotals } from '../../../shared/invoice-taxes.js';
import type {
  FreightMode,
  InvoiceListQuery,
  InvoiceStatus,
  SefazStatus,
} from '../../../shared/resources/invoices.js';
import type { DbOrTrx, Trx } from '../../db/connection.js';
import type { AddressJson, Database } from '../../db/types.js';
import type { DocumentLines } from '../../platform/document-lines.js';
import { escapeLike } from '../../platform/repository.js';
import { codeLiterals, pageRows, sortOrder } from '../../platform/sql-list.js';

/**
 * The invoices' queries: the header with the names it shows, its lines with the items', what it
 * posted (bills, movements); the list on migration 0024's indexes; the references a save reads
 * (items, nature of operation, recipient); the lock and the writes; the accountant's archive.
 */

/** The invoice's lines as document-lines.ts replaces them. */
export const invoiceLines: DocumentLines = {
  key: 'items',
  table: 'invoiceItems',
  parentColumn: 'invoiceId',
  columns: [
    'itemId',
    'description',
    'ncm',
    'cest',
    'cfop',
    'taxOrigin',
    'quantity',
    'unitPrice',
    'grossTotal',
    'discount',
    'freight',
    'total',
    'taxes',
    'requestedOrderItemId',
    'fiscalOperationId',
  ],
};

export interface InvoiceDbRow {
  id: number;
  number: number | null;
  series: number;
  model: '55';
  direction: 'OUT' | 'IN';
  purpose: 'NORMAL' | 'RETURN';
  fiscalOperationId: number;
  fiscalOperationName: string;
  issueDate: string;
  clientId: number | null;
  supplierId: number | null;
  recipientName: string;
  recipientDocument: string;
  locationId: number | null;
  locationName: string | null;
  paymentMethodId: number | null;
  paymentMethodName: string | null;
  categoryId: number | null;
  categoryName: string | null;
  installments: number;
  firstDueInDays: number;
  intervalDays: number;
  freightMode: FreightMode;
  freight: string;
  discount: string;
  totals: InvoiceTotals;
  total: string;
  additionalInfo: string | null;
  referencedKeys: string[];
  requestedOrderId: number | null;
  accessKey: string | null;
  status: InvoiceStatus;
  sefazStatus: SefazStatus;
  sefazCode: string | null;
  sefazMessage: string | null;
  protocol: string | null;
  authorizedAt: Date | null;
  issuedAt: Date | null;
  cancelledAt: Date | null;
  cancelReason: string | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

/**
 * A batch still SENDING this long after it left was lost with its server (a crash between the
 * phases of "Emitir"): it reads as PENDING, so "Consultar" can settle it.
 */
export const SENDING_GIVEN_UP_AFTER_SECONDS = 300;

const effectiveSefazStatus = sql`(CASE WHEN n.sefaz_status = 'SENDING'
    AND n.sefaz_sent_at < now() - make_interval(secs => ${SENDING_GIVEN_UP_AFTER_SECONDS})
    THEN 'PENDING' ELSE n.sefaz_status END)`;

const selectWithNames = sql`
  SELECT n.id, n.number, n.series, n.model, n.direction, n.purpose, n.fiscal_operation_id,
    fo.name AS fiscal_operation_name, n.issue_date, n.client_id, n.supplier_id,
    coalesce(c.name, s.name) AS recipient_name, coalesce(c.document, s.document) AS recipient_document,
    n.location_id, (SELECT l.name FROM stock_locations l WHERE l.id = n.location_id) AS location_name,
    n.payment_method_id,
    (SELECT pm.name FROM payment_methods pm WHERE pm.id = n.payment_method_id)
      AS payment_method_name,
    n.category_id,
    (SELECT fc.name FROM financial_categories fc WHERE fc.id = n.category_id) AS category_name,
    n.installments, n.first_due_in_days, n.interval_days, n.freight_mode, n.freight, n.discount,
    n.totals, n.total, n.additional_info, n.referenced_keys, n.requested_order_id, n.access_key,
    n.status, ${effectiveSefazStatus} AS sefaz_status, n.sefaz_code, n.sefaz_message, n.protocol,
    n.authorized_at, n.issued_at, n.cancelled_at, n.cancel_reason, n.created_at,
    n.updated_at, n.version
  FROM invoices n
  JOIN fiscal_operations fo ON fo.id = n.fiscal_operation_id
  LEFT JOIN clients c ON c.id = n.client_id
  LEFT JOIN suppliers s ON s.id = n.supplier_id`;

export async function findInvoiceWithNames(
  db: DbOrTrx,
  id: number,
): Promise<InvoiceDbRow | undefined> {
  const { rows } = await sql<InvoiceDbRow>`${selectWithNames} WHERE n.id = ${id}`.execute(db);
  return rows[0];
}

export interface InvoiceLineDbRow {
  id: number;
  position: number;
  itemId: number;
  itemCode: string;
  description: string;
  ncm: string | null;
  cest: string | null;
  cfop: string;
  taxOrigin: string;
  unitCode: string;
  unitDecimals: number;
  quantity: string;
  unitPrice: string;
  grossTotal: string;
  discount: string;
  freight: string;
  total: string;
  taxes: InvoiceLineTaxes;
  requestedOrderItemId: number | null;
  fiscalOperationId: number;
}

/** The invoice's lines in their order, with the items' code and unit. */
export async function findInvoiceLines(
  db: DbOrTrx,
  invoiceId: number,
): Promise<InvoiceLineDbRow[]> {
  const { rows } = await sql<InvoiceLineDbRow>`
    SELECT l.id, l.position, l.item_id, i.code AS item_code, l.description, l.ncm, l.cest, l.cfop,
      l.tax_origin, u.code AS unit_code, u.decimals AS unit_decimals, l.quantity, l.unit_price,
      l.gross_total, l.discount, l.freight, l.total, l.taxes, l.requested_order_item_id,
      l.fiscal_operation_id
    FROM invoice_items l
    JOIN items i ON i.id = l.item_id
    JOIN units_of_measurement u ON u.id = i.unit_id
    WHERE l.invoice_id = ${invoiceId}
    ORDER BY l.position, l.id`.execute(db);
  return rows;
}

/** The bills the invoice created (origin INVOICE), in installment order. */
export async function findInvoiceBills(db: DbOrTrx, invoiceId: number) {
  const { rows } = await sql<{
    id: number;
    kind: 'PAY' | 'RECEIVE';
    installment: string | null;
    dueDate: string;
    amount: string;
    paidAmount: string;
    status: string;
  }>`
    SELECT id, kind, installment, due_date, amount, paid_amount, status
    FROM bills WHERE origin_type = 'INVOICE' AND origin_id = ${invoiceId}
    ORDER BY due_date, id`.execute(db);
  return rows;
}

/** The stock movements the invoice posted (origin INVOICE), and whether each was reversed. */
export async function findInvoiceMovements(db: DbOrTrx, invoiceId: number) {
  const { rows } = await sql<{
    id: number;
    itemId: number;
    itemName: string;
    direction: 'IN' | 'OUT';
    quantity: string;
    reversed: boolean;
  }>`
    SELECT m.id, m.item_id, i.name AS item_name, m.type AS direction, m.quantity,
      EXISTS (SELECT 1 FROM stock_movements r WHERE r.reversal_of = m.id) AS reversed
    FROM stock_movements m JOIN items i ON i.id = m.item_id
    WHERE m.origin_type = 'INVOICE' AND m.origin_id = ${invoiceId} AND m.reversal_of IS NULL
    ORDER BY m.id`.execute(db);
  return rows;
}

// ---- The list ------------------------------------------------------------------------------

const SORTS: Record<string, string> = {
  issueDate: 'n.issue_date',
  number: 'n.number',
  recipientName: 'coalesce(c.name, s.name)',
  total: 'n.total',
  status: "array_position(ARRAY['DRAFT', 'ISSUED', 'DENIED', 'CANCELLED']::text[], n.status::text)",
};

export type InvoiceFilters = Omit<InvoiceListQuery, 'page' | 'pageSize' | 'sort' | 'totals'>;

function whereOf(filters: InvoiceFilters): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [sql`true`];
  if (filters.status) conditions.push(sql`n.status IN (${codeLiterals(filters.status)})`);
  if (filters.direction) conditions.push(sql`n.direction IN (${codeLiterals(filters.direction)})`);
  if (filters.sefazStatus) {
    conditions.push(sql`n.sefaz_status IN (${codeLiterals(filters.sefazStatus)})`);
  }
  if (filters.issueDateFrom) conditions.push(sql`n.issue_date >= ${filters.issueDateFrom}::date`);
  if (filters.issueDateTo) conditions.push(sql`n.issue_date <= ${filters.issueDateTo}::date`);
  if (filters.clientId) conditions.push(sql`n.client_id = ${filters.clientId}`);
  if (filters.supplierId) conditions.push(sql`n.supplier_id = ${filters.supplierId}`);
  if (filters.q) {
    const typed = filters.q.trim();
    const digits = typed.replace(/[\s.]/g, '');
    const like = `%${escapeLike(typed)}%`;
    conditions.push(sql`(
      ${/^\d{1,9}$/.test(digits) ? sql`n.number = ${Number(digits)}` : sql`false`}
      OR ${/^[0-9A-Z]{44}$/i.test(digits) ? sql`n.access_key = ${digits.toUpperCase()}` : sql`false`}
      OR n.client_id = ANY(ARRAY(
        SELECT id FROM clients WHERE search_text LIKE f_unaccent(lower(${like}))))
      OR n.supplier_id = ANY(ARRAY(
        SELECT id FROM suppliers WHERE search_text LIKE f_unaccent(lower(${like})))))`);
  }
  return sql.join(conditions, sql` AND `);
}

/** One page of the list, its count and (asked for) the sum of the filtered invoices' totals. */
export async function listInvoiceRows(db: DbOrTrx, query: InvoiceListQuery) {
  const { page, pageSize, sort, totals, ...filters } = query;
  const where = whereOf(filters);
  const [rows, counted] = await Promise.all([
    pageRows<InvoiceDbRow>(
      db,
      sql`${selectWithNames} WHERE ${where} ORDER BY ${sortOrder(SORTS, sort ?? '-issueDate', 'n.id', { nullsLast: true })}`,
      {
        page,
        pageSize,
      },
    ),
    sql<{ count: number; total: string | null }>`
      SELECT count(*)::integer AS count,
        ${totals ? sql`coalesce(sum(n.total), 0)::numeric(15,2)::text` : sql`NULL`} AS total
      FROM invoices n
      WHERE ${where}`.execute(db),
  ]);
  const summary = counted.rows[0]!;
  return { rows, count: summary.count, total: summary.total };
}

// ---- References ----------------------------------------------------------------------------

export interface InvoiceableItem {
  id: number;
  kind: 'PRODUCT' | 'FEEDSTOCK';
  code: string;
  name: string;
  active: boolean;
  ncm: string | null;
  cest: string | null;
  taxOrigin: string;
  barcode: string | null;
  salePrice: string | null;
  unitCode: string;
  unitDecimals: number;
}

export async function findInvoiceableItems(
  db: DbOrTrx,
  ids: number[],
): Promise<Map<number, InvoiceableItem>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<InvoiceableItem>`
    SELECT i.id, i.kind, i.code, i.name, i.active, i.ncm, i.cest, i.tax_origin, i.barcode,
      i.sale_price, u.code AS unit_code, u.decimals AS unit_decimals
    FROM items i JOIN units_of_measurement u ON u.id = i.unit_id
    WHERE i.id = ANY(${[...new Set(ids)]}::integer[])`.execute(db);
  return new Map(rows.map((row) => [row.id, row]));
}

export type FiscalOperationRow = Selectable<Database['fiscalOperations']>;

/** Natures of operation by id (an invoice's and its lines'). */
export async function findFiscalOperations(
  db: DbOrTrx,
  ids: readonly number[],
): Promise<Map<number, FiscalOperationRow>> {
  const rows = await db
    .selectFrom('fiscalOperations')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

export interface RecipientRow {
  name: string;
  personType: 'F' | 'J';
  document: string;
  stateRegistration: string | null;
  email: string | null;
  phone: string | null;
  address: AddressJson;
  active: boolean;
}

/** The invoice's recipient: the client or the supplier it names. */
export function findRecipient(
  db: DbOrTrx,
  recipient: { clientId: number | null; supplierId: number | null },
): Promise<RecipientRow | undefined> {
  const columns = [
    'name',
    'personType',
    'document',
    'stateRegistration',
    'email',
    'phone',
    'address',
    'active',
  ] as const;
  if (recipient.clientId !== null) {
    return db
      .selectFrom('clients')
      .select(columns)
      .where('id', '=', recipient.clientId)
      .executeTakeFirst();
  }
  return db
    .selectFrom('suppliers')
    .select(columns)
    .where('id', '=', recipient.supplierId ?? 0)
    .executeTakeFirst();
}

/** The municipality names of these IBGE codes (the NF-e writes xMun beside cMun). */
export async function municipalityNames(
  db: DbOrTrx,
  codes: string[],
): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .selectFrom('municipalities')
    .select(['code', 'name'])
    .where('code', 'in', codes)
    .execute();
  return new Map(rows.map((row) => [row.code, row.name]));
}

// ---- Writes --------------------------------------------------------------------------------

/**
 * The invoice's stored row, locked for the rest of the transaction; its sefazStatus as the
 * screens read it (a lost SENDING is PENDING), its stored one as `storedSefazStatus`.
 */
export async function lockInvoice(trx: Trx, id: number) {
  const row = await trx
    .selectFrom('invoices as n')
    .selectAll()
    .select(sql<SefazStatus>`${effectiveSefazStatus}`.as('effectiveSefazStatus'))
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return undefined;
  const { effectiveSefazStatus: shown, ...stored } = row;
  return { ...stored, sefazStatus: shown, storedSefazStatus: stored.sefazStatus };
}

export type LockedInvoice = NonNullable<Awaited<ReturnType<typeof lockInvoice>>>;

/** A line as it is written (its taxes as JSON text for the jsonb column). */
export type InvoiceLineValues = Omit<
  Insertable<Database['invoiceItems']>,
  'invoiceId' | 'position'
>;

/** A new invoice's row (a DRAFT) and its lines in their order; answers its id. */
export async function insertInvoice(
  trx: Trx,
  values: Insertable<Database['invoices']>,
  lines: readonly InvoiceLineValues[],
): Promise<number> {
  const { id } = await trx
    .insertInto('invoices')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  if (lines.length) {
    await trx
      .insertInto('invoiceItems')
      .values(lines.map((line, index) => ({ ...line, invoiceId: id, position: index + 1 })))
      .execute();
  }
  return id;
}

/** The signed XML of an issued invoice and its protNFe, with what its DANFE marks need. */
export function findInvoiceXml(db: DbOrTrx, id: number) {
  return db
    .selectFrom('invoices')
    .select(['xml', 'accessKey', 'status', 'sefazStatus', 'protocolXml'])
    .where('id', '=', id)
    .executeTakeFirst();
}

// ---- SEFAZ ---------------------------------------------------------------------------------

export type InvoiceEventValues = Omit<Insertable<Database['invoiceSefazEvents']>, 'id' | 'at'>;

/** The exchanges of one transmission or query, in the order they happened. */
export async function insertSefazEvents(trx: Trx, events: readonly InvoiceEventValues[]) {
  if (events.length === 0) return;
  await trx
    .insertInto('invoiceSefazEvents')
    .values([...events])
    .execute();
}

/** The invoice's last exchange of a kind (its code and pt-BR message), if any. */
export async function lastSefazEvent(
  db: DbOrTrx,
  invoiceId: number,
  kind: Database['invoiceSefazEvents']['kind'],
): Promise<{ statusCode: string | null; message: string } | undefined> {
  return db
    .selectFrom('invoiceSefazEvents')
    .select(['statusCode', 'message'])
    .where('invoiceId', '=', invoiceId)
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** One exchange of the invoice with both XMLs gzipped, if it is the invoice's. */
export async function findSefazEvent(db: DbOrTrx, invoiceId: number, eventId: number) {
  return db
    .selectFrom('invoiceSefazEvents')
    .select(['id', 'kind', 'sequence', 'statusCode', 'requestGz', 'responseGz'])
    .where('invoiceId', '=', invoiceId)
    .where('id', '=', eventId)
    .executeTakeFirst();
}

/** The invoice's exchanges with SEFAZ, oldest first, with who caused each. */
export async function findSefazEvents(db: DbOrTrx, invoiceId: number) {
  const { rows } = await sql<{
    id: number;
    kind: Database['invoiceSefazEvents']['kind'];
    service: string;
    sequence: number | null;
    statusCode: string | null;
    message: string;
    protocol: string | null;
    at: Date;
    userName: string | null;
    requestGz: Buffer;
    responseGz: Buffer | null;
  }>`
    SELECT e.id, e.kind, e.service, e.sequence, e.status_code, e.message, e.protocol, e.at,
      u.name AS user_name, e.request_gz, e.response_gz
    FROM invoice_sefaz_events e LEFT JOIN users u ON u.id = e.user_id
    WHERE e.invoice_id = ${invoiceId}
    ORDER BY e.id`.execute(db);
  return rows;
}

/**
 * The last nSeqEvento of the invoice's events of a type that SEFAZ registered (`registered`
 * codes) or may have registered (no answer came): the next one must go past it. 0 when none.
 */
export async function lastEventSequence(
  db: DbOrTrx,
  invoiceId: number,
  kind: Database['invoiceSefazEvents']['kind'],
  registered: readonly string[],
): Promise<number> {
  const { rows } = await sql<{ last: number | null }>`
    SELECT max(sequence) AS last FROM invoice_sefaz_events
     WHERE invoice_id = ${invoiceId} AND kind = ${kind}
       AND (status_code IS NULL OR status_code IN (${sql.join(registered)}))`.execute(db);
  return rows[0]?.last ?? 0;
}

/** Whether the invoice has posted stock or bills already (an invoice issued before issue 20). */
export async function hasPosted(db: DbOrTrx, invoiceId: number): Promise<boolean> {
  const { rows } = await sql<{ posted: boolean }>`
    SELECT EXISTS (SELECT 1 FROM stock_movements
        WHERE origin_type = 'INVOICE' AND origin_id = ${invoiceId})
      OR EXISTS (SELECT 1 FROM bills WHERE origin_type = 'INVOICE' AND origin_id = ${invoiceId})
      AS posted`.execute(db);
  return rows[0]!.posted;
}

export interface ArchiveRow {
  accessKey: string;
  number: number;
  series: number;
  issueDate: string;
  status: 'ISSUED' | 'CANCELLED';
  recipientName: string;
  recipientDocument: string;
  total: string;
  xml: string;
}

/**
 * The next `limit` invoices issued in the period (cancelled ones too) after `after` in (series,
 * number) order: the archive reads them page by page, never the whole period at once.
 */
export async function archiveRowsAfter(
  db: DbOrTrx,
  period: { from: string; to: string },
  after: { series: number; number: number } | null,
  limit: number,
): Promise<ArchiveRow[]> {
  const { rows } = await sql<ArchiveRow>`
    SELECT n.access_key, n.number, n.series, n.issue_date, n.status,
      coalesce(c.name, s.name) AS recipient_name,
      coalesce(c.document, s.document) AS recipient_document, n.total, n.xml
    FROM invoices n
    LEFT JOIN clients c ON c.id = n.client_id
    LEFT JOIN suppliers s ON s.id = n.supplier_id
    WHERE n.status IN ('ISSUED', 'CANCELLED')
      AND n.issue_date BETWEEN ${period.from}::date AND ${period.to}::date
      ${after ? sql`AND (n.series, n.number) > (${after.series}, ${after.number})` : sql``}
    ORDER BY n.series, n.number
    LIMIT ${limit}`.execute(db);
  return rows;
}

/**
 * How many invoices sent in contingency (tpEmis 6 or 7, the key's 35th character) still await
 * SEFAZ's answer (SENDING or PENDING): their authoriser is the SVC, which only "Consultar" settles.
 */
export async function countAwaitingInContingency(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('invoices')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('sefazStatus', 'in', ['SENDING', 'PENDING'])
    .where(sql<string>`substr(access_key, 35, 1)`, 'in', ['6', '7'])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
